/** The key supabase-js stores its session under (client `storageKey`). */
export const AUTH_STORAGE_KEY = 'portal-auth';
/** Plain token mirrors other code may read. */
export const TOKEN_STORAGE_KEY = 'token';
export const REFRESH_TOKEN_STORAGE_KEY = 'refreshToken';
/** "Remember me": `'false'` keeps the session in sessionStorage, anything else in localStorage. */
export const REMEMBER_ME_KEY = 'portal-remember-me';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type StoredTokens = { token: string | null; refreshToken: string | null };

export type RememberMeStorage = StorageLike & {
  /** Call before signing in: on keeps the session in localStorage, off in sessionStorage only. */
  setRememberMe(remember: boolean): void;
  getRememberMe(): boolean;
  readTokens(): StoredTokens;
};

function tokensOf(sessionJson: string): StoredTokens {
  try {
    const session: unknown = JSON.parse(sessionJson);
    if (typeof session !== 'object' || session === null) return { token: null, refreshToken: null };
    const { access_token: token, refresh_token: refreshToken } = session as Record<string, unknown>;
    return {
      token: typeof token === 'string' ? token : null,
      refreshToken: typeof refreshToken === 'string' ? refreshToken : null,
    };
  } catch {
    return { token: null, refreshToken: null };
  }
}

/**
 * The auth storage handed to supabase-js. Writes go to one storage only (localStorage when
 * "Remember me" is on, sessionStorage when off) and are removed from the other so a stale
 * session cannot win; reads look in both. The session's tokens are mirrored beside it.
 */
export function createRememberMeStorage(
  local: () => StorageLike,
  session: () => StorageLike,
): RememberMeStorage {
  const getRememberMe = () => local().getItem(REMEMBER_ME_KEY) !== 'false';
  const active = () => (getRememberMe() ? local() : session());
  const inactive = () => (getRememberMe() ? session() : local());

  const write = (key: string, value: string) => {
    active().setItem(key, value);
    inactive().removeItem(key);
  };
  const remove = (key: string) => {
    local().removeItem(key);
    session().removeItem(key);
  };
  const getItem = (key: string) => active().getItem(key) ?? inactive().getItem(key);

  return {
    getItem,
    setItem(key, value) {
      write(key, value);
      if (key !== AUTH_STORAGE_KEY) return;
      const { token, refreshToken } = tokensOf(value);
      if (token) write(TOKEN_STORAGE_KEY, token);
      else remove(TOKEN_STORAGE_KEY);
      if (refreshToken) write(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
      else remove(REFRESH_TOKEN_STORAGE_KEY);
    },
    removeItem(key) {
      remove(key);
      if (key !== AUTH_STORAGE_KEY) return;
      remove(TOKEN_STORAGE_KEY);
      remove(REFRESH_TOKEN_STORAGE_KEY);
    },
    setRememberMe(remember) {
      local().setItem(REMEMBER_ME_KEY, String(remember));
    },
    getRememberMe,
    readTokens() {
      return {
        token: getItem(TOKEN_STORAGE_KEY),
        refreshToken: getItem(REFRESH_TOKEN_STORAGE_KEY),
      };
    },
  };
}

function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Web Storage when the page has it; memory otherwise (SSR, Node scripts, storage blocked by the browser). */
function webStorage(name: 'localStorage' | 'sessionStorage'): () => StorageLike {
  const fallback = memoryStorage();
  return () => {
    try {
      return globalThis[name] ?? fallback;
    } catch {
      return fallback;
    }
  };
}

/** The page-wide instance the Supabase client uses. */
export const rememberMeStorage = createRememberMeStorage(
  webStorage('localStorage'),
  webStorage('sessionStorage'),
);
