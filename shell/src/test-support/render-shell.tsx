import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { authAtom, initialAuthState, type AppUser } from '@portal/shared-data';
import { renderWithProviders, type RenderWithProvidersOptions } from '@portal/shared-ui/test-utils';

export type RenderShellOptions = Pick<RenderWithProvidersOptions, 'language'> & {
  /** The signed-in user; null (the default) renders signed out. */
  user?: AppUser | null;
  /** Whether the start-up session check has finished. */
  initialized?: boolean;
  path?: string;
};

/** Renders shell UI with a jotai session, a router at `path` and the UI providers. */
export function renderShell(ui: ReactElement, options: RenderShellOptions = {}) {
  const { language = 'en', user = null, initialized = true, path = '/' } = options;
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, user, initialized });
  const rendered = renderWithProviders(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
    { language },
  );
  return { ...rendered, store };
}

export function student(overrides: Partial<AppUser> = {}): AppUser {
  return {
    id: 'student-1',
    email: 'ana@school.test',
    firstName: 'Ana',
    lastName: 'García',
    role: 'student',
    avatar: null,
    createdAt: '2025-01-01T00:00:00Z',
    lastLogin: null,
    previousLogin: '2026-02-27T09:00:00Z',
    phone: null,
    location: null,
    bio: null,
    isActive: true,
    ...overrides,
  };
}
