import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_API_PROVIDER, type PortalConfig } from './config';
import { ApiProviderError } from './errors';
import { AUTH_STORAGE_KEY, rememberMeStorage } from './remember-me-storage';

export type DataClient = SupabaseClient;

type Project = { url: string; anonKey: string };

// One client per page: this module is a Module Federation singleton shared by the shell and remotes.
// supabase-js is loaded on first need (loadDataClient), not with this module: a visitor's sign-in
// page paints without it and loads it when the visitor starts to sign in.
let project: Project | null = null;
let client: DataClient | null = null;
let loading: Promise<DataClient> | null = null;
const loadedListeners = new Set<(client: DataClient) => void>();
/** The wait the server named in the last 429 answer (its Retry-After), until a caller takes it. */
let lastRetryAfterSeconds: number | null = null;

/**
 * The client's fetch: the browser's, noting the Retry-After of a 429. supabase-js keeps only an auth
 * error's status, code and message, so a locked-out sign-in could not say how long to wait
 * (docs/security.md "Sign-in lockout"); the sign-in service takes the noted wait right after its call.
 */
export const fetchNotingRetryAfter: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    lastRetryAfterSeconds = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
  }
  return response;
};

/** The wait (seconds) the last 429 named, once; null when it named none. */
export function takeRetryAfterSeconds(): number | null {
  const seconds = lastRetryAfterSeconds;
  lastRetryAfterSeconds = null;
  return seconds;
}

/** Spec §9's reconnect steps: after the 4th failed try, every 10 s. */
export const REALTIME_RECONNECT_STEPS_MS = [1000, 2000, 5000, 10000] as const;

/**
 * Spec §9's Realtime client settings: a join or push times out after 10 s, a heartbeat every 25 s,
 * reconnects after 1, 2, 5, then 10 s. supabase-js 2.109's defaults are the same; set here so an
 * upgrade cannot change them unseen. The same on hosted Supabase and the local gateway.
 */
export const REALTIME_OPTIONS = {
  timeout: 10_000,
  heartbeatIntervalMs: 25_000,
  reconnectAfterMs: (tries: number) => REALTIME_RECONNECT_STEPS_MS[tries - 1] ?? 10_000,
};

const NOT_INITIALISED =
  'The data client is not initialised: call configureDataClient(config) (or initDataClient) first';

/**
 * Records the page's Supabase project from the runtime config, without loading supabase-js yet.
 * Calling it again with the same project does nothing. Throws ApiProviderError for the Node
 * provider and unknown names, and an Error for a second, different project.
 */
export function configureDataClient(config: PortalConfig): void {
  const provider = config.apiProvider.trim() || DEFAULT_API_PROVIDER;
  if (provider.toLowerCase() === 'node') {
    throw new ApiProviderError('The Node API provider is not implemented');
  }
  if (provider.toLowerCase() !== 'supabase') {
    throw new ApiProviderError(`Unknown API provider: ${provider}`);
  }
  if (project) {
    if (project.url === config.supabaseUrl && project.anonKey === config.supabaseAnonKey) return;
    throw new Error('The data client is already initialised for another Supabase project');
  }
  project = { url: config.supabaseUrl, anonKey: config.supabaseAnonKey };
}

/**
 * The page's client, loading supabase-js and creating the client on the first call (later calls
 * share it). A failed load (the network) is not remembered: the next call tries again.
 */
export function loadDataClient(): Promise<DataClient> {
  if (client) return Promise.resolve(client);
  const target = project;
  if (!target) return Promise.reject(new Error(NOT_INITIALISED));
  loading ??= import('@supabase/supabase-js').then(
    ({ createClient }) => {
      // The 30 s session refresh tick is supabase-js's default.
      const created = createClient(target.url, target.anonKey, {
        global: { fetch: fetchNotingRetryAfter },
        realtime: REALTIME_OPTIONS,
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
      client = created;
      for (const listener of loadedListeners) listener(created);
      loadedListeners.clear();
      return created;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The shell's start: configureDataClient, and the supabase-js download begins at once when the page
 * holds a session to restore (the session check will need it); a visitor's page leaves it for later.
 */
export function startDataClient(config: PortalConfig): void {
  configureDataClient(config);
  if (hasSessionToRecover()) void loadDataClient().catch(() => undefined);
}

/** configureDataClient and loadDataClient in one step (a remote's standalone start, tests). */
export async function initDataClient(config: PortalConfig): Promise<DataClient> {
  configureDataClient(config);
  return loadDataClient();
}

/**
 * Runs `listener` with the client once it exists (at once when it already does); returns a cancel
 * that stops a listener still waiting.
 */
export function whenDataClientLoaded(listener: (client: DataClient) => void): () => void {
  if (client) {
    listener(client);
    return () => {};
  }
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

/** The configured project's address (the runtime config's supabaseUrl), or null before configureDataClient. */
export function configuredProjectUrl(): string | null {
  return project?.url ?? null;
}

/** Whether supabase-js has been loaded and the page's client created. */
export function isDataClientLoaded(): boolean {
  return client !== null;
}

/**
 * The page's client. Code that may run before anyone has signed in (the auth service) awaits
 * loadDataClient instead; everything else runs signed in, when the session check or the sign-in has
 * already loaded it. Throws when it has not (a wiring bug).
 */
export function getClient(): DataClient {
  if (!client) {
    throw new Error(
      project ? 'The data client is not loaded yet: await loadDataClient() first' : NOT_INITIALISED,
    );
  }
  return client;
}

/**
 * Whether the page holds a session for supabase-js to restore: one stored by an earlier sign-in, or
 * one the auth server put in the address (a password-reset link, implicit flow). When it holds
 * neither, a visitor's page needs no supabase-js until they sign in.
 */
export function hasSessionToRecover(): boolean {
  if (!project) throw new Error(NOT_INITIALISED);
  if (client) return true;
  if (rememberMeStorage.getItem(AUTH_STORAGE_KEY) !== null) return true;
  const hash = globalThis.location?.hash ?? '';
  return /(?:^#|&)(?:access_token|error|error_description)=/.test(hash);
}

/** A PostgREST answer: the body, or the error object PostgREST sent (code, message, details, hint). */
export type PublicRpcReply = { data: unknown; error: null } | { data: null; error: unknown };

/**
 * Calls a database function any visitor may call, as the anonymous role, with one plain request and
 * without supabase-js (what a visitor's sign-in page reads before the library has loaded). Rejects
 * when the server cannot be reached, like supabase-js does.
 */
export async function callPublicRpc(name: string): Promise<PublicRpcReply> {
  if (!project) throw new Error(NOT_INITIALISED);
  const response = await fetch(`${project.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: project.anonKey,
      Authorization: `Bearer ${project.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { data: body, error: null };
  return { data: null, error: body ?? { message: `${response.status} ${response.statusText}` } };
}

/**
 * The project's public (anon) key, for the rare request made without supabase-js (an upload that
 * reports progress through XMLHttpRequest, a visitor's public settings): the API gateway refuses any
 * request without it.
 */
export function getClientApiKey(): string {
  if (!project) throw new Error(NOT_INITIALISED);
  return project.anonKey;
}

/** Forgets the client so a test can initialise another one. */
export function resetDataClientForTests(): void {
  void client?.auth.stopAutoRefresh();
  client = null;
  project = null;
  loading = null;
  loadedListeners.clear();
}
