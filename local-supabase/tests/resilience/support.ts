import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_URL, PACKAGE_ROOT, SERVICE_ROLE_KEY, dataDir } from '../../src/config';
import type { StackHealth } from '../../src/health';
import { readPidFile, sleep } from '../../src/process-utils';

/** Resilience tests run only under vitest.resilience.config.ts (their own stack), never in the integration run. */
export const resilienceRun = process.env.LOCAL_SUPABASE_RESILIENCE === '1';

/** Where the stack started by these tests writes its output. */
export const stackLogFile = () => path.join(path.dirname(dataDir()), 'stack.log');

/** Starts `cli.ts start` as a detached process of its own, its output appended to the stack log. */
export function spawnStack(reset: boolean): number {
  const log = openSync(stackLogFile(), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'start', ...(reset ? ['--reset'] : [])], {
    cwd: PACKAGE_ROOT,
    env: process.env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  return child.pid as number;
}

export async function health(timeoutMs = 5_000): Promise<{ status: number; body?: StackHealth }> {
  try {
    const response = await fetch(`${API_URL}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: (await response.json()) as StackHealth };
  } catch {
    return { status: 0 };
  }
}

/** Polls until `check` is true; returns the ms it took, or throws after `timeoutMs`. */
export async function within(timeoutMs: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await sleep(50);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

export const waitForHealthy = (timeoutMs = 90_000) =>
  within(timeoutMs, async () => (await health(2_000)).status === 200, 'the stack answering healthy');

export const serviceHeaders = {
  apikey: SERVICE_ROLE_KEY,
  authorization: `Bearer ${SERVICE_ROLE_KEY}`,
  'content-type': 'application/json',
};

export async function restStatus(pathAndQuery: string, timeoutMs = 2_000): Promise<number> {
  try {
    const response = await fetch(`${API_URL}/rest/v1/${pathAndQuery}`, {
      headers: serviceHeaders,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

export const postgrestPid = () => readPidFile(path.join(dataDir(), 'postgrest.pid'));
export const postmasterPid = () => readPidFile(path.join(dataDir(), 'pg', 'postmaster.pid'));

export async function gatewayPid(): Promise<number> {
  const { body } = await health();
  if (!body?.pid) throw new Error('the stack did not say its pid');
  return body.pid;
}

/** Resident memory of a process in MB (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

/** The stack log from `offset` on. */
export async function stackLogSince(offset: number): Promise<string> {
  const text = await readFile(stackLogFile(), 'utf8').catch(() => '');
  return text.slice(offset);
}

export async function stackLogLength(): Promise<number> {
  return (await readFile(stackLogFile(), 'utf8').catch(() => '')).length;
}
