import { enableAutoExplain } from '../../local-supabase/bench/plans';
import { adminDatabaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';

// How much a read model reads, as the signed-in user `userId` would run it: auto_explain reports the
// executed plan (ANALYZE) of every statement, nested ones included (the function's own queries and
// the policy helpers they call). Tests use it to show that a read is bounded by what it returns, not
// by the size of the tables behind it. Everything runs in a transaction that is rolled back.

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

export interface StatementReads {
  /** The statement's text (a function's nested query, a policy helper's query...). */
  query: string;
  /** Rows each table was read for: kept + removed by filters, times the node's loops. */
  rows: Map<string, number>;
  /** How many plan nodes scanned each table. */
  scans: Map<string, number>;
}

function collect(node: PlanNode, into: StatementReads): void {
  const relation = node['Relation Name'];
  const loops = Number(node['Actual Loops'] ?? 1);
  // A node that never ran (a branch switched off for this caller) read nothing.
  if (typeof relation === 'string' && String(node['Node Type']).includes('Scan') && loops > 0) {
    const perLoop =
      Number(node['Actual Rows'] ?? 0) +
      Number(node['Rows Removed by Filter'] ?? 0) +
      Number(node['Rows Removed by Index Recheck'] ?? 0);
    into.rows.set(relation, (into.rows.get(relation) ?? 0) + Math.round(perLoop * loops));
    into.scans.set(relation, (into.scans.get(relation) ?? 0) + 1);
  }
  for (const child of node.Plans ?? []) collect(child, into);
}

/**
 * The executed plans of `sql` and of every statement it ran, as `userId` (role authenticated).
 * `setup` runs first as the superuser in the same transaction (a large data set made with
 * generate_series, then `analyze`, so the planner chooses as it would on a large school); it is
 * rolled back with everything else.
 */
export async function statementReads(
  userId: string,
  sql: string,
  params: unknown[] = [],
  setup: Array<{ sql: string; params?: unknown[] }> = [],
): Promise<StatementReads[]> {
  // The superuser: only it may load auto_explain and set its options (postgres, like on hosted
  // Supabase, is not one). The read itself still runs as the signed-in user.
  const client = await connect(adminDatabaseUrl());
  const notices: string[] = [];
  client.on('notice', (notice: { message?: string }) => notices.push(notice.message ?? ''));
  try {
    // The benchmark's settings (ANALYZE, nested statements, sent as notices), in JSON.
    await enableAutoExplain(client);
    await client.query(`set auto_explain.log_format = 'json'`);
    await client.query('begin');
    for (const step of setup) await client.query(step.sql, step.params ?? []);
    await client.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: userId, role: 'authenticated' })],
    );
    notices.length = 0;
    await client.query(sql, params);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
  return notices
    .filter((notice) => notice.includes('plan:'))
    .map((notice) => {
      const output = JSON.parse(notice.slice(notice.indexOf('plan:') + 5)) as {
        'Query Text': string;
        Plan: PlanNode;
      };
      const reads: StatementReads = {
        query: output['Query Text'],
        rows: new Map(),
        scans: new Map(),
      };
      collect(output.Plan, reads);
      return reads;
    });
}

/** Rows read from `table` over all the statements. */
export function rowsReadFrom(statements: StatementReads[], table: string): number {
  return statements.reduce((sum, statement) => sum + (statement.rows.get(table) ?? 0), 0);
}
