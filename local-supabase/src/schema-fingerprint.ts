/**
 * The schema the migrations build, object by object, read from the catalogs (there is no pg_dump next to
 * the embedded Postgres): tables and columns, constraints, indexes, views, sequences, types, functions,
 * triggers, policies, row security, grants (column grants and default privileges too), comments,
 * extensions, publications, per-database role settings and the rows the migrations insert. Each object
 * is one line, `kind<TAB>name<TAB>hash of its definition`.
 *
 * It checks the squash of the migrations (docs/architecture.md, "The data model"): the domain files
 * dated before SQUASHED_BEFORE must build exactly what the 36 migrations of PRE_SQUASH_COMMIT built.
 * That chain's fingerprint is kept in PRE_SQUASH_FINGERPRINT_FILE (CI clones have no git history), and
 * tests/squashed-schema.test.ts compares a fresh build of the domain files with it.
 *
 *   pnpm --filter @portal/local-supabase exec tsx src/schema-fingerprint.ts          compare (exit 1 on a difference)
 *   pnpm --filter @portal/local-supabase exec tsx src/schema-fingerprint.ts --diff   the differing definitions, side by side
 *   pnpm --filter @portal/local-supabase exec tsx src/schema-fingerprint.ts --write  rewrite the file from git
 *
 * Each needs a running stack (LOCAL_SUPABASE_PORT_OFFSET or DATABASE_URL say which); it builds scratch
 * databases on that server and drops them again. `--diff` and `--write` read the old migrations with git,
 * so they need the repository's history. Rewrite the file (it is built from the old chain, never from
 * the domain files) when the stack's bootstrap or Postgres version changes what the catalogs print.
 */
