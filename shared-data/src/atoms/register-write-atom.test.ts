// @vitest-environment node
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { authSession } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { registerWriteAtom } from './register-write-atom';

afterEach(() => vi.restoreAllMocks());

const input = {
  email: 'ana@school.test',
  password: 'secret1',
  firstName: 'Ana',
  lastName: 'García',
};

describe('registerWriteAtom', () => {
  it('stores the new session', async () => {
    const signUp = vi.spyOn(authService, 'signUp').mockResolvedValue(ok(authSession()));
    const store = createStore();

    expect(await store.set(registerWriteAtom, input)).toEqual(ok(authSession()));
    expect(signUp).toHaveBeenCalledWith(input);
    expect(store.get(authAtom)).toMatchObject({ user: { id: 'user-1' }, isLoading: false });
  });

  it('stays signed out while the email awaits confirmation', async () => {
    vi.spyOn(authService, 'signUp').mockResolvedValue(ok(null));
    const store = createStore();

    expect(await store.set(registerWriteAtom, input)).toEqual(ok(null));
    expect(store.get(authAtom)).toMatchObject({ user: null, isLoading: false, error: null });
  });

  it('stores the failure message', async () => {
    vi.spyOn(authService, 'signUp').mockResolvedValue(
      fail('REGISTER_ERROR', 'Registration failed'),
    );
    const store = createStore();

    await store.set(registerWriteAtom, input);

    expect(store.get(authAtom)).toMatchObject({ isLoading: false, error: 'Registration failed' });
  });
});
