import { createClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REALTIME_OPTIONS,
  fetchNotingRetryAfter,
  getClient,
  initDataClient,
  loadDataClient,
  resetDataClientForTests,
  startDataClient,
} from './client';
import type { PortalConfig } from './config';
import { ApiProviderError } from './errors';
import { AUTH_STORAGE_KEY, rememberMeStorage } from './remember-me-storage';
import { authService } from './services/auth';
import { settingsService } from './services/settings';
import { usersService } from './services/users';

vi.mock('@supabase/supabase-js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@supabase/supabase-js')>();
  return { ...actual, createClient: vi.fn(actual.createClient) };
});

const config: PortalConfig = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey: 'anon-key',
  apiProvider: 'supabase',
  remotes: { student: '/student.json', teacher: '/teacher.json', admin: '/admin.json' },
};

beforeEach(() => {
  // Each test makes a new client on purpose; supabase-js warns about the earlier ones.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  resetDataClientForTests();
  vi.mocked(createClient).mockClear();
});

describe('initDataClient', () => {
  it('creates one client with the implicit flow and the remember-me storage', async () => {
    const client = await initDataClient(config);

    expect(getClient()).toBe(client);
    expect(createClient).toHaveBeenCalledExactlyOnceWith(
      config.supabaseUrl,
      config.supabaseAnonKey,
      {
        // Notes a 429's Retry-After, which supabase-js would drop (the lockout's wait).
        global: { fetch: fetchNotingRetryAfter },
        realtime: REALTIME_OPTIONS,
        auth: {
          flowType: 'implicit',
          detectSessionInUrl: true,
          autoRefreshToken: true,
          persistSession: true,
          storage: rememberMeStorage,
          storageKey: AUTH_STORAGE_KEY,
        },
      },
    );
  });

  it("sets spec §9's Realtime settings: 10 s timeout, 25 s heartbeat, reconnect after 1, 2, 5, then 10 s", async () => {
    const { realtime } = await initDataClient(config);

    expect(realtime.timeout).toBe(10_000);
    expect(realtime.heartbeatIntervalMs).toBe(25_000);
    expect([1, 2, 3, 4, 5, 9].map((tries) => realtime.reconnectAfterMs(tries))).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });

  it('returns the same client when called again for the same project', async () => {
    const first = await initDataClient(config);

    expect(await initDataClient({ ...config })).toBe(first);
    expect(createClient).toHaveBeenCalledTimes(1);
  });

  it('refuses a second, different project', async () => {
    await initDataClient(config);

    await expect(
      initDataClient({ ...config, supabaseUrl: 'https://other.supabase.co' }),
    ).rejects.toThrow('already initialised');
  });

  it.each(['', '  ', 'Supabase'])('treats %j as the Supabase provider', async (apiProvider) => {
    expect(await initDataClient({ ...config, apiProvider })).toBe(getClient());
  });

  it('rejects the Node provider as not implemented', async () => {
    const start = () => initDataClient({ ...config, apiProvider: 'node' });

    await expect(start()).rejects.toThrow(ApiProviderError);
    await expect(start()).rejects.toThrow('The Node API provider is not implemented');
    expect(createClient).not.toHaveBeenCalled();
  });

  it('rejects unknown providers by name', async () => {
    await expect(initDataClient({ ...config, apiProvider: 'firebase' })).rejects.toThrow(
      new ApiProviderError('Unknown API provider: firebase'),
    );
  });
});

describe('a visitor page (startDataClient without a session to restore)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('does not load supabase-js at start, nor for the session check', async () => {
    startDataClient(config);

    expect(await authService.getSession()).toEqual({ success: true, data: null });
    expect(createClient).not.toHaveBeenCalled();
    expect(() => getClient()).toThrow('not loaded yet');
  });

  it('reads the public settings with one plain request as the anonymous role', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ siteName: 'Escuela Norte', theme: 'dark' }, { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    startDataClient(config);

    const result = await settingsService.getPublic();

    expect(result).toMatchObject({
      success: true,
      data: { siteName: 'Escuela Norte', theme: 'dark' },
    });
    expect(createClient).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(
      `${config.supabaseUrl}/rest/v1/rpc/get_public_settings`,
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({
          apikey: config.supabaseAnonKey,
          Authorization: `Bearer ${config.supabaseAnonKey}`,
        }),
      }),
    );
    vi.unstubAllGlobals();
  });

  it("reports the server's refusal of that request as a failure with its code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: 'PGRST202', message: 'Could not find the function' },
          { status: 404 },
        ),
      ),
    );
    startDataClient(config);

    expect(await settingsService.getPublic()).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', details: { code: 'PGRST202' } },
    });
    vi.unstubAllGlobals();
  });

  it('subscribes an auth listener registered before the load once supabase-js has loaded', async () => {
    startDataClient(config);
    const events: string[] = [];
    const stop = authService.onAuthEvent((event) => events.push(event));
    expect(createClient).not.toHaveBeenCalled();

    const client = await loadDataClient();
    await vi.waitFor(() => expect(events).toContain('INITIAL_SESSION'));
    stop();
    await client.auth.signOut({ scope: 'local' });
    expect(events).not.toContain('SIGNED_OUT');
  });

  it('never subscribes a listener cancelled before the load', async () => {
    startDataClient(config);
    const listener = vi.fn();
    authService.onAuthEvent(listener)();

    await loadDataClient();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listener).not.toHaveBeenCalled();
  });

  it('prepare() starts the download, once', async () => {
    startDataClient(config);
    authService.prepare();
    authService.prepare();

    await vi.waitFor(() => expect(createClient).toHaveBeenCalledTimes(1));
  });
});

describe('a page with a session to restore', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('starts loading supabase-js at once when a session is stored', async () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ access_token: 'a', refresh_token: 'r' }),
    );
    startDataClient(config);

    await vi.waitFor(() => expect(createClient).toHaveBeenCalledTimes(1));
  });

  it('starts loading it when the address carries a session (a password-reset link)', async () => {
    window.history.replaceState(null, '', '/reset-password#access_token=a&type=recovery');
    try {
      startDataClient(config);
      await vi.waitFor(() => expect(createClient).toHaveBeenCalledTimes(1));
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('before initDataClient', () => {
  it('getClient throws a wiring error', () => {
    expect(() => getClient()).toThrow('not initialised');
  });

  it('services resolve to failures instead of throwing', async () => {
    expect(await authService.getSession()).toMatchObject({
      success: false,
      error: { code: 'GET_SESSION_ERROR', message: expect.stringContaining('not initialised') },
    });
    expect(await usersService.listTeachers()).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR' },
    });
  });
});
