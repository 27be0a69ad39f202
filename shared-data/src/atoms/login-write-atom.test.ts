// @vitest-environment node
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { authSession } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { loginWriteAtom } from './login-write-atom';

afterEach(() => vi.restoreAllMocks());

const input = { email: 'ana@school.test', password: 'secret1', remember: false };

describe('loginWriteAtom', () => {
  it('signs in with the form values and stores the session', async () => {
    const signIn = vi.spyOn(authService, 'signIn').mockResolvedValue(ok(authSession()));
    const store = createStore();
    store.set(authAtom, { ...initialAuthState, error: 'Login failed' });

    const pending = store.set(loginWriteAtom, input);
    expect(store.get(authAtom)).toMatchObject({ isLoading: true, error: null });

    expect(await pending).toEqual(ok(authSession()));
    expect(signIn).toHaveBeenCalledWith(input);
    expect(store.get(authAtom)).toMatchObject({
      user: { email: 'ana@school.test' },
      token: 'access-1',
      refreshToken: 'refresh-1',
      isLoading: false,
    });
  });

  it("stores the server's message and hands the failure back to the form", async () => {
    const failure = fail('LOGIN_ERROR', 'Invalid login credentials');
    vi.spyOn(authService, 'signIn').mockResolvedValue(failure);
    const store = createStore();

    expect(await store.set(loginWriteAtom, input)).toEqual(failure);
    expect(store.get(authAtom)).toMatchObject({
      user: null,
      isLoading: false,
      error: 'Invalid login credentials',
    });
  });
});
