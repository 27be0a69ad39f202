// `pnpm start`: build what is missing or stale, start the local backend, serve the four apps.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APPS, DEMO_ACCOUNTS, DEMO_PASSWORD, ROOT, ensureBackend, onExit, run, stopAll } from './lib.mjs';
import { serveApp } from './serve-apps.mjs';

const started = performance.now();

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isStale(app) {
  const built = join(ROOT, app, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(
    ...[app, 'shared-ui', 'shared-data'].map((dir) => newestMtime(join(ROOT, dir))),
    statSync(join(ROOT, 'module-federation.shared.ts')).mtimeMs,
  );
  return sources > statSync(built).mtimeMs;
}

onExit(stopAll);

const stale = APPS.map((app) => app.name).filter(isStale);
if (stale.length) {
  console.log(`Building ${stale.join(', ')}…`);
  await run('pnpm', ['-r', ...stale.flatMap((name) => ['--filter', `./${name}`]), 'build']);
  await run('node', ['scripts/compress-dist.mjs', ...stale]);
}
const backendPromise = ensureBackend();
const servers = await Promise.all(APPS.map(serveApp));
await backendPromise;

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`
Language-school portal ready in ${seconds}s

  Portal:        http://localhost:3000
  Supabase API:  http://127.0.0.1:54321
  Mail outbox:   http://127.0.0.1:54324
  SMTP listener: 127.0.0.1:54326 (the school's mail arrives in the outbox)

  Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map(([role, email]) => `    ${role.padEnd(8)} ${email}`).join('\n')}

Press Ctrl+C to stop.`);

onExit(async () => {
  for (const server of servers) server.close();
  await stopAll();
});
