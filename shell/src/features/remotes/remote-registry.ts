import {
  loadRemote,
  registerRemotes,
  type ModuleFederation,
} from '@module-federation/enhanced/runtime';
import type { PortalConfig } from '@portal/shared-data';
import type { PageLoader, PageModule } from '@portal/shared-data/queries';
import type { ComponentType } from 'react';
import { isUnavailableRemote, describeError } from '../../runtime-plugins/unavailable';

/** The portal's remotes, as the route table names them. */
export type RemoteName = 'student' | 'teacher' | 'admin';

/**
 * MF container names, as each remote's `src/app/pages.ts` (`CONTAINER_NAME`) declares them;
 * tests/federation-contract.test.ts fails when they drift apart.
 */
export const CONTAINER: Readonly<Record<RemoteName, string>> = {
  student: 'student_app',
  teacher: 'teacher_app',
  admin: 'admin_app',
};

export type RemoteLoad =
  | { status: 'loaded'; Page: ComponentType; loader?: PageLoader }
  | { status: 'unavailable'; reason: string };

/** The two runtime calls the registry needs; the shell passes the global MF runtime. */
export type FederationRuntime = Pick<ModuleFederation, 'registerRemotes' | 'loadRemote'>;

export function createRemoteRegistry(runtime: FederationRuntime) {
  let manifests: PortalConfig['remotes'] | null = null;
  /** Remotes whose last load failed: their next load starts from a clean registration. */
  const failed = new Set<RemoteName>();

  function register(remotes: PortalConfig['remotes']): void {
    manifests = { ...remotes };
    runtime.registerRemotes(
      (Object.keys(CONTAINER) as RemoteName[]).map((name) => ({
        name: CONTAINER[name],
        entry: remotes[name],
      })),
    );
  }

  /**
   * Loads one exposed page. Never throws: a dead remote becomes { status: 'unavailable' }.
   * `fresh` (a Retry) after a failed load re-registers the remote with `force`, which drops the
   * runtime's cached manifest and container: a remote redeployed meanwhile names new entry and
   * chunk files, and the old manifest would keep pointing at the missing ones. A Retry after a
   * page crashed (the load itself succeeded) reuses the loaded container.
   */
  async function load(remote: RemoteName, module: string, fresh = false): Promise<RemoteLoad> {
    const container = CONTAINER[remote];
    if (fresh && manifests && failed.has(remote)) {
      runtime.registerRemotes([{ name: container, entry: manifests[remote] }], { force: true });
    }
    const result = await loadOnce(container, module);
    if (result.status === 'loaded') failed.delete(remote);
    else failed.add(remote);
    return result;
  }

  async function loadOnce(container: string, module: string): Promise<RemoteLoad> {
    try {
      const loaded = await runtime.loadRemote<PageModule>(
        `${container}/${module.replace(/^\.\//, '')}`,
      );
      if (isUnavailableRemote(loaded)) return { status: 'unavailable', reason: loaded.reason };
      if (!loaded || typeof loaded.default !== 'function') {
        return { status: 'unavailable', reason: `${container} does not provide ${module}` };
      }
      // A page's loader is optional (a remote built before loaders existed has none).
      return typeof loaded.loader === 'function'
        ? { status: 'loaded', Page: loaded.default, loader: loaded.loader }
        : { status: 'loaded', Page: loaded.default };
    } catch (error) {
      return { status: 'unavailable', reason: describeError(error) };
    }
  }

  return { register, load };
}

const portalRegistry = createRemoteRegistry({ registerRemotes, loadRemote });

export const registerPortalRemotes = portalRegistry.register;
export const loadRemotePage = portalRegistry.load;
