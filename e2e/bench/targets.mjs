// The three portals the bench compares, served by scripts/serve-apps.mjs from copies of their build
// folders taken at the start (a `pnpm build` during the bench cannot swap files under a journey):
//  - new: this checkout's `pnpm build`, the shell on 3000 and the remotes on 3001–3003, as
//    `pnpm start` serves them;
//  - old: the baseline commit's build (baseline.mjs), the shell on 3200 and the remotes on 3201–3203;
//  - single: the single-app baseline (single-app/), on 3100.
// Each shell's portal.config.json is pointed at its own remotes and at this run's local stack.
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

const SERVED = join(ROOT, 'e2e', 'bench', 'dist', 'served');
export const SHELL_PORTS = { new: 3000, single: 3100, old: 3200 };
/** The origins that call the API besides the four default ones (`pnpm bench:web` allows them). */
export const EXTRA_ORIGINS = [SHELL_PORTS.single, SHELL_PORTS.old].map(
  (port) => `http://localhost:${port}`,
);

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
 * The single app is built from the sources now; the new portal is whatever `pnpm build` left.
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

/** The browser calls the API from each shell's origin: the stack must allow every one. */
export async function assertStackAcceptsOrigins() {
  for (const origin of EXTRA_ORIGINS) {
    const response = await fetch(`${API_URL}/auth/v1/token`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
    });
    if (response.headers.get('access-control-allow-origin') !== origin) {
      throw new Error(
        `The local stack at ${API_URL} refuses ${origin}. Start it with LOCAL_SUPABASE_EXTRA_ORIGINS=${EXTRA_ORIGINS.join(',')} (as \`pnpm bench:web\` does), or stop the running one so the bench starts its own.`,
      );
    }
  }
}

/**
 * Points a shell's runtime config at this run's stack and, for a federated build, at the remotes
 * served beside it (a remote on the default port 300n moves to the same app's port in `apps`).
 */
function pointConfig(dist, apps) {
  const file = join(dist, 'portal.config.json');
  const config = { ...JSON.parse(readFileSync(file, 'utf8')), supabaseUrl: API_URL };
  if (apps) {
    const portOf = new Map(APPS.map(({ port }, index) => [port, apps[index].port]));
    config.remotes = Object.fromEntries(
      Object.entries(config.remotes ?? {}).map(([name, address]) => {
        const url = new URL(address);
        const port = portOf.get(Number(url.port));
        if (port === undefined) throw new Error(`${file}: remote ${name} (${address}) is no app`);
        url.port = String(port);
        return [name, url.href];
      }),
    );
  }
  writeFileSync(file, JSON.stringify(config, null, 2));
}

/** Copies a build folder to SERVED/<target>/<app> and checks it was complete. */
function copyBuild(from, target, app) {
  const dist = join(SERVED, target, app);
  cpSync(from, dist, { recursive: true });
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${from} changed while it was copied (a build running?): run the bench again`);
  }
  return dist;
}

/** The four apps of a federated build under `root` (<root>/<app>/dist), the shell on `shellPort`. */
function federatedApps(target, root, shellPort) {
  const apps = APPS.map(({ name }, index) => ({
    name: `${target} ${name}`,
    port: shellPort + index,
    dist: copyBuild(join(root, name, 'dist'), target, name),
  }));
  pointConfig(apps[0].dist, apps);
  return apps;
}

/**
 * Starts the servers for { new, old, single } (build roots; single is its dist folder). Each target
 * has `name`, `base` (where the journeys start) and `folderOf(url)`, the build folder that served a
 * URL (sizes are read from disk).
 */
export async function serveTargets({ oldRoot, singleDist }) {
  rmSync(SERVED, { recursive: true, force: true });
  const groups = {
    new: federatedApps('new', ROOT, SHELL_PORTS.new),
    old: federatedApps('old', oldRoot, SHELL_PORTS.old),
    single: [
      {
        name: 'single',
        port: SHELL_PORTS.single,
        dist: copyBuild(singleDist, 'single', 'single'),
      },
    ],
  };
  pointConfig(groups.single[0].dist);
  const apps = Object.values(groups).flat();
  const started = await Promise.allSettled(apps.map(serveApp));
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

  const target = (name, group) => {
    const folders = new Map(group.map(({ port, dist }) => [`http://localhost:${port}`, dist]));
    return {
      name,
      base: `http://localhost:${group[0].port}`,
      folderOf: (url) => folders.get(new URL(url).origin),
    };
  };
  return {
    new: target('new', groups.new),
    old: target('old', groups.old),
    single: target('single', groups.single),
    close: () =>
      Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))),
  };
}
