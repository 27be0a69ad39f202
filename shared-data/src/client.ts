import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_API_PROVIDER, type PortalConfig } from './config';
import { ApiProviderError } from './errors';
import { AUTH_STORAGE_KEY, rememberMeStorage } from './remember-me-storage';

export type DataClient = SupabaseClient;

// One client per page: this module is a Module Federation singleton shared by the shell and remotes.
let client: DataClient | null = null;
let clientProject: { url: string; anonKey: string } | null = null;

/**
 * Creates the page's Supabase client from the runtime config (once; later calls with the same
 * Project return it). Throws ApiProviderError for the Node provider and unknown names.
 */
export function initDataClient(config: PortalConfig): DataClient {
  const provider = config.apiProvider.trim() || DEFAULT_API_PROVIDER;
  if (provider.toLowerCase() === 'node') {
    throw new ApiProviderError('The Node API provider is not implemented');
  }
  if (provider.toLowerCase() !== 'supabase') {
    throw new ApiProviderError(`Unknown API provider: ${provider}`);
  }

  if (client && clientProject) {
    if (
      clientProject.url === config.supabaseUrl &&
      clientProject.anonKey === config.supabaseAnonKey
    ) {
      return client;
    }
    throw new Error('The data client is already initialised for another Supabase project');
  }

  // Realtime timeouts/backoff and the 30 s refresh tick are supabase-js defaults.
  client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      // Implicit flow: the password-reset link lands on /reset-password with the session in the hash.
      flowType: 'implicit',
      detectSessionInUrl: true,
      autoRefreshToken: true,
      persistSession: true,
      storage: rememberMeStorage,
      storageKey: AUTH_STORAGE_KEY,
    },
  });
  clientProject = { url: config.supabaseUrl, anonKey: config.supabaseAnonKey };
  return client;
}

/** The page's client; throws when start-up has not called initDataClient (a wiring bug). */
export function getClient(): DataClient {
  if (!client)
    throw new Error('The data client is not initialised: call initDataClient(config) first');
  return client;
}

/**
 * A short-lived client of the same project that keeps its session in memory only and shares nothing
 * with the page's client: for a check (the current password) that must not replace the page's session.
 */
export function createDetachedClient(): DataClient {
  if (!clientProject)
    throw new Error('The data client is not initialised: call initDataClient(config) first');
  return createClient(clientProject.url, clientProject.anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `${AUTH_STORAGE_KEY}-detached`,
    },
  });
}

/**
 * The project's public (anon) key, for the rare request made without supabase-js (an upload that
 * reports progress through XMLHttpRequest): the API gateway refuses any request without it.
 */
export function getClientApiKey(): string {
  if (!clientProject)
    throw new Error('The data client is not initialised: call initDataClient(config) first');
  return clientProject.anonKey;
}

/** Forgets the client so a test can initialise another one. */
export function resetDataClientForTests(): void {
  void client?.auth.stopAutoRefresh();
  client = null;
  clientProject = null;
}
