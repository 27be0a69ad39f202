// The single-app baseline's stand-in for shell/src/features/remotes/remote-registry.ts (swapped in
// by resolve.alias in ./rsbuild.config.mjs): the one shell module that talks to the Module
// Federation runtime. Everything else in the shell (router, guards, layout, RemotePage, auth pages)
// is the real code. A remote page is an ordinary lazy chunk: its remote's PAGES entry's load(),
// the dynamic import the remote's own standalone harness uses.
import { PAGES as adminPages } from '../../../admin-app/src/app/pages';
import { PAGES as studentPages } from '../../../student-app/src/app/pages';
import { PAGES as teacherPages } from '../../../teacher-app/src/app/pages';
import type { PageLoader, PageModule } from '@portal/shared-data/queries';

export type RemoteName = 'student' | 'teacher' | 'admin';

export type RemotePageModule = Awaited<ReturnType<(typeof studentPages)[number]['load']>>;
type ComponentType = RemotePageModule['default'];

export type RemoteLoad =
  | { status: 'loaded'; Page: ComponentType; loader?: PageLoader }
  | { status: 'unavailable'; reason: string };

const PAGES_BY_REMOTE = { student: studentPages, teacher: teacherPages, admin: adminPages };

/** Nothing to register: every page is part of this build. */
export function registerPortalRemotes(): void {}

/** Same contract as the federated registry: never throws, a failed chunk load is 'unavailable'. */
export async function loadRemotePage(remote: RemoteName, module: string): Promise<RemoteLoad> {
  const page = PAGES_BY_REMOTE[remote].find((entry) => entry.module === module);
  if (!page) return { status: 'unavailable', reason: `${remote} does not provide ${module}` };
  try {
    const loaded: PageModule = await page.load();
    return { status: 'loaded', Page: loaded.default, loader: loaded.loader };
  } catch (error) {
    return {
      status: 'unavailable',
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}
