// @vitest-environment node
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { appUser } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { refreshWriteAtom } from './refresh-write-atom';

afterEach(() => vi.restoreAllMocks());

const signedIn = {
  ...initialAuthState,
  user: appUser(),
  token: 'access-1',
  refreshToken: 'refresh-1',
  initialized: true,
};

describe('refreshWriteAtom', () => {
  it('replaces the tokens', async () => {
    const tokens = { token: 'access-2', refreshToken: 'refresh-2' };
    vi.spyOn(authService, 'refreshSession').mockResolvedValue(ok(tokens));
    const store = createStore();
    store.set(authAtom, signedIn);

    expect(await store.set(refreshWriteAtom)).toEqual(ok(tokens));
    expect(store.get(authAtom)).toEqual({ ...signedIn, ...tokens });
  });

  it('signs the page out when the refresh fails', async () => {
    vi.spyOn(authService, 'refreshSession').mockResolvedValue(
      fail('REFRESH_ERROR', 'Token refresh failed'),
    );
    const store = createStore();
    store.set(authAtom, signedIn);

    await store.set(refreshWriteAtom);

    expect(store.get(authAtom)).toEqual({
      ...initialAuthState,
      initialized: true,
      error: 'Token refresh failed',
    });
  });
});
