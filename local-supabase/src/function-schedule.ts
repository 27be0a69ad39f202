import type pg from 'pg';
import { API_URL, SERVICE_ROLE_KEY } from './config';

// Work the database queues for an edge function (mail to send, files to remove) is picked up by calling
// the function with the service role: on hosted Supabase a pg_cron schedule does it every minute
// (README, deploy), locally the stack does it every second, through its own gateway like any caller.

// Postgres: relation / column / function does not exist (a database whose migrations predate the queue).
const MISSING_OBJECT = new Set(['42P01', '42703', '42883']);

/** POSTs `{}` to /functions/v1/<name> with the service role and answers its JSON body. */
export async function callServiceFunction<T>(name: string, timeoutMs = 60_000): Promise<T> {
  const response = await fetch(`${API_URL}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_ROLE_KEY,
      authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
    },
    body: '{}',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json().catch(() => undefined)) as (T & { message?: string }) | undefined;
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${body?.message ?? 'no message'}`);
  return body as T;
}

/** True when `sql` returns a row; a queue table that does not exist yet has no work. */
export async function hasQueuedWork(pool: pg.Pool, sql: string): Promise<boolean> {
  try {
    const { rowCount } = await pool.query(sql);
    return (rowCount ?? 0) > 0;
  } catch (error) {
    if (MISSING_OBJECT.has((error as { code?: string }).code ?? '')) return false;
    throw error;
  }
}

/**
 * Calls function `name` every `intervalMs` while `dueSql` finds work, one call at a time. A failure is
 * logged once per outage (one line), not every tick.
 */
export function scheduleFunction(
  pool: pg.Pool,
  name: string,
  dueSql: string,
  intervalMs = 1_000,
): { close(): Promise<void> } {
  let running: Promise<void> | undefined;
  let failing = false;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        if (await hasQueuedWork(pool, dueSql)) await callServiceFunction(name);
        failing = false;
      } catch (error) {
        if (!failing) console.error(`[functions] scheduled ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        failing = true;
      }
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    close: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
