import { createClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getClient, initDataClient, resetDataClientForTests } from './client';
import type { PortalConfig } from './config';
import { ApiProviderError } from './errors';
import { AUTH_STORAGE_KEY, rememberMeStorage } from './remember-me-storage';
import { authService } from './services/auth';
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
  it('creates one client with the implicit flow and the remember-me storage', () => {
    const client = initDataClient(config);

    expect(getClient()).toBe(client);
    expect(createClient).toHaveBeenCalledExactlyOnceWith(
      config.supabaseUrl,
      config.supabaseAnonKey,
      {
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

  it('returns the same client when called again for the same project', () => {
    const first = initDataClient(config);

    expect(initDataClient({ ...config })).toBe(first);
    expect(createClient).toHaveBeenCalledTimes(1);
  });

  it('refuses a second, different project', () => {
    initDataClient(config);

    expect(() => initDataClient({ ...config, supabaseUrl: 'https://other.supabase.co' })).toThrow(
      'already initialised',
    );
  });

  it.each(['', '  ', 'Supabase'])('treats %j as the Supabase provider', (apiProvider) => {
    expect(initDataClient({ ...config, apiProvider })).toBe(getClient());
  });

  it('rejects the Node provider as not implemented', () => {
    const start = () => initDataClient({ ...config, apiProvider: 'node' });

    expect(start).toThrow(ApiProviderError);
    expect(start).toThrow('The Node API provider is not implemented');
    expect(createClient).not.toHaveBeenCalled();
  });

  it('rejects unknown providers by name', () => {
    expect(() => initDataClient({ ...config, apiProvider: 'firebase' })).toThrow(
      new ApiProviderError('Unknown API provider: firebase'),
    );
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
