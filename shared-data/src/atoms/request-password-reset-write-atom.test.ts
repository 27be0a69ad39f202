// @vitest-environment node
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { requestPasswordResetWriteAtom } from './request-password-reset-write-atom';

afterEach(() => vi.restoreAllMocks());

const request = { email: 'ana@school.test', redirectTo: 'http://localhost:3000/reset-password' };

describe('requestPasswordResetWriteAtom', () => {
  it('sends the email with the redirect and only toggles loading', async () => {
    const send = vi.spyOn(authService, 'requestPasswordReset').mockResolvedValue(ok(null));
    const store = createStore();

    const pending = store.set(requestPasswordResetWriteAtom, request);
    expect(store.get(authAtom).isLoading).toBe(true);

    expect(await pending).toEqual(ok(null));
    expect(send).toHaveBeenCalledWith(request.email, request.redirectTo);
    expect(store.get(authAtom)).toEqual(initialAuthState);
  });

  it('stores the failure message', async () => {
    vi.spyOn(authService, 'requestPasswordReset').mockResolvedValue(
      fail('RESET_PASSWORD_ERROR', 'Password reset failed'),
    );
    const store = createStore();

    await store.set(requestPasswordResetWriteAtom, request);

    expect(store.get(authAtom)).toEqual({ ...initialAuthState, error: 'Password reset failed' });
  });
});
