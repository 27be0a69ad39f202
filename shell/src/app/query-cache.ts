import type { Query, QueryClient } from '@tanstack/react-query';
import { rememberMeStorage, type RememberMeStorage } from '@portal/shared-data';
import { createQueryClient, settingsKeys } from '@portal/shared-data/queries';
import { forgetStoredQueryCaches, queryCacheKey } from './stored-query-caches';

export { queryCacheKey };

// The signed-in session's TanStack Query cache, kept in the browser so that a returning user's page
// paints from what they last read while it refetches (docs/start-up.md). TanStack Query's own
// persistence, with the portal's rules:
// - one cache per user, under a key that names the user; the next user's session forgets the others;
// - in the session's own storage (shared-data's rememberMeStorage: localStorage with "Remember me",
//   sessionStorage without), so it lasts exactly as long as the session can;
// - dropped when the shell's build changes (`buster`) or after a day (`maxAge`);
// - successful reads only: a failed read, a pending one or a mutation is never kept, nor a signed
//   link to a file (it expires);
// - cleared, in memory and in storage, at sign-out.

/** How old a kept cache may be and still paint a page. */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Keys whose second part names a read that must not outlive the page (signed, expiring links). */
const NOT_KEPT = new Set(['signed-url', 'file-url']);

/**
 * The page's reads that belong to no user: the school's public settings, which every page applies
 * (the sign-in page included). They stay across sessions and are read again with the new one.
 */
function isPageWide(query: Query): boolean {
  return query.queryHash === JSON.stringify(settingsKeys.public());
}

/**
 * Which reads are kept: a user's successful ones, except signed links. The school's public settings
 * are the page's, with a browser copy of their own (`readCachedPublicSettings`).
 */
export function isKeptQuery(query: Query): boolean {
  return (
    query.state.status === 'success' &&
    !NOT_KEPT.has(String(query.queryKey[1])) &&
    !isPageWide(query)
  );
}

type Session = {
  userId: string;
  /** Resolves once the kept cache (if any) is in the client. */
  restored: Promise<void>;
  /** Stops persisting; writes still on their way are dropped. */
  stop: () => void;
};

export type QueryCacheOptions = {
  storage?: Pick<RememberMeStorage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The shell's build: a cache kept by another build is not restored. */
  buster: string;
  /** How often changes are written at most (TanStack's default, 1 s). */
  throttleTime?: number;
};

/**
 * TanStack Query's persistence, loaded with the first signed-in session: the sign-in page, whose
 * QueryClient keeps nothing, does not download it.
 */
async function persistence() {
  const [client, storagePersister] = await Promise.all([
    import('@tanstack/react-query-persist-client'),
    import('@tanstack/query-async-storage-persister'),
  ]);
  return {
    persistQueryClientRestore: client.persistQueryClientRestore,
    persistQueryClientSubscribe: client.persistQueryClientSubscribe,
    removeOldestQuery: client.removeOldestQuery,
    createAsyncStoragePersister: storagePersister.createAsyncStoragePersister,
  };
}

export function createQueryCache({
  storage = rememberMeStorage,
  buster,
  throttleTime,
}: QueryCacheOptions) {
  // The page's one client, for a visitor and for each user in turn: a screen's reads stay bound to
  // it whoever signs in or out, and each session starts from nothing of the last one's.
  const client = createQueryClient();
  // A read is restorable for a day: it must not be garbage-collected (and so dropped from the kept
  // cache) after the default five minutes off screen.
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, gcTime: QUERY_CACHE_MAX_AGE_MS },
  });
  let current: Session | null = null;

  function start(userId: string): Session {
    // Someone else's session, in this page or a closed one: nothing of it stays.
    drop();
    forgetStoredQueryCaches(queryCacheKey(userId));
    let active = true;
    let unsubscribe: (() => void) | null = null;
    const restored = persistence()
      .then(async (kit) => {
        const options = {
          queryClient: client,
          persister: kit.createAsyncStoragePersister({
            key: queryCacheKey(userId),
            // A throttled write can still be due after sign-out: once the session ends it goes
            // nowhere.
            storage: {
              getItem: (key) => storage.getItem(key),
              setItem: (key, value) => {
                if (active) storage.setItem(key, value);
              },
              removeItem: (key) => storage.removeItem(key),
            },
            throttleTime,
            // Over the storage's quota: the oldest reads go first.
            retry: kit.removeOldestQuery,
          }),
          buster,
          maxAge: QUERY_CACHE_MAX_AGE_MS,
          dehydrateOptions: {
            shouldDehydrateQuery: isKeptQuery,
            shouldDehydrateMutation: () => false,
          },
        };
        // An unreadable copy is removed by the restore; start empty.
        await kit.persistQueryClientRestore(options).catch(() => undefined);
        // What was kept paints the page, but it is from the last visit: each page that shows a read
        // refetches it (a read kept seconds ago would otherwise count as fresh for 30 s).
        // (The page-wide settings were read again for this session already.)
        await client.invalidateQueries({
          predicate: (query) => !isPageWide(query),
          refetchType: 'none',
        });
        if (active) unsubscribe = kit.persistQueryClientSubscribe(options);
      })
      // Without the persistence code (a failed chunk load) the session still works, unkept.
      .catch(() => undefined);
    return {
      userId,
      restored,
      stop: () => {
        active = false;
        unsubscribe?.();
      },
    };
  }

  /** Starts the user's session unless it is the current one (the signed-in layout, the loaders). */
  function sessionFor(userId: string): Session {
    if (current?.userId !== userId) current = start(userId);
    return current;
  }

  /** The client once the user's kept cache is in it (the route loaders wait for this). */
  async function clientFor(userId: string): Promise<QueryClient> {
    await sessionFor(userId).restored;
    return client;
  }

  /**
   * The session ended (sign-out, a session found gone): forget every read, here and kept. Named,
   * only that user's session ends: one that another user's has replaced already (a sign-in in
   * another tab) was forgotten then, and the new one stays.
   */
  function end(userId?: string): void {
    if (current === null || (userId !== undefined && current.userId !== userId)) return;
    drop();
    forgetStoredQueryCaches(null);
  }

  /**
   * Forgets the reads of the session on show, and reads the page-wide ones again for the next.
   * Called too when the first session starts: the visitor's settings lacked the session timeout.
   */
  function drop(): void {
    current?.stop();
    current = null;
    client.getMutationCache().clear();
    client.removeQueries({ predicate: (query) => !isPageWide(query) });
    // A read of them under way (the start-up one, already with the session) is not read twice.
    void client.invalidateQueries({ predicate: isPageWide }, { cancelRefetch: false });
  }

  return {
    /** The page's QueryClient (the App's provider). */
    client,
    clientFor,
    sessionFor: (userId: string) => void sessionFor(userId),
    end,
  };
}

export type QueryCache = ReturnType<typeof createQueryCache>;

/**
 * The page's query cache. Its build name comes from the shell's build (rsbuild.config.ts); tests and
 * the dev server use a fixed one.
 */
export const portalQueryCache = createQueryCache({
  buster: process.env.PORTAL_BUILD_ID ?? 'development',
});