import { createHash, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { MIGRATIONS_DIR, PACKAGE_ROOT, REPO_ROOT, adminDatabaseUrl, databaseUrl } from './config';
import { applyBootstrap, applyMigrations, connect, listMigrationFiles } from './database';

/** main before the squash: its supabase/migrations are the chain the domain files replace. */
export const PRE_SQUASH_COMMIT = 'bf8a6b3';

/** Migrations dated before this are the squashed domain files; later ones are appended after them. */
export const SQUASHED_BEFORE = '20261128000000';

export const PRE_SQUASH_FINGERPRINT_FILE = path.join(
  PACKAGE_ROOT,
  'tests',
  'fixtures',
  'pre-squash-schema.txt',
);

export const CHECK_COMMAND =
  'pnpm --filter @portal/local-supabase exec tsx src/schema-fingerprint.ts';

export interface SchemaObject {
  kind: string;
  name: string;
  definition: string;
}

/** kind + TAB + name → hash of the definition. */
export type Fingerprint = Map<string, string>;

// Schemas of Postgres itself and the migrations ledger; everything else is read, and what the bootstrap
// alone builds is subtracted afterwards (see schemaBuiltBy).
const SKIPPED_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;
const inScope = (namespace: string) =>
  `(${namespace}.nspname not in ${SKIPPED_SCHEMAS} and ${namespace}.nspname not like 'pg\\_temp\\_%' and ${namespace}.nspname not like 'pg\\_toast\\_temp\\_%')`;

/** Objects that belong to an extension are the extension's (one line for it). */
const notFromExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend x where x.classid = '${catalog}'::regclass and x.objid = ${oid} and x.deptype = 'e')`;

// The role that applies the migrations is named as such, so the fingerprint does not depend on its name.
const role = (oid: string) =>
  `(select case when r.rolname = current_user then '(migrator)' else r.rolname end from pg_roles r where r.oid = ${oid})`;

/** Privileges as sorted `grantee:privilege` items (`*` when grantable), without the grantor. */
const privileges = (acl: string) =>
  `(select coalesce(string_agg(g.item, ' ' order by g.item), '')
      from (select case when a.grantee = 0 then 'PUBLIC' else ${role('a.grantee')} end || ':' || a.privilege_type
                   || case when a.is_grantable then '*' else '' end as item
              from aclexplode(${acl}) a) g)`;
/** `objectType` is acldefault's letter as SQL ('f' for functions …): a missing ACL means the default one. */
const aclOf = (acl: string, objectType: string, owner: string) =>
  privileges(`coalesce(${acl}, acldefault(${objectType}::"char", ${owner}))`);

const QUERIES: Record<string, string> = {
  schemas: `
    select 'schema' as kind, n.nspname as name,
           concat_ws(E'\\n', 'owner ' || ${role('n.nspowner')}, 'acl ' || ${aclOf('n.nspacl', "'n'", 'n.nspowner')}) as definition
      from pg_namespace n
     where ${inScope('n')}`,

  extensions: `
    select 'extension', e.extname,
           concat_ws(E'\\n', 'schema ' || n.nspname, 'version ' || e.extversion, 'owner ' || ${role('e.extowner')})
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,

  relations: `
    select case c.relkind when 'r' then 'table' when 'p' then 'table' when 'v' then 'view'
                          when 'm' then 'materialized view' when 'S' then 'sequence' else 'foreign table' end,
           n.nspname || '.' || c.relname,
           concat_ws(E'\\n',
             'owner ' || ${role('c.relowner')},
             'acl ' || ${aclOf('c.relacl', "case when c.relkind = 'S' then 's' else 'r' end", 'c.relowner')},
             'row security ' || c.relrowsecurity || ', forced ' || c.relforcerowsecurity,
             'options ' || coalesce(array_to_string(c.reloptions, ', '), ''),
             'persistence ' || c.relpersistence::text || ', replica identity ' || c.relreplident::text,
             'columns ' || (select string_agg(a.attname, ', ' order by a.attnum)
                              from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
             case when c.relkind in ('v', 'm') then 'query ' || pg_get_viewdef(c.oid) end,
             case when c.relkind = 'p' then 'partitioned by ' || pg_get_partkeydef(c.oid) end,
             case when c.relispartition then 'partition ' || pg_get_expr(c.relpartbound, c.oid) end,
             (select 'sequence ' || format_type(s.seqtypid, null) || ' start ' || s.seqstart || ' increment '
                     || s.seqincrement || ' min ' || s.seqmin || ' max ' || s.seqmax || ' cache ' || s.seqcache
                     || ' cycle ' || s.seqcycle
                from pg_sequence s where s.seqrelid = c.oid),
             (select 'owned by ' || oc.relname || '.' || oa.attname || ' (' || d.deptype::text || ')'
                from pg_depend d
                join pg_class oc on oc.oid = d.refobjid
                join pg_attribute oa on oa.attrelid = d.refobjid and oa.attnum = d.refobjsubid
               where c.relkind = 'S' and d.classid = 'pg_class'::regclass and d.objid = c.oid
                 and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i'))
           )
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${inScope('n')} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${notFromExtension('pg_class', 'c.oid')}`,

  columns: `
    select 'column', n.nspname || '.' || c.relname || '.' || a.attname,
           concat_ws(E'\\n',
             'type ' || format_type(a.atttypid, a.atttypmod),
             'not null ' || a.attnotnull,
             'default ' || pg_get_expr(d.adbin, d.adrelid),
             'identity ' || nullif(a.attidentity::text, ''),
             'generated ' || nullif(a.attgenerated::text, ''),
             (select 'collation ' || co.collname from pg_collation co
               where co.oid = a.attcollation and a.attcollation <> t.typcollation),
             case when a.attacl is not null then 'acl ' || ${privileges('a.attacl')} end
           )
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where ${inScope('n')} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
       and ${notFromExtension('pg_class', 'c.oid')}`,

  constraints: `
    select 'constraint', n.nspname || '.' || coalesce(c.relname, t.typname) || '.' || con.conname,
           concat_ws(E'\\n',
             'type ' || con.contype::text,
             pg_get_constraintdef(con.oid),
             'deferrable ' || con.condeferrable || ', deferred ' || con.condeferred,
             'validated ' || con.convalidated || ', no inherit ' || con.connoinherit
           )
      from pg_constraint con
      join pg_namespace n on n.oid = con.connamespace
      left join pg_class c on c.oid = con.conrelid
      left join pg_type t on t.oid = con.contypid
     where ${inScope('n')} and ${notFromExtension('pg_constraint', 'con.oid')}
       and (c.oid is null or ${notFromExtension('pg_class', 'c.oid')})`,

  indexes: `
    select 'index', n.nspname || '.' || ic.relname,
           concat_ws(E'\\n', pg_get_indexdef(i.indexrelid), 'clustered ' || i.indisclustered,
                     'replica identity ' || i.indisreplident)
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = ic.relnamespace
     where ${inScope('n')} and ${notFromExtension('pg_class', 'i.indrelid')}`,

  functions: `
    select case p.prokind when 'f' then 'function' when 'p' then 'procedure' when 'a' then 'aggregate'
                          else 'window function' end,
           n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')',
           concat_ws(E'\\n',
             case when p.prokind = 'a'
                  then (select 'aggregate ' || g.aggtransfn || ' ' || g.aggfinalfn || ' ' || format_type(g.aggtranstype, null)
                               || ' ' || coalesce(g.agginitval, '')
                          from pg_aggregate g where g.aggfnoid = p.oid)
                  else pg_get_functiondef(p.oid) end,
             'owner ' || ${role('p.proowner')},
             'acl ' || ${aclOf('p.proacl', "'f'", 'p.proowner')}
           )
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${inScope('n')} and ${notFromExtension('pg_proc', 'p.oid')}`,

  triggers: `
    select 'trigger', n.nspname || '.' || c.relname || '.' || tg.tgname,
           concat_ws(E'\\n', pg_get_triggerdef(tg.oid), 'enabled ' || tg.tgenabled::text)
      from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${inScope('n')} and not tg.tgisinternal`,

  policies: `
    select 'policy', n.nspname || '.' || c.relname || '.' || pol.polname,
           concat_ws(E'\\n',
             'command ' || pol.polcmd::text || ', permissive ' || pol.polpermissive,
             'roles ' || (select string_agg(rn.name, ', ' order by rn.name)
                            from (select case when r = 0 then 'PUBLIC' else ${role('r')} end as name
                                    from unnest(pol.polroles) r) rn),
             'using ' || pg_get_expr(pol.polqual, pol.polrelid),
             'with check ' || pg_get_expr(pol.polwithcheck, pol.polrelid)
           )
      from pg_policy pol
      join pg_class c on c.oid = pol.polrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${inScope('n')}`,

  types: `
    select 'type', n.nspname || '.' || t.typname,
           concat_ws(E'\\n',
             'type ' || t.typtype::text,
             case t.typtype
               when 'e' then 'labels ' || (select string_agg(e.enumlabel, ', ' order by e.enumsortorder)
                                             from pg_enum e where e.enumtypid = t.oid)
               when 'd' then 'domain ' || format_type(t.typbasetype, t.typtypmod) || ', not null ' || t.typnotnull
                             || coalesce(', default ' || t.typdefault, '')
               when 'c' then 'attributes ' || (select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', '
                                                                 order by a.attnum)
                                                 from pg_attribute a
                                                where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped)
               when 'r' then (select 'range of ' || format_type(r.rngsubtype, null) from pg_range r where r.rngtypid = t.oid)
             end,
             'owner ' || ${role('t.typowner')},
             'acl ' || ${aclOf('t.typacl', "'T'", 't.typowner')}
           )
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where ${inScope('n')}
       and (t.typrelid = 0 or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
       and not exists (select 1 from pg_type e where e.typarray = t.oid)
       and ${notFromExtension('pg_type', 't.oid')}`,

  defaultPrivileges: `
    select 'default privileges', ${role('d.defaclrole')} || coalesce(' in ' || n.nspname, '') || ' on ' || d.defaclobjtype::text,
           ${privileges('d.defaclacl')}
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,

  comments: `
    select 'comment', pg_describe_object(d.classoid, d.objoid, d.objsubid), d.description
      from pg_description d
     where d.classoid in ('pg_class'::regclass, 'pg_proc'::regclass, 'pg_namespace'::regclass, 'pg_type'::regclass,
                          'pg_constraint'::regclass, 'pg_trigger'::regclass, 'pg_policy'::regclass,
                          'pg_extension'::regclass)
       and coalesce((pg_identify_object(d.classoid, d.objoid, 0)).schema, '') not in ${SKIPPED_SCHEMAS}
       and not exists (select 1 from pg_depend x where x.classid = d.classoid and x.objid = d.objoid and x.deptype = 'e')`,

  publications: `
    select 'publication', p.pubname,
           concat_ws(E'\\n',
             'owner ' || ${role('p.pubowner')},
             'all tables ' || p.puballtables || ', insert ' || p.pubinsert || ', update ' || p.pubupdate
               || ', delete ' || p.pubdelete || ', truncate ' || p.pubtruncate,
             'tables ' || coalesce((select string_agg(pt.schemaname || '.' || pt.tablename, ', ' order by 1)
                                     from pg_publication_tables pt where pt.pubname = p.pubname), '')
           )
      from pg_publication p`,

  eventTriggers: `
    select 'event trigger', e.evtname,
           concat_ws(E'\\n', e.evtevent, e.evtfoid::regprocedure::text, 'enabled ' || e.evtenabled::text,
                     'tags ' || coalesce(array_to_string(e.evttags, ', '), ''))
      from pg_event_trigger e`,

  // Settings of this database (its own and per role in it); cluster-wide role settings are the same in
  // every database of the server, so no scratch database can tell them apart.
  settings: `
    select 'setting', coalesce(${role('s.setrole')}, '(database)'), array_to_string(s.setconfig, E'\\n')
      from pg_db_role_setting s
     where s.setdatabase = (select oid from pg_database where datname = current_database())`,

  rules: `
    select 'rule', n.nspname || '.' || c.relname || '.' || r.rulename, pg_get_ruledef(r.oid)
      from pg_rewrite r
      join pg_class c on c.oid = r.ev_class
      join pg_namespace n on n.oid = c.relnamespace
     where ${inScope('n')} and r.rulename <> '_RETURN'`,

  statistics: `
    select 'statistics', n.nspname || '.' || s.stxname, pg_get_statisticsobjdef(s.oid)
      from pg_statistic_ext s join pg_namespace n on n.oid = s.stxnamespace
     where ${inScope('n')}`,
};

interface TableColumns {
  table: string;
  columns: string[];
}

/**
 * The rows of every table (count and a digest), leaving out what differs between two builds of the same
 * migrations: times (now()) and random defaults.
 */
async function readRows(client: pg.Client): Promise<SchemaObject[]> {
  const { rows: tables } = await client.query<TableColumns>(`
    select format('%I.%I', n.nspname, c.relname) as table,
           array(select quote_ident(a.attname)
                   from pg_attribute a
                   join pg_type t on t.oid = a.atttypid
                   left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                    and t.typname not in ('timestamptz', 'timestamp', 'date', 'time', 'timetz')
                    and coalesce(pg_get_expr(d.adbin, d.adrelid), '') !~ '(random|uuid_generate)'
                  order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${inScope('n')} and c.relkind in ('r', 'p') and not c.relispartition
       and ${notFromExtension('pg_class', 'c.oid')}`);
  const objects: SchemaObject[] = [];
  for (const { table, columns } of tables) {
    const selected = columns.length > 0 ? columns.join(', ') : 'null';
    const { rows } = await client.query<{ count: number; digest: string }>(
      `select count(*)::integer as count, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as digest
         from (select ${selected} from ${table}) r`,
    );
    const [row] = rows;
    objects.push({ kind: 'rows', name: table, definition: `${row?.count} rows, ${row?.digest}` });
  }
  return objects;
}

/** Every object of the database, as read from its catalogs. */
export async function readSchemaObjects(client: pg.Client): Promise<SchemaObject[]> {
  // Names print schema-qualified whatever the database's search_path.
  await client.query(`set search_path = ''`);
  const objects: SchemaObject[] = [];
  for (const sql of Object.values(QUERIES)) {
    const { rows } = await client.query<[string, string, string | null]>({
      text: sql,
      rowMode: 'array',
    });
    for (const [kind, name, definition] of rows)
      objects.push({ kind, name, definition: definition ?? '' });
  }
  objects.push(...(await readRows(client)));
  await client.query('reset search_path');
  return objects;
}

const keyOf = (object: Pick<SchemaObject, 'kind' | 'name'>) => `${object.kind}\t${object.name}`;
const hashOf = (definition: string) =>
  createHash('sha256').update(definition).digest('hex').slice(0, 16);

export function fingerprintOf(objects: SchemaObject[]): Fingerprint {
  return new Map(objects.map((object) => [keyOf(object), hashOf(object.definition)]));
}

/**
 * A bootstrapped database of its own on the stack's server, dropped once `work` is done with it. As on
 * every start of the stack (src/stack.ts): the superuser creates it and runs the bootstrap there, and
 * `work` gets a connection as the non-superuser `postgres`, which applies the migrations and the seed.
 */
/** Each role's own settings (`alter role … set`, for every database), by role name. */
async function roleSettings(server: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await server.query<{ role: string; config: string[] }>(
    `select r.rolname as role, s.setconfig as config
       from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
      where s.setdatabase = 0`,
  );
  return new Map(rows.map((row) => [row.role, [...row.config].sort()]));
}

/**
 * Puts back the roles' own settings as `before` had them. Roles belong to the cluster, so the
 * migrations' `alter role … set` in a scratch database (authenticator's pre-request hook) would
 * otherwise change the running stack's.
 */
async function restoreRoleSettings(server: pg.Client, before: Map<string, string[]>) {
  const now = await roleSettings(server);
  for (const role of new Set([...before.keys(), ...now.keys()])) {
    const wanted = before.get(role) ?? [];
    if (JSON.stringify(wanted) === JSON.stringify(now.get(role) ?? [])) continue;
    const name = server.escapeIdentifier(role);
    await server.query(`alter role ${name} reset all`);
    for (const setting of wanted) {
      const at = setting.indexOf('=');
      const key = setting.slice(0, at);
      await server.query(
        `alter role ${name} set "${key}" = ${server.escapeLiteral(setting.slice(at + 1))}`,
      );
    }
  }
}

async function withScratchDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const name = `schema_check_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const inScratch = (url: string) => {
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    return scratch.toString();
  };
  const server = await connect(adminDatabaseUrl());
  const settingsBefore = await roleSettings(server);
  try {
    await server.query(`create database ${name}`);
    const admin = await connect(inScratch(adminDatabaseUrl()));
    try {
      await applyBootstrap(admin);
    } finally {
      await admin.end();
    }
    const client = await connect(inScratch(databaseUrl()));
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  } finally {
    await restoreRoleSettings(server, settingsBefore);
    await server.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await server.end();
  }
}

