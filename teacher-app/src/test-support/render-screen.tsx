import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { authAtom, initialAuthState, type AppUser } from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderWithProviders, type RenderWithProvidersOptions } from '@portal/shared-ui/test-utils';
import { teacher } from './fixtures';

export type RenderScreenOptions = Pick<RenderWithProvidersOptions, 'language'> & {
  /** The signed-in user (default: the teacher fixture). */
  user?: AppUser;
};

/**
 * Renders a screen the way the shell mounts it: a signed-in session in jotai, a fresh QueryClient
 * (no retries, so an error shows at once) and the UI providers. Same shape as student-app's.
 */
export function renderScreen(ui: ReactElement, options: RenderScreenOptions = {}) {
  const { language = 'en', user = teacher } = options;
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, user, initialized: true });
  const queryClient = createQueryClient({ retry: false });
  const rendered = renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>{ui}</Provider>
    </QueryClientProvider>,
    { language },
  );
  return { ...rendered, store, queryClient };
}
