/**
 * Prints the Supabase-style `Database` type of the running database's `public` schema (what
 * `supabase gen types typescript` produces: Tables with Row/Insert/Update/Relationships, Views,
 * Functions, Enums, CompositeTypes and the helper types), read from pg_catalog.
 *
 *   pnpm --filter @portal/local-supabase exec tsx src/gen-types.ts --write   (writes shared-data/src/database.types.ts)
 *   pnpm --filter @portal/local-supabase exec tsx src/gen-types.ts > shared-data/src/database.types.ts  (stdout)
 *
 * Set LOCAL_SUPABASE_PORT_OFFSET (or DATABASE_URL) to read another stack than the default one.
 * The integration test tests/database-types.test.ts regenerates it and fails when the checked-in file
 * differs from the migrations.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { REPO_ROOT, databaseUrl } from './config';
import { connect } from './database';

const SCHEMA = 'public';

export const TYPES_FILE = path.join(REPO_ROOT, 'shared-data', 'src', 'database.types.ts');

export const REGENERATE_COMMAND = 'pnpm --filter @portal/local-supabase exec tsx src/gen-types.ts --write';

interface RelationRow {
  name: string;
  kind: 'r' | 'p' | 'v' | 'm';
}

interface ColumnRow {
  relation: string;
  name: string;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
  type_name: string;
  type_type: string;
  type_category: string;
  element_type_name: string | null;
  element_type_type: string | null;
  type_schema: string;
}

interface ForeignKeyRow {
  name: string;
  relation: string;
  columns: string[];
  referenced_relation: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_type_types: string[];
  arg_modes: string[] | null;
  defaults: number;
  return_type: string;
  return_type_type: string;
  return_relation: string | null;
  returns_set: boolean;
}

interface EnumRow {
  name: string;
  labels: string[];
}

const STRING_TYPES = new Set([
  'text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'citext', 'date', 'time', 'timetz', 'timestamp',
  'timestamptz', 'interval', 'bytea', 'inet', 'cidr', 'macaddr', 'tsvector', 'money', 'bit', 'varbit',
]);
const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function scalarType(typeName: string, typeType: string | null): string {
  if (typeType === 'e') return `Database['${SCHEMA}']['Enums']['${typeName}']`;
  if (typeName === 'bool') return 'boolean';
  if (NUMBER_TYPES.has(typeName)) return 'number';
  if (STRING_TYPES.has(typeName)) return 'string';
  if (typeName === 'json' || typeName === 'jsonb') return 'Json';
  if (typeName === 'void') return 'undefined';
  return 'unknown';
}

function columnType(column: ColumnRow): string {
  if (column.type_category === 'A' && column.element_type_name) {
    return `${scalarType(column.element_type_name, column.element_type_type)}[]`;
  }
  return scalarType(column.type_name, column.type_type);
}

/** pg_catalog array type names start with an underscore (`_text` is `text[]`). */
function namedType(typeName: string, typeType: string): string {
  if (typeName.startsWith('_')) return `${scalarType(typeName.slice(1), null)}[]`;
  return scalarType(typeName, typeType);
}

const quoteKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`);

async function load(client: pg.Client) {
  const relations = (
    await client.query<RelationRow>(
      `select c.relname as name, c.relkind as kind
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
        order by c.relname`,
      [SCHEMA],
    )
  ).rows;

  const columns = (
    await client.query<ColumnRow>(
      `select c.relname as relation, a.attname as name, a.attnotnull as not_null, a.atthasdef as has_default,
              a.attidentity as identity, a.attgenerated as generated,
              t.typname as type_name, t.typtype as type_type, t.typcategory as type_category,
              et.typname as element_type_name, et.typtype as element_type_type, tn.nspname as type_schema
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_type t on t.oid = a.atttypid
         join pg_namespace tn on tn.oid = t.typnamespace
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
        where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attname`,
      [SCHEMA],
    )
  ).rows;

  const foreignKeys = (
    await client.query<ForeignKeyRow>(
      `select con.conname as name, c.relname as relation,
              array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
                      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
              rc.relname as referenced_relation,
              array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
                      join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord)
                as referenced_columns,
              exists (
                select 1 from pg_index i
                 where i.indrelid = con.conrelid and i.indisunique and i.indpred is null
                   and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                     = (select array_agg(x order by x) from unnest(con.conkey) x)
              ) as one_to_one
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_class rc on rc.oid = con.confrelid
         join pg_namespace rn on rn.oid = rc.relnamespace
        where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
        order by c.relname, con.conname`,
      [SCHEMA],
    )
  ).rows;

  const functions = (
    await client.query<FunctionRow>(
      `select p.proname as name, p.proargnames as arg_names,
              array(select t.typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(oid, ord)
                      join pg_type t on t.oid = a.oid order by a.ord) as arg_types,
              array(select t.typtype::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(oid, ord)
                      join pg_type t on t.oid = a.oid order by a.ord) as arg_type_types,
              p.proargmodes::text[] as arg_modes, p.pronargdefaults as defaults,
              rt.typname as return_type, rt.typtype as return_type_type,
              (select rc.relname from pg_class rc where rc.oid = rt.typrelid) as return_relation,
              p.proretset as returns_set
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type rt on rt.oid = p.prorettype
        where n.nspname = $1 and p.prokind = 'f'
          and rt.typname not in ('trigger', 'event_trigger')
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by p.proname, pg_get_function_identity_arguments(p.oid)`,
      [SCHEMA],
    )
  ).rows;

  const enums = (
    await client.query<EnumRow>(
      `select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
         from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
        where n.nspname = $1
        group by t.typname
        order by t.typname`,
      [SCHEMA],
    )
  ).rows;

  return { relations, columns, foreignKeys, functions, enums };
}

function indent(lines: string[], depth: number): string[] {
  const pad = '  '.repeat(depth);
  return lines.map((line) => (line ? pad + line : line));
}

function objectType(entries: string[], depth: number): string[] {
  if (entries.length === 0) return ['[_ in never]: never;'].map((line) => '  '.repeat(depth) + line);
  return indent(entries, depth);
}

function relationshipsType(foreignKeys: ForeignKeyRow[]): string[] {
  if (foreignKeys.length === 0) return ['Relationships: [];'];
  const lines = ['Relationships: ['];
  for (const fk of foreignKeys) {
    lines.push(
      '  {',
      `    foreignKeyName: '${fk.name}';`,
      `    columns: [${fk.columns.map((column) => `'${column}'`).join(', ')}];`,
      `    isOneToOne: ${fk.one_to_one};`,
      `    referencedRelation: '${fk.referenced_relation}';`,
      `    referencedColumns: [${fk.referenced_columns.map((column) => `'${column}'`).join(', ')}];`,
      '  },',
    );
  }
  lines.push('];');
  return lines;
}

function tableType(name: string, columns: ColumnRow[], foreignKeys: ForeignKeyRow[]): string[] {
  const row = columns.map((c) => `${quoteKey(c.name)}: ${columnType(c)}${c.not_null ? '' : ' | null'};`);
  const insert = columns.map((c) => {
    if (c.generated) return `${quoteKey(c.name)}?: never;`;
    const optional = !c.not_null || c.has_default || c.identity !== '';
    return `${quoteKey(c.name)}${optional ? '?' : ''}: ${columnType(c)}${c.not_null ? '' : ' | null'};`;
  });
  const update = columns.map((c) =>
    c.generated ? `${quoteKey(c.name)}?: never;` : `${quoteKey(c.name)}?: ${columnType(c)}${c.not_null ? '' : ' | null'};`,
  );
  return [
    `${quoteKey(name)}: {`,
    '  Row: {',
    ...indent(row, 2),
    '  };',
    '  Insert: {',
    ...indent(insert, 2),
    '  };',
    '  Update: {',
    ...indent(update, 2),
    '  };',
    ...indent(relationshipsType(foreignKeys), 1),
    '};',
  ];
}

function viewType(name: string, columns: ColumnRow[]): string[] {
  // Postgres cannot prove a view column non-null, so (like the Supabase CLI) every one may be null.
  const row = columns.map((c) => `${quoteKey(c.name)}: ${columnType(c)} | null;`);
  return [`${quoteKey(name)}: {`, '  Row: {', ...indent(row, 2), '  };', '  Relationships: [];', '};'];
}

function functionType(fn: FunctionRow, rowTypeOf: (relation: string) => string): string[] {
  const inputs: string[] = [];
  const outputs: string[] = [];
  const names = fn.arg_names ?? [];
  const inputCount = fn.arg_types.filter((_, i) => ['i', 'b', 'v'].includes(fn.arg_modes?.[i] ?? 'i')).length;
  let inputIndex = 0;
  fn.arg_types.forEach((typeName, i) => {
    const mode = fn.arg_modes?.[i] ?? 'i';
    const name = names[i] ?? `arg${i + 1}`;
    const type = namedType(typeName, fn.arg_type_types[i] ?? 'b');
    if (mode === 'o' || mode === 't' || mode === 'b') outputs.push(`${quoteKey(name)}: ${type};`);
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      const optional = inputIndex >= inputCount - fn.defaults;
      inputs.push(`${quoteKey(name)}${optional ? '?' : ''}: ${type};`);
      inputIndex += 1;
    }
  });

  let returns: string[];
  if (outputs.length > 0) {
    returns = ['{', ...indent(outputs, 1), `}${fn.returns_set ? '[]' : ''};`];
  } else if (fn.return_relation) {
    returns = [`${rowTypeOf(fn.return_relation)}${fn.returns_set ? '[]' : ''};`];
  } else {
    returns = [`${namedType(fn.return_type, fn.return_type_type)}${fn.returns_set ? '[]' : ''};`];
  }
  const args = inputs.length === 0 ? ['Args: never;'] : ['Args: {', ...indent(inputs, 1), '};'];
  const [firstReturn, ...restReturn] = returns;
  return [`${quoteKey(fn.name)}: {`, ...indent(args, 1), `  Returns: ${firstReturn}`, ...indent(restReturn, 1), '};'];
}

const HEADER = `// Generated from the local database by local-supabase/src/gen-types.ts. Do not edit: change the
// migrations, then run (with the local stack running)
//   ${REGENERATE_COMMAND}

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];
`;

const HELPERS = `
type DefaultSchema = Database['public'];

export type Tables<Name extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])> = (DefaultSchema['Tables'] &
  DefaultSchema['Views'])[Name] extends { Row: infer Row }
  ? Row
  : never;

