import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import {
  ADMIN_DASHBOARD_DEFAULT_PERIOD,
  loadDataClient,
  viewerTimeZone,
} from '@portal/shared-data';
import { createQueryClient, dashboardQueries } from '@portal/shared-data/queries';
import { resolveRoute, routePaths } from './route-table';
import { loadRemotePage } from '../features/remotes/remote-registry';
import { rememberedUser } from '../features/remotes/role-hint';

export { forgetRole, rememberRole } from '../features/remotes/role-hint';

// A signed-in page load waits for a chain of answers before its page shows: the session check
// (the profile, then the second-factor rule), the remote's manifest, its page code, and only then
// the page's first read. The role decides the rest, so the shell remembers it: when the stored
// session is the user it remembered, the page's code and its first read start at once, beside the
// session check. The server still decides what comes back (a hint that is wrong costs a download,
// nothing else), and the page shows only after the session check has passed.

/**
 * The first read of the pages that have one the shell can start, by `remote:module`: the query
 * options the page itself uses first, so the page finds the answer (or the request) in the cache.
 */
type FirstRead = (client: QueryClient) => Promise<void>;
const FIRST_READS: Record<string, FirstRead> = {
  'student:./Dashboard': (client) => client.prefetchQuery(dashboardQueries.student()),
  'teacher:./Dashboard': (client) => client.prefetchQuery(dashboardQueries.teacher()),
  'admin:./Dashboard': (client) =>
    client.prefetchQuery(dashboardQueries.admin(ADMIN_DASHBOARD_DEFAULT_PERIOD, viewerTimeZone())),
};

let early: { userId: string; client: QueryClient } | null = null;

export type EarlyStartDeps = {
  loadPage: (remote: 'student' | 'teacher' | 'admin', module: string) => Promise<unknown>;
  /** Runs the first read once the data client is there (it loads beside the shell's start). */
  prefetch: (client: QueryClient, read: FirstRead) => void;
};

const defaultDeps: EarlyStartDeps = {
  loadPage: (remote, module) => loadRemotePage(remote, module),
  prefetch: (client, read) => void loadDataClient().then(() => read(client)),
};

/**
 * At start, before the session check: when the stored session belongs to the remembered user,
 * loads the page's code for `pathname` and starts its first read in a QueryClient that the
 * signed-in layout takes over (earlyQueryClientFor). Returns what it started, for the tests.
 */
export function startRememberedPage(
  pathname: string,
  deps: EarlyStartDeps = defaultDeps,
): { remote: string; module: string; firstRead: boolean } | null {
  const hint = rememberedUser();
  if (!hint) return null;
  const pattern = routePaths().find((path) => matchPath(path, pathname));
  if (!pattern) return null;
  const resolution = resolveRoute(pattern, hint.role);
  if (resolution.status !== 'allowed' || resolution.route.source.kind !== 'remote') return null;
  const { remote, module } = resolution.route.source;
  void deps.loadPage(remote, module).catch(() => undefined);
  const firstRead = FIRST_READS[`${remote}:${module}`];
  if (firstRead) {
    early = { userId: hint.userId, client: createQueryClient() };
    deps.prefetch(early.client, firstRead);
  }
  return { remote, module, firstRead: Boolean(firstRead) };
}

/**
 * The QueryClient the early start filled, for the user the session check confirmed; null when there
 * is none or it was started for someone else (then it is dropped with its reads). The same client
 * on every call (a render React throws away and repeats asks again) until the session ends.
 */
export function earlyQueryClientFor(userId: string): QueryClient | null {
  if (!early) return null;
  if (early.userId === userId) return early.client;
  early.client.clear();
  early = null;
  return null;
}

/** The session ended: the next sign-in starts with a new client, whoever it is. */
export function endEarlyStart(): void {
  early = null;
}
