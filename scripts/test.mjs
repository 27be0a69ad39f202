// `pnpm test`: lint, typecheck, unit, build, then integration and e2e against one fresh local stack,
// then the resilience tests on a stack of their own. The test stack starts (a new database, the
// migrations and the seed) while the first steps run: it is ready by the time the integration tests
// need it, instead of taking its own step.
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

onExit(stopAll);
let failed = false;
// Started now, awaited before the integration tests; a failure to start is reported there.
const testData = join(ROOT, '.data', 'test');
const backend = ensureBackend({ dataDir: testData, reset: true });
backend.catch(() => undefined);
try {
  await step('lint', () => run('pnpm', ['lint']));
  await step('typecheck', () => run('pnpm', ['typecheck']));
  // Every project but the integration ones: each package's unit tests and the workspace contract tests.
  await step('unit tests', () =>
    run('pnpm', ['exec', 'vitest', 'run', '--project', '!integration*']),
  );
  await step('build', () => run('pnpm', ['build']));
  await step('local backend (fresh test database, started with lint)', () => backend);
  // Two projects, one after the other (vitest.config.ts): most files two at a time, then those that
  // change or read what every file sees one at a time.
  await step('integration tests', () =>
    run('pnpm', ['exec', 'vitest', 'run', '--project', 'integration*']),
  );
  await step('e2e tests', () => run('pnpm', ['--filter', '@portal/e2e', 'test']));
  // The stack under faults, on a stack of its own (it kills and freezes its processes): about a minute.
  await step('resilience tests', () => run('pnpm', ['test:resilience']));
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
