import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/process-utils';
import {
  gatewayPid,
  health,
  postmasterPid,
  resilienceRun,
  spawnStack,
  stackLogLength,
  stackLogSince,
  waitForHealthy,
  within,
} from './support';

/** The postmaster and its backends (Linux /proc). */
async function postgresProcesses(postmaster: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) children.push(Number(entry));
  }
  return [postmaster, ...children];
}

const signalAll = (pids: number[], signal: NodeJS.Signals) => {
  for (const pid of pids) if (isProcessAlive(pid)) process.kill(pid, signal);
};

// Last: it replaces the stack the run started (the global teardown stops whichever one answers).
describe.skipIf(!resilienceRun)('starting while a broken stack runs', () => {
  it('stops the broken stack and starts a fresh one instead of reusing it', async () => {
    const oldGateway = await gatewayPid();
    const oldPostmaster = (await postmasterPid()) as number;
    const logOffset = await stackLogLength();
    // A frozen Postgres (postmaster and backends): nothing restarts it by itself, /health says so.
    const frozen = await postgresProcesses(oldPostmaster);
    signalAll(frozen, 'SIGSTOP');
    try {
      await within(10_000, async () => (await health(4_000)).status === 503, '/health answering 503');
      const starter = spawnStack(false);
      await within(60_000, async () => !isProcessAlive(oldGateway), 'the broken stack stopping');
      // What a frozen machine would do once thawed; the new stack stops this orphaned Postgres itself.
      signalAll(frozen, 'SIGCONT');
      await waitForHealthy(90_000);
      expect(await gatewayPid()).toBe(starter);
      expect(await postmasterPid()).not.toBe(oldPostmaster);
      expect(await stackLogSince(logOffset)).toMatch(/Stopping the stack already running .*postgres/);
    } finally {
      signalAll(frozen, 'SIGCONT');
    }
  }, 150_000);
});
