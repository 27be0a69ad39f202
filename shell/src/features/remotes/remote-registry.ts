import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PortalConfig } from '@portal/shared-data';
import type { ComponentType } from 'react';
import type { RemoteName } from '../../app/route-table';
import { isUnavailableRemote, describeError } from '../../runtime-plugins/unavailable';

/** MF container names, as each remote's module-federation.config.ts declares them. */
const CONTAINER: Record<RemoteName, string> = {
  student: 'student_app',
  teacher: 'teacher_app',
  admin: 'admin_app',
};

let manifests: Record<RemoteName, string> | null = null;

export function registerPortalRemotes(remotes: PortalConfig['remotes']): void {
  manifests = { ...remotes };
  registerRemotes(
    (Object.keys(CONTAINER) as RemoteName[]).map((name) => ({ name: CONTAINER[name], entry: remotes[name] })),
  );
}

export type RemotePageModule = { default: ComponentType };

export type RemoteLoad =
  | { status: 'loaded'; Page: ComponentType }
  | { status: 'unavailable'; reason: string };

/**
 * Loads one exposed page. Never throws: a dead remote becomes { status: 'unavailable' }.
 * `fresh` re-registers the remote first so a Retry does not reuse a cached failure.
 */
export async function loadRemotePage(remote: RemoteName, module: string, fresh = false): Promise<RemoteLoad> {
  const container = CONTAINER[remote];
  if (fresh && manifests) registerRemotes([{ name: container, entry: manifests[remote] }], { force: true });
  try {
    const loaded = await loadRemote<RemotePageModule>(`${container}/${module.replace(/^\.\//, '')}`);
    if (isUnavailableRemote(loaded)) return { status: 'unavailable', reason: loaded.reason };
    if (!loaded || typeof loaded.default !== 'function') {
      return { status: 'unavailable', reason: `${container} does not provide ${module}` };
    }
    return { status: 'loaded', Page: loaded.default };
  } catch (error) {
    return { status: 'unavailable', reason: describeError(error) };
  }
}
