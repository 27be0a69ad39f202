import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_URL } from '../../local-supabase/src/config';
import { anonClient } from '../../local-supabase/tests/support';
import { type Person, asUser, closeDb, createPerson, ownerQuery, service } from './fixtures';

// The rules behind Supabase's Security and Performance Advisors, checked with our own catalog queries
// (and, for the public bucket, as a signed-in user who owns nothing in it), so a new function, policy
// or foreign key cannot bring a warning back. docs/security.md "Supabase's advisors".

// The schemas PostgREST serves (supabase/config.toml [api] schemas) and graphql_public, which hosted
// Supabase serves too.
const EXPOSED_SCHEMAS = ['public', 'graphql_public'];
// Where our own functions, tables and policies live.
const OUR_SCHEMAS = ['public', 'private'];

afterAll(async () => {
  await closeDb();
});

describe('functions', () => {
  it('every function of our schemas sets its search_path', async () => {
    const { rows } = await ownerQuery<{ name: string }>(
      `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any ($1)
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as c where c like 'search_path=%')
        order by 1`,
      [OUR_SCHEMAS],
    );
    expect(rows.map((row) => row.name)).toEqual([]);
  });

  it('no security definer function of an exposed schema can be run by anon or authenticated', async () => {
    const { rows } = await ownerQuery<{ name: string; anon: boolean; authenticated: boolean }>(
      `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef
          and n.nspname = any ($1)
          and (has_function_privilege('anon', p.oid, 'execute')
               or has_function_privilege('authenticated', p.oid, 'execute'))
        order by 1`,
      [EXPOSED_SCHEMAS],
    );
    expect(rows).toEqual([]);
  });

  it('the RPCs whose privileged part moved to `private` still run as before, for whom they did', async () => {
    // Anonymous visitors: the branding only; the others refuse them like any function they may not run.
    const anon = anonClient();
    const branding = await anon.rpc('get_public_settings');
    expect(branding.error).toBeNull();
    expect(branding.data).toHaveProperty('siteName');
    expect(branding.data).not.toHaveProperty('sessionTimeout');
    expect((await anon.rpc('get_app_settings')).error?.code).toBe('42501');
    expect((await anon.rpc('two_factor_required_for_me')).error?.code).toBe('42501');
  });
});

describe('the public avatars bucket', () => {
  let owner: Person;
  let stranger: Person;
  const picture = () =>
    new Blob(
      [
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          'base64',
        ),
      ],
      { type: 'image/png' },
    );

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createPerson('student', 'Owner'), createPerson('teacher', 'Stranger')]);
    const uploaded = await owner.client.storage
      .from('avatars')
      .upload(`${owner.id}/avatar.png`, picture(), { upsert: true });
    expect(uploaded.error).toBeNull();
  });

  afterAll(async () => {
    await service.storage.from('avatars').remove([`${owner.id}/avatar.png`]);
  });

  it('a signed-in user who owns nothing in a public bucket sees none of its objects', async () => {
    const { rows } = await ownerQuery<{ id: string; objects: number }>(
      `select b.id, (select count(*)::integer from storage.objects o where o.bucket_id = b.id) as objects
         from storage.buckets b where b.public order by b.id`,
    );
    expect(rows.find((row) => row.id === 'avatars')?.objects).toBeGreaterThan(0);
    const seen = await asUser(stranger.id, async (db) =>
      (
        await db.query<{ bucket_id: string; objects: number }>(
          `select o.bucket_id, count(*)::integer as objects from storage.objects o
            where o.bucket_id = any ($1) group by o.bucket_id`,
          [rows.map((row) => row.id)],
        )
      ).rows,
    );
    expect(seen).toEqual([]);
  });

  it("nobody lists another user's avatar folder; its owner does, and replaces the picture", async () => {
    const listedByStranger = await stranger.client.storage.from('avatars').list(owner.id);
    expect(listedByStranger.error).toBeNull();
    expect(listedByStranger.data).toEqual([]);
    const listedByAnon = await anonClient().storage.from('avatars').list(owner.id);
    expect(listedByAnon.data ?? []).toEqual([]);

    const listedByOwner = await owner.client.storage.from('avatars').list(owner.id);
    expect(listedByOwner.data?.map((entry) => entry.name)).toEqual(['avatar.png']);
    const replaced = await owner.client.storage
      .from('avatars')
      .upload(`${owner.id}/avatar.png`, picture(), { upsert: true });
    expect(replaced.error).toBeNull();
  });

  it('the picture is still served to anyone by its public URL', async () => {
    const response = await fetch(`${API_URL}/storage/v1/object/public/avatars/${owner.id}/avatar.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    await response.arrayBuffer();
  });
});

describe('indexes', () => {
  it('every foreign key of our schemas has an index whose leading columns are its columns', async () => {
    const { rows } = await ownerQuery<{ name: string }>(
      `select con.conrelid::regclass::text || '.' || con.conname as name
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
        where con.contype = 'f'
          and n.nspname = any ($1)
          and not exists (
            select 1
              from pg_index i
             where i.indrelid = con.conrelid
               and i.indisvalid
               -- indkey as an array starts at 0: its first cardinality(conkey) columns, in any order.
               and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey
               and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] <@ con.conkey
          )
        order by 1`,
      [OUR_SCHEMAS],
    );
    expect(rows.map((row) => row.name)).toEqual([]);
  });
});
