import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { authSession } from '../test-support/auth-fixtures';
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
});
