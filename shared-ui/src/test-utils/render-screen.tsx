// `@portal/shared-ui/render-screen`: a remote's screen under what the shell gives it. An entry of its
// own because it needs shared-data (the session atom, the QueryClient's defaults), which the kit and
// its other test utilities never import (docs/shared-packages.md "Code that needs both shared
// packages").
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authAtom, initialAuthState, type AppUser } from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderWithProviders, type RenderWithProvidersOptions } from './render';

export type RenderScreenOptions = Pick<RenderWithProvidersOptions, 'language'> & {
  /** The signed-in user; null renders signed out. */
  user?: AppUser | null;
  /** The URL the screen opens at, and the route pattern it is mounted under. */
  path?: string;
  route?: string;
};

/**
 * Renders a screen the way the shell mounts it: a signed-in session in jotai, a fresh QueryClient
 * (no retries, so an error shows at once), a router and the UI providers.
 */
export function renderScreen(ui: ReactElement, options: RenderScreenOptions = {}) {
  const { language = 'en', user = null, path = '/', route } = options;
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

/** A remote's `renderScreen`: signed in as its own fixture unless a test says otherwise. */
export function screenRenderer(signedIn: AppUser) {
  return (ui: ReactElement, { user = signedIn, ...options }: RenderScreenOptions = {}) =>
    renderScreen(ui, { user, ...options });
}
