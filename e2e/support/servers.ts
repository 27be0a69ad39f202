import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PID_FILE = join(ROOT, 'e2e', 'test-results', 'app-servers.json');

export const APP_PORTS = {
  shell: 3000,
  'student-app': 3001,
  'teacher-app': 3002,
  'admin-app': 3003,
} as const;
export type AppName = keyof typeof APP_PORTS;

async function answers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => Promise<boolean>, label: string, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${label} timed out`);
}

function readPids(): Partial<Record<AppName, number>> {
  return existsSync(PID_FILE)
    ? (JSON.parse(readFileSync(PID_FILE, 'utf8')) as Partial<Record<AppName, number>>)
    : {};
}

function writePids(pids: Partial<Record<AppName, number>>) {
  mkdirSync(dirname(PID_FILE), { recursive: true });
  writeFileSync(PID_FILE, JSON.stringify(pids));
}

/** One process per app, so a test can stop a single remote the way an outage would. */
export async function startAppServer(app: AppName): Promise<void> {
  if (await answers(APP_PORTS[app])) return;
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'serve-apps.mjs'), app], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  child.unref();
  writePids({ ...readPids(), [app]: child.pid });
  await waitUntil(() => answers(APP_PORTS[app]), `${app} server`);
}

export async function stopAppServer(app: AppName): Promise<void> {
  const pids = readPids();
  const pid = pids[app];
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    delete pids[app];
    writePids(pids);
  }
  await waitUntil(async () => !(await answers(APP_PORTS[app])), `${app} shutdown`);
}

export async function startAllAppServers() {
  await Promise.all((Object.keys(APP_PORTS) as AppName[]).map(startAppServer));
}

export async function stopAllAppServers() {
  const pids = readPids();
  for (const app of Object.keys(pids) as AppName[]) await stopAppServer(app);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Serves a folder the way a remote's host would (CORS on, no SPA fallback), inside the test
 * process: for a build that lives outside the workspace, e.g. a copy in a temp folder. `spa`: the
 * shell's host, which answers every other address with index.html.
 */
export async function serveFolder(
  folder: string,
  port: number,
  { spa = false } = {},
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    let path = normalize(
      join(folder, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)),
    );
    response.setHeader('Access-Control-Allow-Origin', '*');
    const missing = !existsSync(path) || statSync(path).isDirectory();
    if (spa && missing && path.startsWith(folder) && !extname(path))
      path = join(folder, 'index.html');
    if (!path.startsWith(folder) || !existsSync(path) || statSync(path).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    response.end(readFileSync(path));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
