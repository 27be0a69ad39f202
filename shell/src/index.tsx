// The async boundary lets Module Federation negotiate shared modules before any app code runs.
// The config request starts now, while the first chunks download, instead of after them.
import { fetchPortalConfig } from '@portal/shared-data/config-request';
import { discardPrerender } from './prerender/handover';
import { yieldToMain } from './yield-to-main';

const config = fetchPortalConfig();
// An early failure is reported by the start-up screen when the bootstrap reads it.
config.catch(() => undefined);
// The federation runtime sets up its shared modules on the first import: in a task of its own,
// after this file's evaluation, instead of one long task with it.
yieldToMain()
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'))
  .then(({ start }) => start(config))
  .catch((error: unknown) => {
    // A start that failed before any screen took the page (the bootstrap's download, a failed
    // start-up screen): the built sign-in page must not stay up, taking a password it cannot send.
    discardPrerender();
    throw error;
  });
