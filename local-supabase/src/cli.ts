import {
  ANON_KEY,
  API_URL,
  EMBEDDED_DB_URL,
  OUTBOX_URL,
  SERVICE_ROLE_KEY,
  SMTP_PORT,
  dataDir,
  externalDatabaseUrl,
} from './config';
import { rebuildDatabase, startStack } from './stack';

const USAGE = `Usage: tsx src/cli.ts <command>

  start            start the local Supabase stack and keep it running (Ctrl+C stops it)
  start --reset    wipe the data first, then start with migrations and seed re-applied
  reset            wipe the data, re-apply migrations and seed, then exit`;

function printConnectionInfo(): void {
  const database = externalDatabaseUrl() ? 'DATABASE_URL (external)' : EMBEDDED_DB_URL;
  console.log(`
  API URL           ${API_URL}
  REST              ${API_URL}/rest/v1
  Database          ${database}
  Mail outbox       ${OUTBOX_URL}
  SMTP listener     127.0.0.1:${SMTP_PORT} (the school's mail, into the outbox)
  anon key          ${ANON_KEY}
  service_role key  ${SERVICE_ROLE_KEY}
  Data directory    ${externalDatabaseUrl() ? '(not used with DATABASE_URL)' : dataDir()}
`);
}

async function start(reset: boolean): Promise<void> {
  const stack = await startStack({ reset });
  if (stack.reused) {
    console.log(`[local-supabase] A healthy stack is already running on ${API_URL}; reusing it.`);
    return;
  }
  printConnectionInfo();
  console.log('[local-supabase] Running. Press Ctrl+C to stop.');

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[local-supabase] ${signal} received, stopping…`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[local-supabase] Failed to stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);
}

async function main(): Promise<void> {
  const [command, ...flags] = process.argv.slice(2);
  if (command === 'start') return start(flags.includes('--reset'));
  if (command === 'reset') {
    const startedAt = Date.now();
    await rebuildDatabase();
    console.log(
      `[local-supabase] Database rebuilt in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`,
    );
    process.exit(0);
  }
  console.error(USAGE);
  process.exit(command ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`[local-supabase] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
