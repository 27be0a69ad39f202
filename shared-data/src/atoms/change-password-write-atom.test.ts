// @vitest-environment node
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { appUser } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { changePasswordWriteAtom } from './change-password-write-atom';

afterEach(() => vi.restoreAllMocks());

const signedIn = { ...initialAuthState, user: appUser(), token: 'a1', refreshToken: 'r1' };
const input = {
  email: 'ana@school.test',
  currentPassword: 'old-secret',
  newPassword: 'new-secret',
};

describe('changePasswordWriteAtom', () => {
  it('shows progress, then keeps the tokens of the re-authenticated session', async () => {
    const change = vi
      .spyOn(authService, 'changePassword')
      .mockResolvedValue(ok({ token: 'a2', refreshToken: 'r2' }));
    const store = createStore();
    store.set(authAtom, { ...signedIn, error: 'old failure' });

    const pending = store.set(changePasswordWriteAtom, input);
    expect(store.get(authAtom)).toMatchObject({ isLoading: true, error: null });

    expect(await pending).toEqual(ok({ token: 'a2', refreshToken: 'r2' }));
    expect(change).toHaveBeenCalledWith(input);
    expect(store.get(authAtom)).toEqual({ ...signedIn, token: 'a2', refreshToken: 'r2' });
  });

  it('a refusal keeps the user and tokens and hands the failure to the form', async () => {
    const failure = fail('UPDATE_PASSWORD_ERROR', 'Invalid login credentials', {
      status: 400,
      code: 'invalid_credentials',
    });
    vi.spyOn(authService, 'changePassword').mockResolvedValue(failure);
    const store = createStore();
    store.set(authAtom, signedIn);

    expect(await store.set(changePasswordWriteAtom, input)).toEqual(failure);
    expect(store.get(authAtom)).toEqual({ ...signedIn, error: 'Invalid login credentials' });
  });
});