export type TablesInsert<Name extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][Name]['Insert'];

export type TablesUpdate<Name extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][Name]['Update'];

export type Enums<Name extends keyof DefaultSchema['Enums']> = DefaultSchema['Enums'][Name];

export type CompositeTypes<Name extends keyof DefaultSchema['CompositeTypes']> =
  DefaultSchema['CompositeTypes'][Name];
`;

/**
 * The TypeScript source of database.types.ts for the database `client` is connected to, formatted with
 * the repository's Prettier settings so `pnpm format` leaves it as it is.
 */
export async function generateDatabaseTypes(client: pg.Client): Promise<string> {
  const { relations, columns, foreignKeys, functions, enums } = await load(client);
  const columnsOf = (relation: string) => columns.filter((column) => column.relation === relation);
  const tables = relations.filter((relation) => relation.kind === 'r' || relation.kind === 'p');
  const views = relations.filter((relation) => relation.kind === 'v' || relation.kind === 'm');
  const rowTypeOf = (relation: string) =>
    views.some((view) => view.name === relation)
      ? `Database['${SCHEMA}']['Views']['${relation}']['Row']`
      : `Database['${SCHEMA}']['Tables']['${relation}']['Row']`;

  const tableLines = tables.flatMap((table) =>
    tableType(table.name, columnsOf(table.name), foreignKeys.filter((fk) => fk.relation === table.name)),
  );
  const viewLines = views.flatMap((view) => viewType(view.name, columnsOf(view.name)));
  const functionLines = functions.flatMap((fn) => functionType(fn, rowTypeOf));
  const enumLines = enums.map(
    (en) => `${quoteKey(en.name)}: ${en.labels.map((label) => `'${label.replace(/'/g, "\\'")}'`).join(' | ')};`,
  );

  const lines = [
    'export type Database = {',
    '  // Lets createClient<Database>() pick the matching PostgREST features.',
    '  __InternalSupabase: {',
    "    PostgrestVersion: '12';",
    '  };',
    `  ${SCHEMA}: {`,
    '    Tables: {',
    ...objectType(tableLines, 3),
    '    };',
    '    Views: {',
    ...objectType(viewLines, 3),
    '    };',
    '    Functions: {',
    ...objectType(functionLines, 3),
    '    };',
    '    Enums: {',
    ...objectType(enumLines, 3),
    '    };',
    '    CompositeTypes: {',
    ...objectType([], 3),
    '    };',
    '  };',
    '};',
  ];
  const source = `${HEADER}\n${lines.join('\n')}\n${HELPERS}`;
  const options = await resolveConfig(TYPES_FILE);
  return format(source, { ...options, filepath: TYPES_FILE });
}

async function main(): Promise<void> {
  const client = await connect(databaseUrl());
  try {
    const source = await generateDatabaseTypes(client);
    if (process.argv.includes('--write')) {
      await writeFile(TYPES_FILE, source);
      console.error(`[gen-types] Wrote ${path.relative(REPO_ROOT, TYPES_FILE)}`);
    } else {
      process.stdout.write(source);
    }
  } finally {
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`[gen-types] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