/**
 * What the migrations of `dir` build on top of the bootstrap: the objects of a fresh database that has
 * them, less those a database with the bootstrap alone has exactly alike (the auth and storage tables,
 * the API roles' grants), so the fingerprint does not change with the bootstrap's own objects. `after`
 * runs on the built database (the test loads the seed there).
 */
export async function schemaBuiltBy(
  dir: string,
  after?: (client: pg.Client) => Promise<void>,
): Promise<SchemaObject[]> {
  const baseline = await withScratchDatabase(
    async (client) =>
      new Set(
        (await readSchemaObjects(client)).map((object) => `${keyOf(object)}\t${object.definition}`),
      ),
  );
  return withScratchDatabase(async (client) => {
    await applyMigrations(client, dir);
    const objects = (await readSchemaObjects(client)).filter(
      (object) => !baseline.has(`${keyOf(object)}\t${object.definition}`),
    );
    await after?.(client);
    return objects;
  });
}

/** A directory holding copies of the squashed domain files (those dated before SQUASHED_BEFORE). */
export async function squashedMigrationsDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'squashed-migrations-'));
  for (const file of await listMigrationFiles(MIGRATIONS_DIR)) {
    if (file.version < SQUASHED_BEFORE)
      await copyFile(file.file, path.join(dir, path.basename(file.file)));
  }
  return dir;
}

