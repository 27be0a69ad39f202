import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_UNAVAILABLE, describeError, type UnavailableRemote } from './unavailable';

/**
 * A failed manifest or entry fetch happens before React renders, so an error boundary
 * cannot catch it. Resolve a marker instead; the shell's RemotePage shows
 * "This section is unavailable" with Retry and the rest of the portal keeps working.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-fallback',
    errorLoadRemote({ id, error }) {
      const unavailable: UnavailableRemote = {
        [REMOTE_UNAVAILABLE]: true,
        id,
        reason: describeError(error),
      };
      return unavailable;
    },
  };
}
