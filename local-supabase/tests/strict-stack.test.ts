import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPABASE_DIR, databaseUrl } from '../src/config';
import { applyBootstrap, applyMigrations, connect } from '../src/database';
import { embeddedMajorVersion, startEmbeddedPostgres } from '../src/postgres';

// The local stack is as strict as hosted Supabase: migrations run as the non-superuser `postgres`, the
// auth and storage tables belong to their servers' roles, and storage rows leave only through the
// Storage API. Every statement below is one a superuser stack would have let through.

let client: pg.Client;

beforeAll(async () => {
  // The role and connection the stack applies migrations and the seed with.
  client = await connect(databaseUrl());
});

afterAll(async () => {
  await client.end();
});

/** Applies one migration file, as a start does, from a folder of its own; answers the error it raised. */
async function migrationError(sql: string): Promise<string | undefined> {
  const dir = await mkdtemp(path.join(tmpdir(), 'strict-stack-'));
  try {
    await writeFile(path.join(dir, '29991231000000_strict_probe.sql'), sql);
    await applyMigrations(client, dir);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the role that applies migrations', () => {
  it('is postgres, not a superuser, and owns what the migrations created', async () => {
    const { rows } = await client.query<{ role: string; superuser: boolean; owner: string }>(
      `select current_user as role, r.rolsuper as superuser,
              (select pg_get_userbyid(c.relowner) from pg_class c where c.oid = 'public.users'::regclass) as owner
         from pg_roles r where r.rolname = current_user`,
    );
    expect(rows[0]).toEqual({ role: 'postgres', superuser: false, owner: 'postgres' });
  });

  it.each([
    ['alters an auth table', 'alter table auth.users add column nickname text', /must be owner of table users/],
    ['creates a table in the auth schema', 'create table auth.notes (id int)', /permission denied for schema auth/],
    ['creates a table in the storage schema', 'create table storage.notes (id int)', /permission denied for schema storage/],
    ['deletes storage rows', `delete from storage.objects where bucket_id = 'avatars'`, /Direct deletion from storage tables is not allowed/],
    ['deletes a bucket', `delete from storage.buckets where id = 'avatars'`, /Direct deletion from storage tables is not allowed/],
    ['turns off the delete guard', 'alter table storage.objects disable trigger protect_objects_delete', /must be owner of table objects/],
    ['drops a trigger on auth.users', 'drop trigger on_auth_user_created on auth.users', /must be owner of (table|relation) users/],
    ['makes itself a superuser', 'alter role postgres superuser', /permission denied/],
  ])('fails when it %s', async (_what, sql, error) => {
    expect(await migrationError(sql)).toMatch(error);
    // Nothing of a failed migration stays, not even its ledger row.
    const { rowCount } = await client.query(`select 1 from supabase_migrations.schema_migrations where version = '29991231000000'`);
    expect(rowCount).toBe(0);
  });

  it('may write policies on storage.objects, as on hosted Supabase, and no more of the table', async () => {
    await client.query('begin');
    try {
      await client.query(`create policy "strict probe" on storage.objects for select to authenticated using (false)`);
      await client.query(`alter policy "strict probe" on storage.objects using (true)`);
      await client.query(`drop policy "strict probe" on storage.objects`);
      // The owner's privileges were lent for those statements only.
      const { rows } = await client.query<{ member: boolean }>(
        `select pg_has_role('postgres', 'supabase_storage_admin', 'member') as member`,
      );
      expect(rows[0]?.member).toBe(false);
      await expect(client.query('alter table storage.objects add column probe text')).rejects.toThrow(/must be owner/);
    } finally {
      await client.query('rollback');
    }
  });

  it('may point PostgREST at a pre-request function (authenticator’s pgrst settings), and not take over authenticator', async () => {
    await client.query('begin');
    try {
      await client.query(`alter role authenticator set pgrst.db_pre_request = 'private.require_second_factor_request'`);
      await expect(client.query('set role authenticator')).rejects.toThrow(/permission denied/);
    } finally {
      await client.query('rollback');
    }
  });
});

describe('the auth and storage schemas', () => {
  it('belong to their servers’ roles, with row security on every table', async () => {
    const { rows } = await client.query<{ name: string; owner: string; rls: boolean }>(
      `select c.oid::regclass::text as name, pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('auth', 'storage') and c.relkind = 'r'
        order by 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.owner, row.name).toBe(row.name.startsWith('auth.') ? 'supabase_auth_admin' : 'supabase_storage_admin');
      expect(row.rls, row.name).toBe(true);
    }
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['auth.users', 'auth.sessions', 'auth.flow_state', 'auth.mfa_factors', 'storage.objects', 'storage.buckets']),
    );
  });

  it('use GoTrue’s and Storage’s types', async () => {
    const { rows } = await client.query<{ col: string; type: string }>(
      `select table_schema || '.' || table_name || '.' || column_name as col, udt_schema || '.' || udt_name as type
         from information_schema.columns
        where (table_schema, table_name, column_name) in (
          ('auth', 'sessions', 'aal'), ('auth', 'flow_state', 'code_challenge_method'),
          ('auth', 'mfa_factors', 'factor_type'), ('auth', 'mfa_factors', 'status'),
          ('auth', 'one_time_tokens', 'token_type'), ('storage', 'buckets', 'type'))
        order by 1`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.col, row.type]))).toEqual({
      'auth.flow_state.code_challenge_method': 'auth.code_challenge_method',
      'auth.mfa_factors.factor_type': 'auth.factor_type',
      'auth.mfa_factors.status': 'auth.factor_status',
      'auth.one_time_tokens.token_type': 'auth.one_time_token_type',
      'auth.sessions.aal': 'auth.aal_level',
      'storage.buckets.type': 'storage.buckettype',
    });
  });
});

describe('the bootstrap', () => {
  it('refuses to run as postgres, which it makes a non-superuser', async () => {
    await expect(applyBootstrap(client)).rejects.toThrow(/needs a superuser other than postgres/);
  });
});

describe('the server', () => {
  it('refuses a data folder made by another Postgres major version, saying how to rebuild it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'strict-stack-'));
    try {
      await mkdir(path.join(dir, 'pg'));
      const other = (await embeddedMajorVersion()) + 1;
      await writeFile(path.join(dir, 'pg', 'PG_VERSION'), `${other}\n`);
      await expect(startEmbeddedPostgres(dir, () => undefined)).rejects.toThrow(
        new RegExp(`Postgres ${other} database; this stack runs Postgres ${other - 1}\\. Rebuild it with \`pnpm db:reset\``),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs the Postgres major version supabase/config.toml names', async () => {
    const toml = await readFile(path.join(SUPABASE_DIR, 'config.toml'), 'utf8');
    const named = /^\[db\][^[]*?^major_version\s*=\s*(\d+)/m.exec(toml)?.[1];
    expect(named).toBeDefined();
    const { rows } = await client.query<{ num: string }>(`select current_setting('server_version_num') as num`);
    expect(Math.floor(Number(rows[0]?.num) / 10000)).toBe(Number(named));
  });
});
