import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authAtom, authService, fail, initialAuthState, ok } from '@portal/shared-data';
import { student } from '../test-support/render-shell';
import { checkSession, forgetQueryCachesWhenSignedOut, signedInUser } from './session';
import { queryCacheKey } from './stored-query-caches';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the start-up session check', () => {
  it('runs once for the route loaders and the session gate alike, and names the user', async () => {
    const getSession = vi
      .spyOn(authService, 'getSession')
      .mockResolvedValue(ok({ user: student(), token: 't', refreshToken: 'r' }));
    const store = createStore();
    const [user] = await Promise.all([
      signedInUser(store),
      checkSession(store),
      signedInUser(store),
    ]);
    expect(user?.id).toBe('student-1');
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('gives no user for a visitor', async () => {
    vi.spyOn(authService, 'getSession').mockResolvedValue(ok(null));
    expect(await signedInUser(createStore())).toBeNull();
  });
});

describe('kept query caches after the session', () => {
  function keepCaches() {
    localStorage.setItem(queryCacheKey('student-1'), '{}');
    sessionStorage.setItem(queryCacheKey('teacher-1'), '{}');
  }
  const kept = () =>
    [
      localStorage.getItem(queryCacheKey('student-1')),
      sessionStorage.getItem(queryCacheKey('teacher-1')),
    ].filter((value) => value !== null).length;

  it('are forgotten when the stored session turns out to be gone', async () => {
    keepCaches();
    vi.spyOn(authService, 'getSession').mockResolvedValue(
      fail('GET_SESSION_ERROR', 'Invalid Refresh Token', {
        status: 400,
        code: 'refresh_token_not_found',
      }),
    );
    const store = createStore();
    forgetQueryCachesWhenSignedOut(store);
    expect(kept()).toBe(2); // Not before the check has answered.
    await checkSession(store);
    expect(kept()).toBe(0);
  });

  it('are forgotten at sign-out', () => {
    keepCaches();
    const store = createStore();
    store.set(authAtom, { ...initialAuthState, initialized: true, user: student() });
    forgetQueryCachesWhenSignedOut(store);
    expect(kept()).toBe(2);
    store.set(authAtom, { ...initialAuthState, initialized: true, user: null });
    expect(kept()).toBe(0);
  });

  it('stay when the server could not check the session (the user is still signed in)', async () => {
    keepCaches();
    vi.spyOn(authService, 'getSession').mockResolvedValue(
      fail('GET_SESSION_ERROR', 'Failed to fetch'),
    );
    const store = createStore();
    forgetQueryCachesWhenSignedOut(store);
    await checkSession(store);
    expect(store.get(authAtom).sessionCheckFailure).not.toBeNull();
    expect(kept()).toBe(2);
  });
});