const run = promisify(execFile);

/** The migrations of PRE_SQUASH_COMMIT, read with git into a temporary directory. */
async function preSquashMigrationsDir(): Promise<string> {
  const git = (...args: string[]) =>
    run('git', ['-C', REPO_ROOT, ...args], { maxBuffer: 64 * 1024 * 1024 });
  const { stdout } = await git(
    'ls-tree',
    '--name-only',
    `${PRE_SQUASH_COMMIT}:supabase/migrations`,
  );
  const dir = await mkdtemp(path.join(tmpdir(), 'pre-squash-migrations-'));
  for (const name of stdout.split('\n').filter((line) => line.endsWith('.sql'))) {
    const { stdout: sql } = await git('show', `${PRE_SQUASH_COMMIT}:supabase/migrations/${name}`);
    await writeFile(path.join(dir, name), sql);
  }
  return dir;
}

const HEADER = `# The schema built by supabase/migrations at ${PRE_SQUASH_COMMIT} (the 36 migrations before the squash),
# one object per line: kind, name, hash of its definition (src/schema-fingerprint.ts). The squashed domain
# files must build exactly this (tests/squashed-schema.test.ts). Written by
#   ${CHECK_COMMAND} --write
`;

export function formatFingerprint(fingerprint: Fingerprint): string {
  const lines = [...fingerprint].map(([key, hash]) => `${key}\t${hash}`).sort();
  return `${HEADER}${lines.join('\n')}\n`;
}

