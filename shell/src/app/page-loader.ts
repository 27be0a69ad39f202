import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { AppUser } from '@portal/shared-data';
import { loadRemotePage, type RemoteLoad } from '../features/remotes/remote-registry';
import { portalQueryCache } from './query-cache';
import { resolveRoute, type RemoteName } from './route-table';
import { signedInUser } from './session';

/** What a signed-in page's route loader hands the page: its remote module, loaded (or not). */
export type PageLoad = { remote: RemoteName; module: string; load: RemoteLoad };

export type PageLoaderDeps = {
  user: () => Promise<AppUser | null>;
  /** The user's QueryClient, with their kept cache restored. */
  queryClient: (userId: string) => Promise<QueryClient>;
  loadPage: (remote: RemoteName, module: string) => Promise<RemoteLoad>;
};

const portalDeps: PageLoaderDeps = {
  user: () => signedInUser(),
  queryClient: (userId) => portalQueryCache.clientFor(userId),
  loadPage: (remote, module) => loadRemotePage(remote, module),
};

/**
 * The route loader of a signed-in page (`path`, a pattern of the route table): once the session
 * check has named the user, it resolves the user's route, loads the remote's page module through
 * the registry (retries, fallback panel), restores the user's kept query cache, and runs the page's
 * own loader (the remote's optional `loader` export) so the page renders with its first reads in the
 * cache. It never throws for a page's failure: a remote that cannot load is shown as unavailable by
 * the page, and a failed first read by the screen's own error state.
 */
export function pageLoader(path: string, deps: PageLoaderDeps = portalDeps) {
  return async ({ params }: Pick<LoaderFunctionArgs, 'params'>): Promise<PageLoad | null> => {
    const user = await deps.user();
    // A visitor (the session gate sends them to /auth) or a failed check (its own screen).
    if (!user) return null;
    const [client, page] = await Promise.all([
      deps.queryClient(user.id),
      loadRemotePageOf(path, user, deps),
    ]);
    if (page?.load.status === 'loaded' && page.load.loader) {
      try {
        await page.load.loader(client, params);
      } catch (error) {
        // The screen's query is in its error state: the screen shows it, translated, with Retry.
        console.warn(`The first read of ${page.remote}:${page.module} failed`, error);
      }
    }
    return page;
  };
}

/** The user's remote page at `path`; null for a page of the shell, another role's or none. */
async function loadRemotePageOf(
  path: string,
  user: AppUser,
  deps: PageLoaderDeps,
): Promise<PageLoad | null> {
  const resolution = resolveRoute(path, user.role);
  if (resolution.status !== 'allowed' || resolution.route.source.kind !== 'remote') return null;
  const { remote, module } = resolution.route.source;
  return { remote, module, load: await deps.loadPage(remote, module) };
}
