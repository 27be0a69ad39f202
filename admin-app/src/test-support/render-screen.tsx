import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authAtom, initialAuthState, type AppUser } from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderWithProviders, type RenderWithProvidersOptions } from '@portal/shared-ui/test-utils';
import { admin } from './fixtures';

export type RenderScreenOptions = Pick<RenderWithProvidersOptions, 'language'> & {
  /** The signed-in user (default: the admin fixture). */
  user?: AppUser;
  /** The URL the screen opens at, and the route pattern it is mounted under. */
  path?: string;
  route?: string;
};

/**
 * Renders a screen the way the shell mounts it: a signed-in session in jotai, a fresh QueryClient
 * (no retries, so an error shows at once), a router and the UI providers. Same shape as
 * teacher-app's and student-app's.
 */
export function renderScreen(ui: ReactElement, options: RenderScreenOptions = {}) {
  const { language = 'en', user = admin, path = '/', route } = options;
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, user, initialized: true });
  const queryClient = createQueryClient({ retry: false });
  const rendered = renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          {route ? (
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
    { language },
  );
  return { ...rendered, store, queryClient };
}
