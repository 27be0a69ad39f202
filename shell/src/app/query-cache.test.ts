import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberMeStorage as storage } from '@portal/shared-data';
import { settingsKeys } from '@portal/shared-data/queries';
import { QUERY_CACHE_MAX_AGE_MS, createQueryCache, queryCacheKey } from './query-cache';

// The persisted TanStack Query cache: one per user, in the session's storage, busted by the build,
// forgotten at sign-out and when someone else signs in; failed reads and signed links never kept.

function cache(buster = 'build-1') {
  return createQueryCache({ storage, buster, throttleTime: 0 });
}

const dashboard = ['dashboard', 'student'] as const;

/** The reads the user's stored cache holds, once it holds some. */
async function storedKeys(userId: string, where: Storage = localStorage) {
  let keys: string[] = [];
  await vi.waitFor(() => {
    const text = where.getItem(queryCacheKey(userId));
    expect(text).not.toBeNull();
    const stored = JSON.parse(text!) as { clientState: { queries: { queryHash: string }[] } };
    keys = stored.clientState.queries.map((query) => query.queryHash);
    expect(keys).not.toEqual([]);
  });
  return keys;
}

/** Every stored query cache, in both storages. */
function storedCaches(): string[] {
  const found: string[] = [];
  for (const where of [localStorage, sessionStorage]) {
    for (let index = 0; index < where.length; index += 1) {
      const key = where.key(index);
      if (key?.startsWith('portal.query-cache')) found.push(key);
    }
  }
  return found;
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the persisted query cache', () => {
  it("keeps a user's successful read under a key naming the user, and a new page load restores it", async () => {
    const first = cache();
    const client = await first.clientFor('ana');
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => ({ courses: ['Spanish A1'] }) });
    expect(await storedKeys('ana')).toEqual([JSON.stringify(dashboard)]);

    // The next page load: a new cache over the same storage.
    const restored = await cache().clientFor('ana');
    expect(restored.getQueryData(dashboard)).toEqual({ courses: ['Spanish A1'] });
  });

  it('marks restored reads stale, however recent: a page that shows one refetches it', async () => {
    const client = await cache().clientFor('ana');
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => 'kept a second ago' });
    await storedKeys('ana');

    const restored = await cache().clientFor('ana');
    expect(restored.getQueryData(dashboard)).toBe('kept a second ago');
    expect(restored.getQueryState(dashboard)?.isInvalidated).toBe(true);
    // The route loader's ensureQueryData still takes it from the cache (the page paints at once).
    let fetched = 0;
    await restored.ensureQueryData({ queryKey: dashboard, queryFn: () => `fetched ${++fetched}` });
    expect(fetched).toBe(0);
  });

  it('never keeps a failed read', async () => {
    const client = await cache().clientFor('ana');
    await client.fetchQuery({ queryKey: ['courses', 'mine', {}], queryFn: () => 'ok' });
    await expect(
      client.fetchQuery({
        queryKey: dashboard,
        queryFn: () => Promise.reject(new Error('offline')),
        retry: false,
      }),
    ).rejects.toThrow('offline');
    // The write that follows the failure is in too (it is the last one).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await storedKeys('ana')).toEqual([JSON.stringify(['courses', 'mine', {}])]);
    expect((await cache().clientFor('ana')).getQueryState(dashboard)).toBeUndefined();
  });

  it('never keeps a signed link to a file (it expires)', async () => {
    const client = await cache().clientFor('ana');
    await client.fetchQuery({
      queryKey: ['materials', 'signed-url', 'm1'],
      queryFn: () => 'https://files/m1?token=1',
    });
    await client.fetchQuery({
      queryKey: ['submissions', 'file-url', 'a/b.pdf'],
      queryFn: () => 'https://files/b?token=1',
    });
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => 'dashboard' });
    expect(await storedKeys('ana')).toEqual([JSON.stringify(dashboard)]);
  });

  it("never keeps the school's public settings (the page's, with a browser copy of their own)", async () => {
    const client = await cache().clientFor('ana');
    await client.fetchQuery({
      queryKey: settingsKeys.public(),
      queryFn: () => ({ siteName: 'Sol' }),
    });
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => 'dashboard' });
    expect(await storedKeys('ana')).toEqual([JSON.stringify(dashboard)]);
  });

  it('marks only the restored reads stale, not the settings the new session has just read', async () => {
    const client = await cache().clientFor('ana');
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => 'kept' });
    await storedKeys('ana');

    // The next page load: the settings were read (with the session) before the kept cache is in.
    const next = cache();
    next.client.setQueryData(settingsKeys.public(), { siteName: 'Sol', sessionTimeout: 30 });
    next.sessionFor('ana');
    // The start re-reads what a visitor read (under way here: not asked twice) …
    next.client.setQueryData(settingsKeys.public(), { siteName: 'Sol', sessionTimeout: 30 });
    const restored = await next.clientFor('ana');
    expect(restored.getQueryState(dashboard)?.isInvalidated).toBe(true);
    // … and the restore does not mark that fresh answer stale again.
    expect(restored.getQueryState(settingsKeys.public())?.isInvalidated).toBe(false);
  });

  it("shows the next user nothing of the last one's, and forgets the last one's stored cache", async () => {
    const page = cache();
    const ana = await page.clientFor('ana');
    await ana.fetchQuery({ queryKey: dashboard, queryFn: () => "Ana's courses" });
    await storedKeys('ana');

    const ben = await page.clientFor('ben');
    // The page's one client, emptied of Ana's reads.
    expect(ben).toBe(ana);
    expect(ben.getQueryData(dashboard)).toBeUndefined();
    expect(ana.getQueryData(dashboard)).toBeUndefined();
    expect(localStorage.getItem(queryCacheKey('ana'))).toBeNull();
    // On the next page load too.
    expect((await cache().clientFor('ben')).getQueryData(dashboard)).toBeUndefined();
  });

  it("forgets another user's stored cache found at start (a session that ended while the page was closed)", async () => {
    localStorage.setItem(queryCacheKey('ana'), '{"stale":true}');
    sessionStorage.setItem(queryCacheKey('carl'), '{"stale":true}');
    await cache().clientFor('ben');
    expect(storedCaches()).toEqual([]);
  });

  it('clears the cache and its stored copy at sign-out, including a write still on its way', async () => {
    const page = createQueryCache({ storage, buster: 'build-1', throttleTime: 50 });
    const client = await page.clientFor('ana');
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => 'first' });
    await storedKeys('ana');
    // A change whose write is held by the throttle, then sign-out before it lands.
    client.setQueryData(dashboard, 'second');
    page.end();
    expect(client.getQueryData(dashboard)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(storedCaches()).toEqual([]);
  });

  it('restores nothing from another build of the shell, and drops it', async () => {
    const client = await cache('build-1').clientFor('ana');
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => 'old shape' });
    await storedKeys('ana');

    const next = await cache('build-2').clientFor('ana');
    expect(next.getQueryData(dashboard)).toBeUndefined();
    expect(localStorage.getItem(queryCacheKey('ana'))).toBeNull();
  });

  it('restores nothing older than a day', async () => {
    const client = await cache().clientFor('ana');
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => 'yesterday' });
    await storedKeys('ana');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + QUERY_CACHE_MAX_AGE_MS + 60_000);
    const next = await cache().clientFor('ana');
    expect(next.getQueryData(dashboard)).toBeUndefined();
  });

  it('keeps the cache where the session is: sessionStorage without "Remember me"', async () => {
    storage.setRememberMe(false);
    const client = await cache().clientFor('ana');
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => 'this tab only' });
    expect(await storedKeys('ana', sessionStorage)).toEqual([JSON.stringify(dashboard)]);
    expect(localStorage.getItem(queryCacheKey('ana'))).toBeNull();
  });

  it('keeps reads for as long as they may be restored (not the default five minutes)', async () => {
    const client = await cache().clientFor('ana');
    expect(client.getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(
      QUERY_CACHE_MAX_AGE_MS,
    );
  });

  it("hands out the page's one client; a session that ends takes its reads along", async () => {
    const page = cache();
    const first = await page.clientFor('ana');
    expect(first).toBe(page.client);
    await first.fetchQuery({ queryKey: dashboard, queryFn: () => "Ana's courses" });
    page.end();
    expect(await page.clientFor('ana')).toBe(first);
    expect(first.getQueryData(dashboard)).toBeUndefined();
  });

  it("leaves the next user's session alone when the last one's ends after it began (another tab)", async () => {
    const page = cache();
    await page.clientFor('ana');
    const client = await page.clientFor('luis');
    await client.fetchQuery({ queryKey: dashboard, queryFn: async () => 'Luis dashboard' });
    expect(await storedKeys('luis')).toEqual([JSON.stringify(dashboard)]);

    // Ana's signed-in layout leaves only now.
    page.end('ana');

    expect(client.getQueryData(dashboard)).toBe('Luis dashboard');
    client.setQueryData(dashboard, 'Luis, later');
    expect(await storedKeys('luis')).toEqual([JSON.stringify(dashboard)]);
    await vi.waitFor(() =>
      expect(localStorage.getItem(queryCacheKey('luis'))).toContain('Luis, later'),
    );
    expect(storedCaches()).toEqual([queryCacheKey('luis')]);
  });

  it("keeps the school's public settings across sessions, and reads them again with each", async () => {
    const page = cache();
    const settings = settingsKeys.public();
    // A visitor's page has read them (no session timeout in that answer).
    page.client.setQueryData(settings, { siteName: 'Escuela Sol', sessionTimeout: null });

    page.sessionFor('ana');
    expect(page.client.getQueryData(settings)).toMatchObject({ siteName: 'Escuela Sol' });
    expect(page.client.getQueryState(settings)?.isInvalidated).toBe(true);
    const client = await page.clientFor('ana');
    client.setQueryData(settings, { siteName: 'Escuela Sol', sessionTimeout: 30 });
    await client.fetchQuery({ queryKey: dashboard, queryFn: () => "Ana's courses" });

    page.end();
    expect(client.getQueryData(dashboard)).toBeUndefined();
    expect(client.getQueryData(settings)).toMatchObject({ siteName: 'Escuela Sol' });
    expect(client.getQueryState(settings)?.isInvalidated).toBe(true);
    expect(storedCaches()).toEqual([]);
  });
});
