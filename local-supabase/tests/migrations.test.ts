import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDatabaseUrl, databaseUrl } from '../src/config';
import { applyBootstrap, applyMigrations, connect, listMigrationFiles } from '../src/database';

describe('migrations ledger', () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = await connect(databaseUrl());
  });

  afterAll(async () => {
    await client.end();
  });

  const ledger = async () =>
    (
      await client.query<{ version: string; name: string; applied_at: Date }>(
        'select version, name, applied_at from supabase_migrations.schema_migrations order by version',
      )
    ).rows;

  it('records every migration file', async () => {
    const files = await listMigrationFiles();
    expect(files.length).toBeGreaterThan(0);
    const rows = await ledger();
    expect(rows.map((row) => `${row.version}_${row.name}`)).toEqual(files.map((file) => `${file.version}_${file.name}`));
  });

  it('does not re-run recorded migrations on the next start', async () => {
    const before = await ledger();
    // What every start does: bootstrap (idempotent) as the superuser, then the pending migrations —
    // here none — as postgres.
    const admin = await connect(adminDatabaseUrl());
    try {
      await applyBootstrap(admin);
    } finally {
      await admin.end();
    }
    const result = await applyMigrations(client);
    expect(result.applied).toEqual([]);
    expect(result.changed).toEqual([]);
    expect(await ledger()).toEqual(before);
  });
});
