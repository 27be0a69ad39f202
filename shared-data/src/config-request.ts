// The config request on its own, with no other import: the shell's entry starts it before the
// Module Federation boundary (where shared packages are not available yet), and loadPortalConfig
// makes the same request when nobody started it.

/** Where the shell (and a remote running standalone) finds its runtime config. */
export const DEFAULT_PORTAL_CONFIG_URL = '/portal.config.json';

/** The request for the runtime config: revalidated each time, so a redeploy is seen at once. */
export function fetchPortalConfig(url = DEFAULT_PORTAL_CONFIG_URL): Promise<Response> {
  return fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
}
