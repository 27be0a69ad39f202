import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import net from 'node:net';
import type pg from 'pg';
import { API_URL, FUNCTIONS_DIR, HOST, POSTGREST_ADMIN_PORT, SMTP_PORT, dataDir } from './config';

/** The parts of the stack `/health` reports on; any one down makes the answer 503. */
export const COMPONENTS = ['postgres', 'postgrest', 'auth', 'storage', 'functions', 'smtp'] as const;
export type Component = (typeof COMPONENTS)[number];

export interface ComponentHealth {
  status: 'ok' | 'down';
  /** Why it is down (one line). */
  error?: string;
}

export interface StackHealth {
  status: 'ok' | 'degraded';
  name: 'local-supabase';
  api: string;
  /** The stack process (gateway), so a starter can stop a broken stack before starting afresh. */
  pid: number;
  components: Record<Component, ComponentHealth>;
}

export interface HealthOptions {
  postgrestAdminPort?: number;
  smtpPort?: number;
  /** Per check. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2_000;

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? 'unknown';
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function check(work: () => Promise<void>): Promise<ComponentHealth> {
  try {
    await work();
    return { status: 'ok' };
  } catch (error) {
    return { status: 'down', error: reason(error) };
  }
}

/** The SMTP listener greets with 220 as soon as a client connects. */
function smtpGreets(port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: HOST, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`SMTP listener did not greet within ${timeoutMs} ms`)));
    socket.once('error', fail);
    socket.once('data', (chunk: Buffer) => {
      // A polite goodbye (an abrupt reset would make the listener log an error on every check).
      socket.setTimeout(0);
      socket.on('error', () => undefined);
      socket.end('QUIT\r\n');
      setTimeout(() => socket.destroy(), 1_000).unref();
      if (chunk.toString('latin1').startsWith('220')) resolve();
      else reject(new Error(`SMTP listener greeted with ${chunk.toString('latin1').slice(0, 40)}`));
    });
  });
}

/**
 * Checks every component at once, each bounded by a timeout (a frozen PostgREST or Postgres reads as
 * down, not as a hung health check).
 */
export async function checkHealth(pool: pg.Pool, options: HealthOptions = {}): Promise<StackHealth> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const schemas = withTimeout(
    pool.query<{ auth: boolean; storage: boolean }>(
      `select to_regclass('auth.users') is not null as auth, to_regclass('storage.objects') is not null as storage`,
    ),
    timeoutMs,
    'Postgres',
  ).then((result) => result.rows[0] ?? { auth: false, storage: false });
  // Read once by three checks; a rejection is reported by each of them.
  schemas.catch(() => undefined);

  const [postgres, postgrest, auth, storage, functions, smtp] = await Promise.all([
    check(async () => {
      await schemas;
    }),
    check(async () => {
      const port = options.postgrestAdminPort ?? POSTGREST_ADMIN_PORT;
      const response = await fetch(`http://${HOST}:${port}/ready`, { signal: AbortSignal.timeout(timeoutMs) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`PostgREST is not ready (${response.status})`);
    }),
    check(async () => {
      if (!(await schemas).auth) throw new Error('auth.users is missing');
    }),
    check(async () => {
      if (!(await schemas).storage) throw new Error('storage.objects is missing');
      await access(dataDir(), constants.W_OK);
    }),
    check(() => access(FUNCTIONS_DIR, constants.R_OK)),
    check(() => smtpGreets(options.smtpPort ?? SMTP_PORT, timeoutMs)),
  ]);
  const components: Record<Component, ComponentHealth> = { postgres, postgrest, auth, storage, functions, smtp };
  const allOk = COMPONENTS.every((name) => components[name].status === 'ok');
  return { status: allOk ? 'ok' : 'degraded', name: 'local-supabase', api: API_URL, pid: process.pid, components };
}
