import { mkdir, readdir, rm, unlink, writeFile } from 'node:fs/promises';
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
  dataDir,
  databaseUrl,
  externalDatabaseUrl,
} from './config';
import { applyBootstrap, applyMigrations, applySeed, connect, isFreshDatabase, wipeDatabase } from './database';
import { startGateway } from './gateway';
import { Outbox, startOutboxServer } from './outbox';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './postgres';
import { startPostgrest } from './postgrest';
import { isPortFree, isProcessAlive, readPidFile, sleep } from './process-utils';
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

/** True when a local-supabase gateway answers healthy on the API port. */
export async function isStackHealthy(timeoutMs = 1_500): Promise<boolean> {
  try {
    const response = await fetch(`${API_URL}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return false;
    const body = (await response.json()) as { name?: string; status?: string };
    return body.name === 'local-supabase' && body.status === 'ok';
  } catch {
    return false;
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
  if (!(await isPortFree(port, HOST))) {
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
    const client = await connect(databaseUrl());
    try {
      if (reset && externalDatabaseUrl()) await wipeDatabase(client);
      const fresh = await isFreshDatabase(client);
      await applyBootstrap(client);
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
  if (await isStackHealthy()) {
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
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 10, application_name: 'local-supabase-gateway' });
    // An idle client losing its connection (database restarted) must not crash the process.
    pool.on('error', (error) => {
      if (!shuttingDown) console.error('[local-supabase] database connection error:', error.message);
    });
    services.push(() => pool.end());
    const outbox = new Outbox(pool);
    await outbox.prepare();
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
  } catch (error) {
    await shutDown();
    throw error;
  }
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
