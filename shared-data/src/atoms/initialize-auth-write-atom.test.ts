// @vitest-environment node
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService, twoFactorPendingError } from '../services/auth';
import { twoFactorService } from '../services/two-factor';
import { appUser, authSession } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { initializeAuthWriteAtom } from './initialize-auth-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('initializeAuthWriteAtom', () => {
  it('loads the stored session, showing loading meanwhile', async () => {
    const getSession = vi.spyOn(authService, 'getSession').mockResolvedValue(ok(authSession()));
    const store = createStore();

    const pending = store.set(initializeAuthWriteAtom);
    expect(store.get(authAtom)).toMatchObject({ isLoading: true, initialized: false });

    expect(await pending).toEqual(ok(authSession()));
    expect(getSession).toHaveBeenCalledOnce();
    expect(store.get(authAtom)).toMatchObject({
      user: { id: 'user-1' },
      token: 'access-1',
      isLoading: false,
      initialized: true,
    });
  });

  it('keeps the stored session when the server cannot be reached, and a retry signs in', async () => {
    const getSession = vi
      .spyOn(authService, 'getSession')
      .mockResolvedValueOnce(fail('GET_SESSION_ERROR', 'Failed to fetch'))
      .mockResolvedValueOnce(ok(authSession()));
    const store = createStore();

    const result = await store.set(initializeAuthWriteAtom);

    expect(result.success).toBe(false);
    expect(store.get(authAtom)).toMatchObject({
      user: null,
      isLoading: false,
      initialized: true,
      sessionCheckFailure: { code: 'GET_SESSION_ERROR', message: 'Failed to fetch' },
    });

    await store.set(initializeAuthWriteAtom);

    expect(getSession).toHaveBeenCalledTimes(2);
    expect(store.get(authAtom)).toMatchObject({
      user: { id: 'user-1' },
      sessionCheckFailure: null,
      initialized: true,
    });
  });

  it("signs out with 'Failed to initialize auth' when the server rejects the session", async () => {
    vi.spyOn(authService, 'getSession').mockResolvedValue(
      fail('GET_SESSION_ERROR', 'Invalid Refresh Token: Refresh Token Not Found', {
        status: 400,
        code: 'refresh_token_not_found',
      }),
    );
    const store = createStore();

    const result = await store.set(initializeAuthWriteAtom);

    expect(result.success).toBe(false);
    expect(store.get(authAtom)).toMatchObject({
      user: null,
      isLoading: false,
      error: 'Failed to initialize auth',
      sessionCheckFailure: null,
      initialized: true,
    });
  });

  it('does not sign in a stored aal1 session of an account with an authenticator app: the code step is due', async () => {
    vi.spyOn(authService, 'getSession').mockResolvedValue(twoFactorPendingError({ kind: 'verify', factorId: 'f-1' }));
    const store = createStore();

    await store.set(initializeAuthWriteAtom);

    expect(store.get(authAtom)).toMatchObject({
      user: null,
      token: null,
      error: null,
      sessionCheckFailure: null,
      initialized: true,
      twoFactorPending: { kind: 'verify', factorId: 'f-1' },
    });
  });

  it('does not sign in staff who must set two-factor up first (school requires it)', async () => {
    vi.spyOn(authService, 'getSession').mockResolvedValue(ok(authSession({ user: appUser({ role: 'teacher' }) })));
    const nextStep = vi.spyOn(twoFactorService, 'nextStep').mockResolvedValue(ok({ kind: 'enroll' }));
    const store = createStore();

    await store.set(initializeAuthWriteAtom);

    expect(nextStep).toHaveBeenCalledWith('teacher');
    expect(store.get(authAtom)).toMatchObject({ user: null, initialized: true, twoFactorPending: { kind: 'enroll' } });
  });

  it('signs staff in when no second step is due, and never asks for students', async () => {
    const nextStep = vi.spyOn(twoFactorService, 'nextStep').mockResolvedValue(ok({ kind: 'none' }));
    vi.spyOn(authService, 'getSession').mockResolvedValueOnce(ok(authSession({ user: appUser({ role: 'admin' }) })));
    const store = createStore();
    await store.set(initializeAuthWriteAtom);
    expect(store.get(authAtom)).toMatchObject({ user: { role: 'admin' }, twoFactorPending: null });

    vi.spyOn(authService, 'getSession').mockResolvedValueOnce(ok(authSession({ user: appUser({ role: 'student' }) })));
    nextStep.mockClear();
    await store.set(initializeAuthWriteAtom);
    expect(nextStep).not.toHaveBeenCalled();
  });
});
