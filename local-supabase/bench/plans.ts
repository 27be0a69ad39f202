import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import type { RequestSpec } from './screens';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** A sequential scan of a large table, and whether it is a problem. */
export interface SeqScan {
  relation: string;
  tableRows: number;
  loops: number;
  rowsKept: number;
  rowsRead: number;
  /** Repeated per row of an outer query, or reading far more rows than it keeps: an index is missing or unused. */
  harmful: boolean;
}

export interface RequestPlan {
  label: string;
  /** The plans of every statement the request ran (for a read-model function: its nested statements). */
  plans: PlanNode[];
  executionMs: number;
  text: string;
  seqScans: SeqScan[];
}

/** Tables with at least this many rows must be read through an index by every list query. */
export const LARGE_TABLE_ROWS = 5_000;

export async function largeTables(db: pg.Client): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; rows: number }>(
    `select c.relname as name, c.reltuples::bigint::integer as rows
       from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and c.reltuples >= $1`,
    [LARGE_TABLE_ROWS],
  );
  return new Map(rows.map((row) => [row.name, row.rows]));
}

function seqScansIn(node: PlanNode, large: Map<string, number>, fullReadsAllowed: boolean, found: SeqScan[]): SeqScan[] {
  const relation = node['Relation Name'];
  const tableRows = relation ? large.get(relation) : undefined;
  if (node['Node Type'] === 'Seq Scan' && relation && tableRows !== undefined) {
    const loops = Number(node['Actual Loops'] ?? 1);
    const rowsKept = Number(node['Actual Rows'] ?? 0);
    const rowsRead = rowsKept + Number(node['Rows Removed by Filter'] ?? 0);
    // Students and teachers see a slice of every large table, so reading one whole is always a miss. An
    // administrator's single pass that keeps (nearly) every row, counting the whole table, is what an
    // index could not improve; repeated or selective passes should have used one.
    const harmful = !fullReadsAllowed || loops > 1 || (rowsRead > 1_000 && rowsKept < rowsRead / 2);
    found.push({ relation, tableRows, loops, rowsKept, rowsRead, harmful });
  }
  for (const child of node.Plans ?? []) seqScansIn(child, large, fullReadsAllowed, found);
  return found;
}

export function describeSeqScan(scan: SeqScan): string {
  const rows = (value: number) => Math.round(value).toLocaleString('en-US');
  return scan.harmful
    ? `✗ Seq Scan on ${scan.relation}: ${scan.loops > 1 ? `${rows(scan.loops)} loops, ` : ''}keeps ${rows(scan.rowsKept)} of ${rows(scan.rowsRead)} rows read`
    : `full read of ${scan.relation} (${rows(scan.rowsRead)} rows, all needed by the admin)`;
}

interface ExplainOutput {
  Plan: PlanNode;
  'Execution Time'?: number;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the exact query PostgREST runs for a table/view request, as the caller. */
async function postgrestPlan(
  client: SupabaseClient,
  spec: Extract<RequestSpec, { build: unknown }>,
  large: Map<string, number>,
  fullReadsAllowed: boolean,
) {
  const json = await spec.build(client).explain({ analyze: true, buffers: true, format: 'json' });
  if (json.error) throw new Error(`${spec.label}: explain failed: ${json.error.message}`);
  const outputs = json.data as ExplainOutput[];
  const text = await spec.build(client).explain({ analyze: true, buffers: true, format: 'text' });
  if (text.error) throw new Error(`${spec.label}: explain failed: ${text.error.message}`);
  const plans = outputs.map((output) => output.Plan);
  return {
    label: spec.label,
    plans,
    executionMs: outputs.reduce((sum, output) => sum + (output['Execution Time'] ?? 0), 0),
    text: String(text.data).trimEnd(),
    seqScans: plans.flatMap((plan) => seqScansIn(plan, large, fullReadsAllowed, [])),
  };
}

/**
 * A read-model function's plans: PostgREST would only show "Function Scan", so the function is called
 * directly as the same role and JWT claims PostgREST sets, with auto_explain reporting (ANALYZE, BUFFERS)
 * every statement it runs, including the policy helpers.
 */
async function functionPlans(
  db: pg.Client,
  claims: Record<string, unknown>,
  spec: Extract<RequestSpec, { rpc: string }>,
  large: Map<string, number>,
  fullReadsAllowed: boolean,
) {
  const run = async (format: 'json' | 'text') => {
    const notices: string[] = [];
    const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '');
    db.on('notice', onNotice);
    try {
      await db.query('begin');
      await db.query(`set local auto_explain.log_format = '${format}'`);
      await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify(claims),
      ]);
      const names = Object.keys(spec.args);
      const call = names.map((name, index) => `${name} => $${index + 1}`).join(', ');
      await db.query(`select public.${spec.rpc}(${call})`, Object.values(spec.args));
    } finally {
      await db.query('rollback');
      db.off('notice', onNotice);
    }
    return notices.filter((notice) => notice.includes('plan:'));
  };
  const notices = await run('json');
  const outputs = notices.map((notice) => JSON.parse(notice.slice(notice.indexOf('plan:') + 5)) as ExplainOutput);
  // Notices come innermost first: the last is the outer `select public.fn(...)`, its duration the call's.
  const duration = /duration: ([\d.]+) ms/.exec(notices.at(-1) ?? '');
  const plans = outputs.map((output) => output.Plan);
  return {
    label: spec.label,
    plans,
    executionMs: duration ? Number(duration[1]) : 0,
    text: (await run('text')).map((notice) => notice.replace(/^duration: /, '-- statement of ').replace(/ms\s+plan:/, 'ms:')).join('\n\n'),
    seqScans: plans.flatMap((plan) => seqScansIn(plan, large, fullReadsAllowed, [])),
  };
}

/** Loads auto_explain into this (superuser) session; plans are sent to the client as notices. */
export async function enableAutoExplain(db: pg.Client): Promise<void> {
  await db.query(`load 'auto_explain'`);
  for (const setting of [
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
    'auto_explain.log_timing = on',
    'auto_explain.log_nested_statements = on',
    `auto_explain.log_level = 'notice'`,
  ]) {
    await db.query(`set ${setting}`);
  }
}

export function planOf(
  spec: RequestSpec,
  client: SupabaseClient,
  db: pg.Client,
  claims: Record<string, unknown>,
  large: Map<string, number>,
  fullReadsAllowed: boolean,
): Promise<RequestPlan> {
  return 'rpc' in spec
    ? functionPlans(db, claims, spec, large, fullReadsAllowed)
    : postgrestPlan(client, spec, large, fullReadsAllowed);
}
