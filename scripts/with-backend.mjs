// Runs a command with the local Supabase stack up: reuses a running one, else starts a
// fresh test database (.data/test) and stops it afterwards.
import { join } from 'node:path';
import { ROOT, ensureBackend, onExit, printDeadlockReports, run, stopAll } from './lib.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-backend.mjs <command> [args…]');
  process.exit(2);
}
onExit(stopAll);
const dataDir = join(ROOT, '.data', 'test');
const started = Date.now();
await ensureBackend({ dataDir, reset: true });
let code = 0;
try {
  await run(command, args);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
  // The cycle behind a "deadlock detected" (when this run's stack is the test stack in .data/test).
  printDeadlockReports(dataDir, started);
}
await stopAll();
process.exit(code);
