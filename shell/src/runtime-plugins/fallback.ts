import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_UNAVAILABLE, describeError, type UnavailableRemote } from './unavailable';

/**
 * A failed manifest or entry fetch happens before React renders, so an error boundary
 * cannot catch it. Resolve a marker instead; the shell's RemotePage shows
 * "This section is unavailable" with Retry and the rest of the portal keeps working.
 *
 * Only the last stage (`onLoad`, the `loadRemote` call itself) is answered. The runtime also asks
 * this hook while fetching a manifest (`afterResolve`), resolving a request (`beforeRequest`) or
 * a shared module (`beforeLoadShare`), and uses whatever it gets there as the real thing: a
 * marker there was cached as the remote's manifest, so every Retry showed the same failure
 * (named "not a valid manifest" instead of the fetch error) until the page was reloaded.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      const unavailable: UnavailableRemote = {
        [REMOTE_UNAVAILABLE]: true,
        id,
        reason: describeError(error),
      };
      return unavailable;
    },
  };
}