export async function readPreSquashFingerprint(): Promise<Fingerprint> {
  const text = await readFile(PRE_SQUASH_FINGERPRINT_FILE, 'utf8');
  const entries = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const cut = line.lastIndexOf('\t');
      return [line.slice(0, cut), line.slice(cut + 1)] as const;
    });
  return new Map(entries);
}

/** The objects missing, added or different in `actual`, as `kind name` lines. */
export function compareFingerprints(expected: Fingerprint, actual: Fingerprint): string[] {
  const differences: string[] = [];
  for (const [key, hash] of expected) {
    const other = actual.get(key);
    if (other === undefined) differences.push(`missing   ${key.replace('\t', ' ')}`);
    else if (other !== hash) differences.push(`different ${key.replace('\t', ' ')}`);
  }
  for (const key of actual.keys()) {
    if (!expected.has(key)) differences.push(`added     ${key.replace('\t', ' ')}`);
  }
  return differences.sort((a, b) => a.slice(10).localeCompare(b.slice(10)));
}

/** A line diff of two definitions (they are short: a function at most a few hundred lines). */
function lineDiff(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  // Longest common subsequence, then walk it.
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`    ${a[i]}`);
      i += 1;
      j += 1;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push(`  + ${b[j]}`);
      j += 1;
    } else {
      out.push(`  - ${a[i]}`);
      i += 1;
    }
  }
  return out.join('\n');
}

