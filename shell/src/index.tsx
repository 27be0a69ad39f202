// The stylesheet is part of the entry, so the HTML links it in its head: the sign-in page's built
// HTML (auth.html) paints styled before any script has run.
import '@portal/shared-ui/styles.css';
// The async boundary lets Module Federation negotiate shared modules before any app code runs.
// The config request starts now, while the first chunks download, instead of after them.
import { fetchPortalConfig } from '@portal/shared-data/config-request';

const config = fetchPortalConfig();
// An early failure is reported by the start-up screen when the bootstrap reads it.
config.catch(() => undefined);
void import(/* webpackChunkName: "bootstrap" */ './bootstrap').then(({ start }) => start(config));
