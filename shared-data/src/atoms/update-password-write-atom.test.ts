// @vitest-environment node
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { appUser } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { updatePasswordWriteAtom } from './update-password-write-atom';

afterEach(() => vi.restoreAllMocks());

const recovering = { ...initialAuthState, user: appUser(), token: 'recovery', refreshToken: 'r' };

describe('updatePasswordWriteAtom', () => {
  it('sets the new password and leaves the session as it is', async () => {
    const update = vi.spyOn(authService, 'updatePassword').mockResolvedValue(ok(null));
    const store = createStore();
    store.set(authAtom, recovering);

    expect(await store.set(updatePasswordWriteAtom, 'brand-new')).toEqual(ok(null));
    expect(update).toHaveBeenCalledWith('brand-new');
    expect(store.get(authAtom)).toEqual(recovering);
  });

  it('stores the failure message only', async () => {
    vi.spyOn(authService, 'updatePassword').mockResolvedValue(
      fail('UPDATE_PASSWORD_ERROR', 'Password update failed'),
    );
    const store = createStore();
    store.set(authAtom, recovering);

    await store.set(updatePasswordWriteAtom, 'brand-new');

    expect(store.get(authAtom)).toEqual({ ...recovering, error: 'Password update failed' });
  });
});