/** Readable differences between the pre-squash chain (-) and the squashed files (+). */
export function describeDifferences(before: SchemaObject[], after: SchemaObject[]): string {
  const byKey = (objects: SchemaObject[]) =>
    new Map(objects.map((object) => [keyOf(object), object.definition]));
  const old = byKey(before);
  const now = byKey(after);
  const keys = [...new Set([...old.keys(), ...now.keys()])].sort();
  const parts: string[] = [];
  for (const key of keys) {
    const a = old.get(key);
    const b = now.get(key);
    if (a === b) continue;
    const title = key.replace('\t', ' ');
    if (a === undefined) parts.push(`added: ${title}\n${lineDiff('', b ?? '')}`);
    else if (b === undefined) parts.push(`missing: ${title}\n${lineDiff(a, '')}`);
    else parts.push(`different: ${title}\n${lineDiff(a, b)}`);
  }
  return parts.join('\n\n');
}

async function main(): Promise<void> {
  const mode = process.argv[2] ?? '--check';
  const squashed = mode === '--write' ? undefined : await squashedMigrationsDir();
  const preSquash = mode === '--check' ? undefined : await preSquashMigrationsDir();
  try {
    if (mode === '--write' && preSquash) {
      const objects = await schemaBuiltBy(preSquash);
      await writeFile(PRE_SQUASH_FINGERPRINT_FILE, formatFingerprint(fingerprintOf(objects)));
      console.log(
        `Wrote ${path.relative(REPO_ROOT, PRE_SQUASH_FINGERPRINT_FILE)} (${objects.length} objects).`,
      );
    } else if (mode === '--diff' && preSquash && squashed) {
      const differences = describeDifferences(
        await schemaBuiltBy(preSquash),
        await schemaBuiltBy(squashed),
      );
      console.log(
        differences || 'The squashed migrations build the same schema as the pre-squash chain.',
      );
      if (differences) process.exitCode = 1;
    } else if (mode === '--check' && squashed) {
      const differences = compareFingerprints(
        await readPreSquashFingerprint(),
        fingerprintOf(await schemaBuiltBy(squashed)),
      );
      console.log(
        differences.join('\n') ||
          'The squashed migrations build the same schema as the pre-squash chain.',
      );
      if (differences.length > 0) process.exitCode = 1;
    } else {
      console.error(`usage: ${CHECK_COMMAND} [--check | --diff | --write]`);
      process.exitCode = 2;
    }
  } finally {
    for (const dir of [squashed, preSquash])
      if (dir) await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
