// Small process helpers shared by the start/dev/test scripts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Follows local-supabase's LOCAL_SUPABASE_PORT_OFFSET so a second stack can run beside the first.
export const API_URL = `http://127.0.0.1:${54321 + (Number.parseInt(process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '0', 10) || 0)}`;
export const APPS = [
  { name: 'shell', port: 3000 },
  { name: 'student-app', port: 3001 },
  { name: 'teacher-app', port: 3002 },
  { name: 'admin-app', port: 3003 },
];
export const DEMO_ACCOUNTS = [
  ['admin', 'admin@school.test'],
  ['teacher', 'teacher@school.test'],
  ['student', 'student@school.test'],
];
export const DEMO_PASSWORD = 'password123';

const children = new Set();

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    children.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`));
    });
  });
}

/** A server in its own process group, so stopping it also stops what pnpm started under it. */
export function startLongRunning(command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', detached: true, ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export async function stopAll() {
  const waits = [...children].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        signal(child, 'SIGTERM');
        setTimeout(() => {
          if (child.exitCode === null) signal(child, 'SIGKILL');
        }, 8000).unref();
      }),
  );
  await Promise.all(waits);
}

function signal(child, name) {
  try {
    // Detached children lead their own group: signal the whole group.
    process.kill(child.spawnargs && child.pid ? -child.pid : child.pid, name);
  } catch {
    child.kill(name);
  }
}

export async function isHealthy(url, timeoutMs = 1000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

export async function waitFor(url, { timeoutMs = 120_000, label = url } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await isHealthy(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label} did not become ready within ${timeoutMs / 1000}s`);
}

/** Starts the local Supabase stack unless one is already answering; returns whether we started it. */
export async function ensureBackend({ dataDir, reset = false } = {}) {
  if (await isHealthy(`${API_URL}/health`)) return false;
  const args = ['exec', 'tsx', 'src/cli.ts', 'start'];
  if (reset) args.push('--reset');
  startLongRunning('pnpm', args, {
    cwd: join(ROOT, 'local-supabase'),
    env: { ...process.env, ...(dataDir ? { LOCAL_SUPABASE_DATA_DIR: dataDir } : {}) },
  });
  await waitFor(`${API_URL}/health`, { label: 'Local Supabase' });
  return true;
}

export function onExit(cleanup) {
  let exiting = false;
  const handler = async (signal) => {
    if (exiting) return;
    exiting = true;
    await cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/**
 * Prints the deadlock reports Postgres logged (in `<dataDir>/postgres.log`, local-supabase/src/postgres.ts)
 * since `since`: each cycle's processes, the locks they waited for and their statements, which the
 * refused request's own error does not carry. For a failed test run, so CI output shows the cycle.
 */
export function printDeadlockReports(dataDir, since, { max = 5 } = {}) {
  const file = join(dataDir, 'postgres.log');
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const lines = text.split('\n');
  const reports = [];
  for (let i = 0; i < lines.length && reports.length < max; i += 1) {
    const line = lines[i];
    if (!line.includes('ERROR:  deadlock detected')) continue;
    const at = Date.parse(line.slice(0, 23).replace(' ', 'T') + 'Z');
    if (Number.isFinite(at) && at < since) continue;
    const pid = /\[(\d+)\]/.exec(line)?.[1];
    const report = [line];
    // Its DETAIL, CONTEXT and STATEMENT lines (same process) and their indented continuations.
    for (let j = i + 1; j < lines.length; j += 1) {
      const next = lines[j];
      if (/^\s/.test(next) || (pid && next.includes(`[${pid}]`) && !next.includes('ERROR:')))
        report.push(next);
      else break;
    }
    reports.push(report.slice(0, 60).join('\n'));
  }
  if (reports.length === 0) return;
  console.error(
    `\nPostgres reported ${reports.length === max ? `at least ${max}` : reports.length} deadlock(s) (${file}):`,
  );
  for (const report of reports) console.error(`\n${report}`);
}
