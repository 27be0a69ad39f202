import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../../src/config';
import { isProcessAlive, sleep } from '../../src/process-utils';
import { health, spawnStack, stackLogFile, waitForHealthy } from './support';

/** One fresh stack for the whole run; whichever stack answers at the end (tests may replace it) is stopped. */
export default async function setup(): Promise<() => Promise<void>> {
  if ((await health(1_000)).status !== 0) {
    throw new Error('Something already answers on the resilience stack port; stop it first.');
  }
  await mkdir(dataDir(), { recursive: true });
  await rm(stackLogFile(), { force: true });
  await mkdir(path.dirname(stackLogFile()), { recursive: true });
  const started = performance.now();
  spawnStack(true);
  await waitForHealthy(120_000);
  console.log(`[resilience] stack ready in ${((performance.now() - started) / 1000).toFixed(1)} s; log: ${stackLogFile()}`);
  return async () => {
    const pid = (await health(5_000)).body?.pid;
    if (pid === undefined) return;
    process.kill(pid, 'SIGTERM');
    for (let waited = 0; waited < 20_000 && isProcessAlive(pid); waited += 100) await sleep(100);
    if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  };
}
