import { act, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { authAtom, initialAuthState, type AppUser } from '@portal/shared-data';
import { renderWithProviders } from '../test-utils';
import { StandaloneApp } from './start-standalone';

const ana: AppUser = {
  id: 'user-1',
  email: 'ana@school.test',
  firstName: 'Ana',
  lastName: 'García',
  role: 'student',
  avatar: null,
  createdAt: '2025-01-01T00:00:00Z',
  lastLogin: null,
  previousLogin: null,
  phone: null,
  location: null,
  bio: null,
  isActive: true,
};

let reads = 0;

/** A page that reads through the harness's QueryClient. */
function Dashboard() {
  const greeting = useQuery({ queryKey: ['greeting'], queryFn: async () => `read ${++reads}` });
  return <p>{greeting.data ?? 'loading'}</p>;
}

describe('StandaloneApp', () => {
  it("runs a remote's pages signed in, with a QueryClient that forgets the last user's reads", async () => {
    const store = createStore();
    store.set(authAtom, { ...initialAuthState, user: ana, initialized: true });
    renderWithProviders(
      <Provider store={store}>
        <StandaloneApp
          appName="Student app"
          pages={[{ path: '/', label: 'Dashboard', load: async () => ({ default: Dashboard }) }]}
        />
      </Provider>,
    );

    expect(await screen.findByText('read 1')).toBeInTheDocument();
    expect(screen.getByText('Signed in as Ana García')).toBeInTheDocument();

    act(() => store.set(authAtom, { ...initialAuthState, initialized: true }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    act(() =>
      store.set(authAtom, {
        ...initialAuthState,
        user: { ...ana, id: 'user-2', firstName: 'Luis' },
        initialized: true,
      }),
    );
    // The next user's page reads again: nothing of Ana's cache is left.
    expect(await screen.findByText('read 2')).toBeInTheDocument();
  });
});
