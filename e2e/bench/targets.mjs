// The two portals the bench compares, served by scripts/serve-apps.mjs from their build folders:
//  - federated: the shell (3000) and the three remotes (3001–3003), as `pnpm start` serves them
//    (from a snapshot of their dist folders taken at the start);
//  - single: the single-app baseline (3100).
// Both get the shell's portal.config.json, pointed at this run's local stack.
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { API_URL, APPS, ROOT } from '../../scripts/lib.mjs';
import { serveApp } from '../../scripts/serve-apps.mjs';

export const SINGLE_PORT = 3100;
const FEDERATED_COPY = join(ROOT, 'e2e', 'bench', 'dist', 'federated');

/** Fails early, naming the fix, when an app has not been built. */
export function assertBuilt() {
  const missing = APPS.filter(({ name }) => !existsSync(join(ROOT, name, 'dist', 'index.html')));
  if (missing.length) {
    throw new Error(
      `Not built: ${missing.map(({ name }) => name).join(', ')}. Run \`pnpm build\` first.`,
    );
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path)
      .filter((entry) => entry !== 'node_modules' && entry !== 'dist')
      .map((entry) => newestMtime(join(path, entry))),
  );
}

/**
 * The single app is built from the sources now; the federated portal is whatever `pnpm build` left.
 * Names the apps whose sources changed since (the comparison is then not like for like).
 */
export function staleBuilds() {
  const shared = ['shared-ui', 'shared-data', 'module-federation.shared.ts'].map(
    (path) => newestMtime(join(ROOT, path)),
  );
  return APPS.filter(
    ({ name }) =>
      Math.max(newestMtime(join(ROOT, name)), ...shared) >
      statSync(join(ROOT, name, 'dist', 'index.html')).mtimeMs,
  ).map(({ name }) => name);
}

/** The browser calls the API from http://localhost:3100 too: the stack must allow that origin. */
export async function assertStackAcceptsSingleApp() {
  const origin = `http://localhost:${SINGLE_PORT}`;
  const response = await fetch(`${API_URL}/auth/v1/token`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
  });
  if (response.headers.get('access-control-allow-origin') !== origin) {
    throw new Error(
      `The local stack at ${API_URL} refuses ${origin}. Start it with LOCAL_SUPABASE_EXTRA_ORIGINS=${origin} (as \`pnpm bench:web\` does), or stop the running one so the bench starts its own.`,
    );
  }
}

function pointConfigAtStack(dist) {
  const file = join(dist, 'portal.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...config, supabaseUrl: API_URL }, null, 2));
}

/**
 * A snapshot of the four apps' builds, so a `pnpm build` during the bench cannot swap files under a
 * running journey. The shell's config points at this run's stack (another LOCAL_SUPABASE_PORT_OFFSET).
 */
function snapshotFederatedBuilds() {
  rmSync(FEDERATED_COPY, { recursive: true, force: true });
  return APPS.map((app) => {
    const dist = join(FEDERATED_COPY, app.name);
    cpSync(join(ROOT, app.name, 'dist'), dist, { recursive: true });
    if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, 'mf-manifest.json'))) {
      throw new Error(
        `${app.name}/dist changed while it was copied (a build running?): run the bench again`,
      );
    }
    if (app.name === 'shell') pointConfigAtStack(dist);
    return { ...app, dist };
  });
}

/**
 * Starts the servers. Each target: `base` (where the journeys start) and `folderOf(url)`, the
 * build folder that served a URL (sizes are read from disk).
 */
export async function serveTargets(singleDist) {
  pointConfigAtStack(singleDist);
  const federatedApps = snapshotFederatedBuilds();
  const singleApp = { name: 'single', port: SINGLE_PORT, dist: singleDist };
  const started = await Promise.allSettled([...federatedApps, singleApp].map(serveApp));
  const servers = started
    .filter((result) => result.status === 'fulfilled')
    .map((result) => result.value);
  const refused = started.find((result) => result.status === 'rejected');
  if (refused) {
    for (const server of servers) server.close();
    const { reason } = refused;
    throw reason?.code === 'EADDRINUSE'
      ? new Error(
          `Port ${reason.port} is in use (\`pnpm start\`, e2e tests or another bench?): stop it and run again`,
        )
      : reason;
  }

  const target = (name, apps) => {
    const folders = new Map(apps.map(({ port, dist }) => [`http://localhost:${port}`, dist]));
    return {
      name,
      base: `http://localhost:${apps[0].port}`,
      folderOf: (url) => folders.get(new URL(url).origin),
    };
  };
  return {
    federated: target('federated', federatedApps),
    single: target('single', [singleApp]),
    close: () =>
      Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))),
  };
}
