import { DEFAULT_PORTAL_CONFIG_URL, fetchPortalConfig } from './config-request';
import { ConfigError } from './errors';

export type RemoteName = 'student' | 'teacher' | 'admin';

/** Runtime configuration read at start-up, so remotes can move without rebuilding the shell. */
export type PortalConfig = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  apiProvider: string;
  /** Module Federation manifest URL per remote, e.g. `http://localhost:3001/mf-manifest.json`. */
  remotes: Record<RemoteName, string>;
};

export const DEFAULT_API_PROVIDER = 'supabase';
export { DEFAULT_PORTAL_CONFIG_URL, fetchPortalConfig };

const REMOTE_NAMES: readonly RemoteName[] = ['student', 'teacher', 'admin'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Remotes may also be served from the shell's own origin, hence root-relative paths. */
function isManifestLocation(value: string): boolean {
  return isHttpUrl(value) || (value.startsWith('/') && !value.startsWith('//'));
}

/** Validates the parsed JSON; lists every problem at once so one deploy fixes them all. */
export function parsePortalConfig(json: unknown): PortalConfig {
  if (!isRecord(json)) throw new ConfigError('Invalid portal config: expected a JSON object');

  const problems: string[] = [];
  const text = (value: unknown, name: string): string => {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    problems.push(`"${name}" must be a non-empty string`);
    return '';
  };

  const supabaseUrl = text(json.supabaseUrl, 'supabaseUrl');
  if (supabaseUrl && !isHttpUrl(supabaseUrl)) {
    problems.push(`"supabaseUrl" must be an http(s) URL, got "${supabaseUrl}"`);
  }
  const supabaseAnonKey = text(json.supabaseAnonKey, 'supabaseAnonKey');

  let apiProvider = DEFAULT_API_PROVIDER;
  if (json.apiProvider !== undefined) {
    if (typeof json.apiProvider === 'string') apiProvider = json.apiProvider.trim();
    else problems.push('"apiProvider" must be a string');
  }

  const remotes: Record<RemoteName, string> = { student: '', teacher: '', admin: '' };
  if (!isRecord(json.remotes)) {
    problems.push('"remotes" must be an object with student, teacher and admin manifest URLs');
  } else {
    for (const name of REMOTE_NAMES) {
      const location = text(json.remotes[name], `remotes.${name}`);
      if (location && !isManifestLocation(location)) {
        problems.push(`"remotes.${name}" must be an http(s) URL or a path, got "${location}"`);
      }
      remotes[name] = location;
    }
  }

  if (problems.length > 0) throw new ConfigError(`Invalid portal config: ${problems.join('; ')}`);
  return { supabaseUrl, supabaseAnonKey, apiProvider, remotes };
}

/**
 * Fetches and validates the runtime config. `started`: the same request begun earlier (the shell's
 * entry starts it while its first chunks download, so the page does not wait for one more round trip).
 */
export async function loadPortalConfig(
  url = DEFAULT_PORTAL_CONFIG_URL,
  started?: Promise<Response>,
): Promise<PortalConfig> {
  let response: Response;
  try {
    response = await (started ?? fetchPortalConfig(url));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Could not load portal config from ${url}: ${reason}`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new ConfigError(`Could not load portal config from ${url}: HTTP ${response.status}`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new ConfigError(`Portal config at ${url} is not valid JSON`, { cause: error });
  }
  return parsePortalConfig(json);
}
