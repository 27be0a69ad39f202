// `pnpm test`: lint, typecheck, the unit tests with the resilience tests beside them, build, then
// integration and e2e against one fresh local stack. The test stack starts (a new database, the
// migrations and the seed) while the first steps run: it is ready by the time the integration tests
// need it, instead of taking its own step. The resilience tests run on a stack of their own and mostly
// wait for the processes they kill to come back (a core idle for most of their minute), so they run
// beside the unit tests, which need only the CPU; their output is kept in
// .data/logs/resilience-tests.log and printed whole when they end.
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

/** Runs a command with its output in a log file, printed whole when it ends (passed or failed). */
async function runLogged(name, command, args) {
  const dir = join(ROOT, '.data', 'logs');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name.replaceAll(' ', '-')}.log`);
  const log = createWriteStream(file);
  await new Promise((resolve) => log.once('open', resolve));
  const started = performance.now();
  try {
    await run(command, args, { stdio: ['ignore', log, log] });
    steps.push([`${name} (beside)`, ((performance.now() - started) / 1000).toFixed(1)]);
  } finally {
    await new Promise((resolve) => log.end(resolve));
    console.log(`\n── ${name} (run beside the unit tests): output ──`);
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
  await step('lint', () => run('pnpm', ['lint']));
  await step('typecheck', () => run('pnpm', ['typecheck']));
  // The stack under faults, on a stack of its own (it kills and freezes its processes): about a
  // minute, beside every project but the integration ones (each package's unit tests and the
  // workspace contract tests). Both finish before a failure of either is reported.
  const [unit, resilience] = await Promise.allSettled([
    step('unit tests (and resilience tests beside them)', () =>
      run('pnpm', ['exec', 'vitest', 'run', '--project', '!integration*']),
    ),
    runLogged('resilience tests', 'pnpm', ['test:resilience']),
  ]);
  for (const result of [unit, resilience]) if (result.status === 'rejected') throw result.reason;
  await step('build', () => run('pnpm', ['build']));
  await step('local backend (fresh test database, started with lint)', () => backend);
  // Two projects, one after the other (vitest.config.ts): most files two at a time, then those that
  // change or read what every file sees one at a time.
  await step('integration tests', () =>
    run('pnpm', ['exec', 'vitest', 'run', '--project', 'integration*']),
  );
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
