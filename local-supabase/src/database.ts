import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { BOOTSTRAP_SQL_FILE, MIGRATIONS_DIR, SEED_FILE } from './config';

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export interface MigrationResult {
  applied: MigrationFile[];
  /** Already-applied migrations whose file changed since; they are not re-run. */
  changed: MigrationFile[];
}

const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'local-supabase' });
  await client.connect();
  return client;
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** Adds the file name and line to a Postgres error so a failing migration points at its statement. */
function describeSqlError(error: unknown, file: string, sql: string): Error {
  const pgError = error as { message?: string; position?: string; detail?: string; hint?: string };
  const position = Number(pgError.position);
  const line = Number.isFinite(position) && position > 0 ? sql.slice(0, position).split('\n').length : undefined;
  const where = line === undefined ? file : `${file}:${line}`;
  const extra = [pgError.detail, pgError.hint].filter(Boolean).join(' ');
  return new Error(`${where}: ${pgError.message ?? String(error)}${extra ? ` (${extra})` : ''}`);
}

async function runInTransaction(client: pg.Client, file: string, sql: string, after?: () => Promise<void>) {
  await client.query('begin');
  try {
    await client.query(sql);
    await after?.();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw describeSqlError(error, path.basename(file), sql);
  }
}

/** True when the database has never been bootstrapped (so the seed should run). */
export async function isFreshDatabase(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ ledger: string | null }>(
    `select to_regclass('supabase_migrations.schema_migrations')::text as ledger`,
  );
  return rows[0]?.ledger == null;
}

export async function applyBootstrap(client: pg.Client): Promise<void> {
  const sql = await readFile(BOOTSTRAP_SQL_FILE, 'utf8');
  // Serialised so two processes bootstrapping one external database cannot interleave role creation.
  await runInTransaction(client, BOOTSTRAP_SQL_FILE, `select pg_advisory_xact_lock(54321);\n${sql}`);
}

export async function listMigrationFiles(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.sql')).sort();
  return names.map((fileName) => {
    const match = MIGRATION_FILE.exec(fileName);
    if (!match) {
      throw new Error(`Migration file ${fileName} must be named YYYYMMDDHHMMSS_<topic>.sql`);
    }
    return { version: match[1] as string, name: match[2] as string, file: path.join(dir, fileName) };
  });
}

/** Applies the migrations the ledger does not list yet, in file-name order, each in its own transaction. */
export async function applyMigrations(client: pg.Client, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = await listMigrationFiles(dir);
  const { rows } = await client.query<{ version: string; checksum: string }>(
    'select version, checksum from supabase_migrations.schema_migrations',
  );
  const recorded = new Map(rows.map((row) => [row.version, row.checksum]));
  const result: MigrationResult = { applied: [], changed: [] };

  for (const migration of files) {
    const sql = await readFile(migration.file, 'utf8');
    const sum = checksum(sql);
    const previous = recorded.get(migration.version);
    if (previous !== undefined) {
      if (previous !== sum) result.changed.push(migration);
      continue;
    }
    await runInTransaction(client, migration.file, sql, async () => {
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, name, checksum) values ($1, $2, $3)',
        [migration.version, migration.name, sum],
      );
    });
    result.applied.push(migration);
  }
  if (result.applied.length > 0) {
    // Lets a running PostgREST pick up new tables and functions without a restart.
    await client.query(`notify pgrst, 'reload schema'`);
  }
  return result;
}

export async function applySeed(client: pg.Client, file = SEED_FILE): Promise<boolean> {
  const sql = await readFile(file, 'utf8').catch(() => undefined);
  if (sql === undefined) return false;
  await runInTransaction(client, file, sql);
  return true;
}

/**
 * Empties an external database (DATABASE_URL) the way wiping the data dir empties the embedded one:
 * every non-system schema goes, `public` comes back empty. Cluster-wide roles stay.
 */
export async function wipeDatabase(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace
      where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
  );
  await client.query('begin');
  try {
    for (const { name } of rows) {
      await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
    }
    await client.query('create schema public');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
