// `pnpm test`: typecheck; the unit tests with the resilience tests beside them; the integration tests
// against one fresh local stack with lint and the build beside them; then the e2e tests against the
// same stack. Some steps mostly wait rather than compute, and on a 2-core machine a core sat idle
// through them: the resilience tests (on a stack of their own) wait for the processes they kill to
// come back, and the integration tests wait on the stack's round trips, a core idle for about half of
// their three minutes. So those run beside steps that only need the CPU, and their neighbours' output
// is kept in .data/logs/ and printed whole when they end. The test stack starts (a new database, the
// migrations and the seed) while typecheck runs, ready by the time the integration tests need it.
import { createWriteStream, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, ensureBackend, onExit, printDeadlockReports, run, stopAll } from './lib.mjs';

const steps = [];
const runStarted = performance.now();
const runStartedAt = Date.now();
async function step(name, fn) {
  const started = performance.now();
  console.log(`\n▶ ${name}`);
  await fn();
  steps.push([name, ((performance.now() - started) / 1000).toFixed(1)]);
}

/**
 * A step run beside another: its commands run one after the other with their output in a log file,
 * printed whole when the step ends (passed or failed), so it does not interleave with its neighbour's.
 */
async function besideStep(name, commands) {
  const dir = join(ROOT, '.data', 'logs');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name.replaceAll(' ', '-')}.log`);
  const log = createWriteStream(file);
  await new Promise((resolve) => log.once('open', resolve));
  const started = performance.now();
  try {
    for (const [command, args] of commands) {
      await run(command, args, { stdio: ['ignore', log, log] });
    }
    steps.push([`${name} (beside)`, ((performance.now() - started) / 1000).toFixed(1)]);
  } finally {
    await new Promise((resolve) => log.end(resolve));
    console.log(`\n── ${name} (run beside another step): output ──`);
    process.stdout.write(await readFile(file, 'utf8'));
    console.log(`── end of ${name} ──`);
  }
}

onExit(stopAll);
let failed = false;
// Started now, awaited before the integration tests; a failure to start is reported there.
const testData = join(ROOT, '.data', 'test');
const backend = ensureBackend({ dataDir: testData, reset: true });
backend.catch(() => undefined);
try {
  await step('typecheck', () => run('pnpm', ['typecheck']));
  // The stack under faults, on a stack of its own (it kills and freezes its processes): about a
  // minute, beside every project but the integration ones (each package's unit tests and the
  // workspace contract tests). Both finish before a failure of either is reported.
  const [unit, resilience] = await Promise.allSettled([
    step('unit tests (and resilience tests beside them)', () =>
      run('pnpm', ['exec', 'vitest', 'run', '--project', '!integration*']),
    ),
    besideStep('resilience tests', [['pnpm', ['test:resilience']]]),
  ]);
  for (const result of [unit, resilience]) if (result.status === 'rejected') throw result.reason;
  await step('local backend (fresh test database, started with typecheck)', () => backend);
  // Two projects, one after the other (vitest.config.ts): most files two at a time, then those that
  // change or read what every file sees one at a time; lint and the build take about 40 s beside the
  // first, whose files make and read only their own data.
  const [integration, lintAndBuild] = await Promise.allSettled([
    step('integration tests (and lint and build beside them)', () =>
      run('pnpm', ['exec', 'vitest', 'run', '--project', 'integration*']),
    ),
    besideStep('lint and build', [
      ['pnpm', ['lint']],
      ['pnpm', ['build']],
    ]),
  ]);
  for (const result of [integration, lintAndBuild]) {
    if (result.status === 'rejected') throw result.reason;
  }
  await step('e2e tests', () => run('pnpm', ['--filter', '@portal/e2e', 'test']));
} catch (error) {
  failed = true;
  console.error(`\n✖ ${error instanceof Error ? error.message : error}`);
  // A request refused with "deadlock detected" says nothing of the cycle; the server log does.
  printDeadlockReports(testData, runStartedAt);
} finally {
  await stopAll();
}
console.log('\nSteps:');
for (const [name, seconds] of steps) console.log(`  ✓ ${name} (${seconds}s)`);
console.log(`  total ${((performance.now() - runStarted) / 1000).toFixed(1)}s`);
process.exit(failed ? 1 : 0);
