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

  it("reports 'Failed to initialize auth' and still finishes", async () => {
    vi.spyOn(authService, 'getSession').mockResolvedValue(
      fail('GET_SESSION_ERROR', 'Failed to fetch'),
    );
    const store = createStore();

    const result = await store.set(initializeAuthWriteAtom);

    expect(result.success).toBe(false);
    expect(store.get(authAtom)).toMatchObject({
      user: null,
      isLoading: false,
      error: 'Failed to initialize auth',
      initialized: true,
    });
  });
});
