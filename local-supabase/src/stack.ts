import { appendFile, mkdir, readFile, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  ANON_KEY,
  API_PORT,
  API_URL,
  HOST,
  OUTBOX_PORT,
  OUTBOX_URL,
  SERVICE_ROLE_KEY,
  SMTP_PORT,
  adminDatabaseUrl,
  dataDir,
  databaseUrl,
  externalDatabaseUrl,
} from './config';
import { applyBootstrap, applyMigrations, applySeed, connect, isFreshDatabase, wipeDatabase } from './database';
import { scheduleFunction } from './function-schedule';
import { startGateway } from './gateway';
import type { StackHealth } from './health';
import { Outbox, startOutboxServer } from './outbox';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './postgres';
import { startPostgrest } from './postgrest';
import { portFreeWithin, isProcessAlive, processLooksLike, readPidFile, sleep, waitForProcessExit } from './process-utils';
import { seedStorage } from './seed-storage';
import { startSmtpListener, pointSchoolMailAtListener } from './smtp-listener';
import { ObjectFiles } from './storage-files';

export interface StartOptions {
  /** Wipe the data (or the DATABASE_URL database) first, then re-apply migrations and seed. */
  reset?: boolean;
  /** Print nothing but errors. */
  quiet?: boolean;
}

export interface StackHandle {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  outboxUrl: string;
  /** True when a stack that was already running is being reused; stop() then leaves it running. */
  reused: boolean;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

const LOCK_FILE = 'stack.lock';

function makeLog(quiet: boolean | undefined): Log {
  return quiet ? () => undefined : (line) => console.log(`[local-supabase] ${line}`);
}

export interface StackProbe {
  /** healthy: every component up; broken: a local-supabase gateway answers but something is down; absent: no answer. */
  state: 'healthy' | 'broken' | 'absent';
  /** The stack process, when it said. */
  pid?: number;
  /** The components that are down. */
  down?: string[];
}

/** Asks the gateway on the API port how every component is. */
export async function probeStack(timeoutMs = 3_000): Promise<StackProbe> {
  try {
    const response = await fetch(`${API_URL}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json()) as Partial<StackHealth>;
    if (body.name !== 'local-supabase') return { state: 'absent' };
    const pid = typeof body.pid === 'number' ? body.pid : undefined;
    if (response.ok && body.status === 'ok') return { state: 'healthy', pid };
    const down = Object.entries(body.components ?? {})
      .filter(([, component]) => component.status !== 'ok')
      .map(([name, component]) => `${name} (${component.error ?? 'down'})`);
    return { state: 'broken', pid, down };
  } catch {
    return { state: 'absent' };
  }
}

/** True when a local-supabase gateway answers and reports every component healthy. */
export async function isStackHealthy(timeoutMs = 3_000): Promise<boolean> {
  return (await probeStack(timeoutMs)).state === 'healthy';
}

/** How long a stack that reports a component down may take to heal itself before it is replaced. */
const BROKEN_GRACE_MS = 6_000;

/**
 * A stack answering with a component down gets a few seconds (its supervisor restarts PostgREST and
 * Postgres); if it stays broken it is stopped (SIGTERM, then SIGKILL) so a fresh one can start.
 * Answers whether a healthy stack is running afterwards.
 */
async function replaceBrokenStack(log: Log): Promise<boolean> {
  let probe = await probeStack();
  if (probe.state !== 'broken') return probe.state === 'healthy';
  const deadline = Date.now() + BROKEN_GRACE_MS;
  while (probe.state === 'broken' && Date.now() < deadline) {
    await sleep(500);
    probe = await probeStack();
  }
  if (probe.state === 'healthy') return true;
  if (probe.state === 'absent' || probe.pid === undefined) return false;
  await stopStackProcess(probe.pid, `it reports ${probe.down?.join(', ') || 'a component'} down`, log);
  return false;
}

async function stopStackProcess(pid: number, why: string, log: Log): Promise<void> {
  if (pid === process.pid || !(await processLooksLike(pid, 'node'))) {
    throw new Error(`A broken stack (pid ${pid}) runs on ${API_URL} and could not be stopped: stop it, then start again.`);
  }
  log(`Stopping the stack already running on ${API_URL} (pid ${pid}): ${why}…`);
  process.kill(pid, 'SIGTERM');
  process.kill(pid, 'SIGCONT');
  if (!(await waitForProcessExit(pid, 10_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForProcessExit(pid, 5_000);
  }
}

function handle(reused: boolean, stop: () => Promise<void>): StackHandle {
  return {
    apiUrl: API_URL,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    dbUrl: databaseUrl(),
    outboxUrl: OUTBOX_URL,
    reused,
    stop,
  };
}

/**
 * One starter per data dir. Returns a release function, or 'running' when another process finished
 * starting a healthy stack while we waited.
 */
async function acquireLock(dir: string, log: Log): Promise<(() => Promise<void>) | 'running'> {
  const file = path.join(dir, LOCK_FILE);
  const release = () => unlink(file).catch(() => undefined);
  const deadline = Date.now() + 120_000;
  let waitingFor: number | undefined;
  while (Date.now() < deadline) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readPidFile(file);
    if (owner === undefined || owner === process.pid || !isProcessAlive(owner)) {
      await unlink(file).catch(() => undefined);
      continue;
    }
    if (await isStackHealthy()) return 'running';
    // Finished starting once ("ready") yet not healthy now: a broken or hung stack, not a starting one.
    if ((await readFile(file, 'utf8').catch(() => '')).includes('ready')) {
      if (await replaceBrokenStack(log)) return 'running';
      if (isProcessAlive(owner)) await stopStackProcess(owner, 'it does not answer /health', log);
      continue;
    }
    if (waitingFor !== owner) {
      log(`Waiting for another local-supabase process (pid ${owner}) to finish starting…`);
      waitingFor = owner;
    }
    await sleep(500);
  }
  throw new Error(`Another local-supabase process holds ${file} and never became healthy.`);
}

async function wipeDataDir(dir: string): Promise<void> {
  for (const entry of await readdir(dir)) {
    if (entry !== LOCK_FILE) await rm(path.join(dir, entry), { recursive: true, force: true });
  }
}

async function assertPortFree(port: number, what: string): Promise<void> {
  if (!(await portFreeWithin(port, HOST))) {
    throw new Error(`Port ${port} (${what}) is already in use by another program.`);
  }
}

/** Starts Postgres (unless DATABASE_URL), then bootstrap, pending migrations and — on a fresh database — the seed. */
async function prepareDatabase(dir: string, reset: boolean, log: Log): Promise<EmbeddedPostgresHandle | undefined> {
  if (reset) {
    log(externalDatabaseUrl() ? 'Resetting the DATABASE_URL database…' : `Wiping ${dir}…`);
    if (!externalDatabaseUrl()) await wipeDataDir(dir);
  }
  const postgres = externalDatabaseUrl() ? undefined : await startEmbeddedPostgres(dir, log);
  try {
    // The superuser builds what hosted Supabase provides; everything after runs as the non-superuser
    // `postgres`, as `supabase db push` and `supabase db reset` do on hosted Supabase.
    const admin = await connect(adminDatabaseUrl());
    let fresh: boolean;
    try {
      if (reset && externalDatabaseUrl()) await wipeDatabase(admin);
      fresh = await isFreshDatabase(admin);
      await applyBootstrap(admin);
    } finally {
      await admin.end();
    }
    const client = await connect(databaseUrl());
    try {
      const { applied, changed } = await applyMigrations(client);
      for (const migration of applied) log(`Applied migration ${migration.version}_${migration.name}`);
      for (const migration of changed) {
        console.warn(
          `[local-supabase] Migration ${migration.version}_${migration.name} changed after it was applied; ` +
            'it is not re-run. Add a new migration, or reset (pnpm db:reset).',
        );
      }
      if (fresh) {
        if (await applySeed(client)) log('Loaded supabase/seed.sql');
        const objects = await seedStorage(client, { files: new ObjectFiles(dir) });
        if (objects.length > 0) log(`Loaded ${objects.length} files from supabase/seed/storage`);
      }
    } finally {
      await client.end();
    }
  } catch (error) {
    await postgres?.stop().catch(() => undefined);
    throw error;
  }
  return postgres;
}

export async function startStack(options: StartOptions = {}): Promise<StackHandle> {
  const log = makeLog(options.quiet);
  const startedAt = Date.now();
  // Reused only when every component answers; a broken one is stopped and a fresh one started.
  if (await replaceBrokenStack(log)) {
    if (options.reset) throw new Error(`A stack is already running on ${API_URL}; stop it before resetting.`);
    return handle(true, async () => undefined);
  }

  const dir = dataDir();
  await mkdir(dir, { recursive: true });
  const lock = await acquireLock(dir, log);
  if (lock === 'running') {
    if (options.reset) throw new Error(`A stack is already running on ${API_URL}; stop it before resetting.`);
    return handle(true, async () => undefined);
  }

  let postgres: EmbeddedPostgresHandle | undefined;
  const services: Array<() => Promise<void>> = [];
  let shuttingDown = false;
  const shutDown = async () => {
    shuttingDown = true;
    // Services stop together (PostgREST is signalled synchronously, before the first await), then the
    // database they use, then the lock.
    await Promise.allSettled(services.splice(0).map((stopService) => stopService()));
    await postgres?.stop().catch(() => undefined);
    postgres = undefined;
    await lock();
  };
  try {
    await assertPortFree(API_PORT, 'API gateway');
    await assertPortFree(OUTBOX_PORT, 'mail outbox');
    await assertPortFree(SMTP_PORT, 'SMTP listener');
    postgres = await prepareDatabase(dir, options.reset === true, log);
    const postgrest = await startPostgrest(dir, log);
    services.push(() => postgrest.stop());
    const pool = new pg.Pool({
      connectionString: databaseUrl(),
      max: 10,
      application_name: 'local-supabase-gateway',
      // A database that does not answer fails the request instead of holding it forever.
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection (database restarted) must not crash the process; said once
    // per outage, not once per pooled connection. Requests meanwhile fail with one line each (gateway).
    let lastPoolError = 0;
    pool.on('error', (error) => {
      if (shuttingDown || Date.now() - lastPoolError < 10_000) return;
      lastPoolError = Date.now();
      console.error(`[local-supabase] database connection lost: ${error.message.split('\n')[0]}`);
    });
    services.push(() => pool.end());
    const outbox = new Outbox(pool);
    // The school's mail reaches the outbox through SMTP, as it would reach a real mail server.
    const smtp = await startSmtpListener({ port: SMTP_PORT, onMail: (mail) => outbox.receive(mail) });
    services.push(() => smtp.close());
    if (await pointSchoolMailAtListener(pool, SMTP_PORT)) {
      log(`System Settings → Email now sends through the local SMTP listener (${HOST}:${SMTP_PORT})`);
    }
    const outboxServer = await startOutboxServer(outbox);
    services.push(() => outboxServer.close());
    const gateway = await startGateway(pool, outbox);
    services.push(() => gateway.close());
    // Files of deleted materials, submissions, activities, courses and users (storage-cleanup); and,
    // once a minute as on hosted Supabase, the sweep for uploads no row ever named
    // (20261201009000_storage_orphans.sql).
    const cleanup = scheduleFunction(
      pool,
      'storage-cleanup',
      `select 1 from private.storage_deletions
        where next_attempt_at <= now() and (locked_until is null or locked_until <= now())
       union all
       select 1 from private.storage_orphan_sweep where swept_at <= now() - interval '1 minute'
       limit 1`,
    );
    services.push(() => cleanup.close());
  } catch (error) {
    await shutDown();
    throw error;
  }
  // Marks the lock: from now on a stack that does not answer healthy is broken, not starting.
  await appendFile(path.join(dir, LOCK_FILE), 'ready\n').catch(() => undefined);
  log(`Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  let stopping: Promise<void> | undefined;
  return handle(false, () => (stopping ??= shutDown()));
}

/** Wipes the data and rebuilds the database (bootstrap, migrations, seed) without serving anything. */
export async function rebuildDatabase(options: { quiet?: boolean } = {}): Promise<void> {
  const log = makeLog(options.quiet);
  if (await isStackHealthy()) {
    throw new Error(`A stack is running on ${API_URL}; stop it first (Ctrl+C in its terminal), then reset.`);
  }
  const dir = dataDir();
  await mkdir(dir, { recursive: true });
  const lock = await acquireLock(dir, log);
  if (lock === 'running') throw new Error(`A stack started on ${API_URL} meanwhile; stop it first, then reset.`);
  try {
    const postgres = await prepareDatabase(dir, true, log);
    await postgres?.stop();
  } finally {
    await lock();
  }
}
