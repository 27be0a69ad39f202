// Where the signed-in session's query cache is kept (query-cache.ts), in a file of its own so the
// sign-in page can forget a kept cache without loading the query library.

const KEY_PREFIX = 'portal.query-cache.';

/** The storage key of a user's kept cache: it names the user. */
export function queryCacheKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

/** Removes every kept query cache (but `except`) from both web storages. */
export function forgetStoredQueryCaches(except: string | null = null): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    let storage: Storage | undefined;
    try {
      storage = globalThis[name];
    } catch {
      continue; // Storage blocked by the browser: nothing was kept there.
    }
    if (!storage) continue;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(KEY_PREFIX) && key !== except) keys.push(key);
    }
    keys.forEach((key) => storage.removeItem(key));
  }
}
