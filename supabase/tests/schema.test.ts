import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, ownerQuery } from './fixtures';

// Rules about the schema as a whole, so a new table, view or function cannot quietly skip them.

// Public functions that deliberately run as their owner; each checks the caller itself.
const SECURITY_DEFINER_RPCS = [
  'enroll_user_in_course',
  'get_app_settings',
  // The branding and theme the sign-in page needs (20261122001000_app_settings.sql).
  'get_public_settings',
  'get_student_stats',
  'set_smtp_password',
  // Answers only for the caller: whether their role must use two-factor (20261122001300_two_factor.sql).
  'two_factor_required_for_me',
  'unenroll_user_from_course',
];

afterAll(async () => {
  await closeDb();
});

describe('the exposed schema', () => {
  it('has row level security on every table', async () => {
    const { rows } = await ownerQuery<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('gives anonymous callers no table or view, and no function but the public settings', async () => {
    const tables = await ownerQuery<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
          and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('anon', c.oid, 'insert')
               or has_table_privilege('anon', c.oid, 'update') or has_table_privilege('anon', c.oid, 'delete'))`,
    );
    expect(tables.rows).toEqual([]);
    const functions = await ownerQuery<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    // get_public_settings answers only the branding, theme and default language (settings-effects.test.ts).
    expect(functions.rows.map((row) => row.name)).toEqual(['get_public_settings']);
  });

  it('has only security_invoker views', async () => {
    const { rows } = await ownerQuery<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'v'
          and not coalesce(c.reloptions @> array['security_invoker=true'], false)`,
    );
    expect(rows).toEqual([]);
  });

  it('scopes every policy to signed-in users', async () => {
    const { rows } = await ownerQuery<{ table: string; policy: string; roles: string[] }>(
      `select tablename as table, policyname as policy, roles::text[] as roles from pg_policies where schemaname = 'public'`,
    );
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((row) => row.roles.join() !== 'authenticated')).toEqual([]);
  });

  it('keeps security definer code in `private`, except the RPCs that check their caller', async () => {
    const { rows } = await ownerQuery<{ schema: string; name: string; search_path_set: boolean }>(
      `select n.nspname as schema, p.proname as name,
              coalesce(exists (select 1 from unnest(p.proconfig) c where c like 'search_path=%'), false) as search_path_set
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname in ('public', 'private')`,
    );
    expect(rows.filter((row) => !row.search_path_set)).toEqual([]);
    expect(rows.filter((row) => row.schema === 'public').map((row) => row.name).sort()).toEqual(SECURITY_DEFINER_RPCS);
  });

  it('indexes every foreign key column (policies, joins and cascades use them)', async () => {
    const { rows } = await ownerQuery<{ table: string; column: string }>(
      `select c.relname as table, a.attname as column
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
        where con.contype = 'f' and n.nspname = 'public' and c.relname <> 'app_settings'
          and not exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indkey[0] = con.conkey[1])`,
    );
    // app_settings is a single row.
    expect(rows).toEqual([]);
  });
});
