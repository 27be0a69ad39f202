// @vitest-environment node
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { appUser } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { logoutWriteAtom } from './logout-write-atom';

afterEach(() => vi.restoreAllMocks());

function signedInStore() {
  const store = createStore();
  store.set(authAtom, {
    ...initialAuthState,
    user: appUser(),
    token: 'access-1',
    refreshToken: 'refresh-1',
    initialized: true,
  });
  return store;
}

describe('logoutWriteAtom', () => {
  it('clears the user and tokens', async () => {
    const signOut = vi.spyOn(authService, 'signOut').mockResolvedValue(ok(null));
    const store = signedInStore();

    expect(await store.set(logoutWriteAtom)).toEqual(ok(null));
    expect(signOut).toHaveBeenCalledOnce();
    expect(store.get(authAtom)).toEqual({ ...initialAuthState, initialized: true });
  });

  it('clears them locally even when the server call fails', async () => {
    const failure = fail('LOGOUT_ERROR', 'Failed to fetch');
    vi.spyOn(authService, 'signOut').mockResolvedValue(failure);
    const store = signedInStore();

    expect(await store.set(logoutWriteAtom)).toEqual(failure);
    expect(store.get(authAtom)).toEqual({ ...initialAuthState, initialized: true });
  });
});
