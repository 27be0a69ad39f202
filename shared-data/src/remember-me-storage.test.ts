import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_KEY,
  createRememberMeStorage,
  REFRESH_TOKEN_STORAGE_KEY,
  rememberMeStorage,
  TOKEN_STORAGE_KEY,
  type StorageLike,
} from './remember-me-storage';

function memory(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const session = (accessToken: string, refreshToken: string) =>
  JSON.stringify({ access_token: accessToken, refresh_token: refreshToken, expires_at: 1 });

describe('createRememberMeStorage', () => {
  let local: ReturnType<typeof memory>;
  let tab: ReturnType<typeof memory>;
  let storage: ReturnType<typeof createRememberMeStorage>;

  beforeEach(() => {
    local = memory();
    tab = memory();
    storage = createRememberMeStorage(
      () => local,
      () => tab,
    );
  });

  it('remembers by default, like a persistent login', () => {
    expect(storage.getRememberMe()).toBe(true);
    storage.setItem('other', 'x');
    expect(local.items.get('other')).toBe('x');
    expect(tab.items.has('other')).toBe(false);
  });

  it('writes the session and its token mirrors to localStorage when remembered', () => {
    storage.setRememberMe(true);
    storage.setItem(AUTH_STORAGE_KEY, session('access-1', 'refresh-1'));

    expect(local.items.get(AUTH_STORAGE_KEY)).toContain('access-1');
    expect(local.items.get(TOKEN_STORAGE_KEY)).toBe('access-1');
    expect(local.items.get(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-1');
    expect(tab.items.size).toBe(0);
  });

  it('writes to sessionStorage only when not remembered', () => {
    storage.setRememberMe(false);
    storage.setItem(AUTH_STORAGE_KEY, session('access-1', 'refresh-1'));

    expect(tab.items.get(TOKEN_STORAGE_KEY)).toBe('access-1');
    expect(tab.items.get(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-1');
    expect([...local.items.keys()]).toEqual(['portal-remember-me']);
  });

  it('reads the choice back after a reload', () => {
    storage.setRememberMe(false);
    const reloaded = createRememberMeStorage(
      () => local,
      () => memory(),
    );

    expect(reloaded.getRememberMe()).toBe(false);
  });

  it('drops a session left in the other storage when a new one is written', () => {
    storage.setItem(AUTH_STORAGE_KEY, session('old', 'old-refresh'));
    storage.setRememberMe(false);
    storage.setItem(AUTH_STORAGE_KEY, session('new', 'new-refresh'));

    expect(local.items.has(AUTH_STORAGE_KEY)).toBe(false);
    expect(local.items.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(storage.getItem(AUTH_STORAGE_KEY)).toContain('new');
  });

  it('reads from both storages', () => {
    tab.setItem(AUTH_STORAGE_KEY, 'in-tab');
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBe('in-tab');

    storage.setRememberMe(false);
    local.setItem('only-local', 'here');
    expect(storage.getItem('only-local')).toBe('here');
    expect(storage.getItem('nowhere')).toBeNull();
  });

  it('replaces the mirrors when the session is refreshed', () => {
    storage.setItem(AUTH_STORAGE_KEY, session('access-1', 'refresh-1'));
    storage.setItem(AUTH_STORAGE_KEY, session('access-2', 'refresh-2'));

    expect(storage.readTokens()).toEqual({ token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('removes the session and the mirrors from both storages on sign-out', () => {
    storage.setItem(AUTH_STORAGE_KEY, session('access-1', 'refresh-1'));
    tab.setItem(TOKEN_STORAGE_KEY, 'stray');

    storage.removeItem(AUTH_STORAGE_KEY);

    expect(storage.readTokens()).toEqual({ token: null, refreshToken: null });
    expect(local.items.has(AUTH_STORAGE_KEY)).toBe(false);
    expect(tab.items.size).toBe(0);
  });

  it('clears the mirrors when the stored session is not readable', () => {
    storage.setItem(AUTH_STORAGE_KEY, session('access-1', 'refresh-1'));
    storage.setItem(AUTH_STORAGE_KEY, 'not json');

    expect(storage.readTokens()).toEqual({ token: null, refreshToken: null });
  });

  it('leaves the mirrors alone for other keys', () => {
    storage.setItem(AUTH_STORAGE_KEY, session('access-1', 'refresh-1'));
    storage.removeItem(`${AUTH_STORAGE_KEY}-code-verifier`);

    expect(storage.readTokens().token).toBe('access-1');
  });
});

describe('rememberMeStorage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("uses the page's localStorage and sessionStorage", () => {
    rememberMeStorage.setRememberMe(false);
    rememberMeStorage.setItem(AUTH_STORAGE_KEY, session('access-1', 'refresh-1'));

    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('access-1');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
