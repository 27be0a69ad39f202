import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { ANON_KEY, API_URL, REPO_ROOT, adminDatabaseUrl, dataDir } from '../src/config';
import { connect } from '../src/database';
import { startStack } from '../src/stack';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, DATASET, loadDataset } from './dataset';
import { type RequestPlan, LARGE_TABLE_ROWS, describeSeqScan, enableAutoExplain, largeTables, planOf } from './plans';
import { type RequestSpec, type Role, type Screen, type ScreenContext, plainRead, screens } from './screens';

// A p95 of 30 samples is their second slowest: one hiccup of the machine moved a ratio by 1×.
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '100', 10) || 100;
// Only the screens whose name contains this (case-insensitive), if set; the plain read is always timed.
const CASES = process.env.BENCH_CASES?.trim().toLowerCase() ?? '';
// At least as many as PostgREST's database connections (10), so each has served before the count.
const WARM_UP_RUNS = 10;
const ROLES: Role[] = ['student', 'teacher', 'admin'];
const PLANS_FILE = path.join(REPO_ROOT, 'bench-results', 'api-plans.md');

const log = (line: string) => console.log(line);

/** Node 20 has no WebSocket and the stack no Realtime; supabase-js only needs the option to exist. */
class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not part of the local Supabase stack');
  }
}

interface Session {
  client: SupabaseClient;
  requests: () => number;
  userId: string;
  claims: Record<string, unknown>;
}

async function signIn(email: string): Promise<Session> {
  let requests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const client = createClient(API_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: countingFetch },
    realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password: BENCH_PASSWORD });
  if (error || !data.session) throw new Error(`Sign-in as ${email} failed: ${error?.message ?? 'no session'}`);
  const payload = data.session.access_token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { client, requests: () => requests, userId: data.session.user.id, claims };
}

async function execute(client: SupabaseClient, spec: RequestSpec): Promise<void> {
  const { error } = 'rpc' in spec ? await client.rpc(spec.rpc, spec.args) : await spec.build(client);
  if (error) throw new Error(`${spec.label}: ${error.message}`);
}

/** One load of a screen: its requests at once, as the page issues them. Returns ms and requests made. */
async function load(session: Session, requests: RequestSpec[]): Promise<{ ms: number; requests: number }> {
  const before = session.requests();
  const started = performance.now();
  await Promise.all(requests.map((spec) => execute(session.client, spec)));
  return { ms: performance.now() - started, requests: session.requests() - before };
}

/** The lines of a text plan that scan one of `relations` sequentially, each with its filter. */
function seqScanLines(text: string, relations: Set<string>): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) => {
    const relation = /Seq Scan on (\w+)/.exec(line)?.[1];
    if (!relation || !relations.has(relation)) return [];
    const filter = lines[index + 1]?.includes('Filter:') ? [`  ${lines[index + 1]?.trim()}`] : [];
    return [line.trim(), ...filter];
  });
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

interface Timing {
  role: Role;
  screen: string;
  requests: number;
  samples: number[];
}

function summary(timing: Timing) {
  const sorted = [...timing.samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

async function context(db: pg.Client, sessions: Record<Role, Session>): Promise<ScreenContext> {
  const { rows: courses } = await db.query<{ course_id: string }>(
    `select course_id from public.enrollments where user_id = $1 and status = 'active' order by enrolled_at desc limit 1`,
    [sessions.student.userId],
  );
  const { rows: activities } = await db.query<{ id: string }>(
    `select a.id from public.activities a
       join public.courses c on c.id = a.course_id
      where c.teacher_id = $1 and c.id <> md5('bench-course-gradebook')::uuid
      order by (select count(*) from public.activity_submissions s where s.activity_id = a.id) desc, a.id
      limit 1`,
    [sessions.teacher.userId],
  );
  const { rows: gradebook } = await db.query<{ id: string }>(`select md5('bench-course-gradebook')::uuid::text as id`);
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (!courses[0] || !activities[0] || !gradebook[0]) throw new Error('The generated dataset has no enrollment or activity to open');
  return {
    userId: { student: sessions.student.userId, teacher: sessions.teacher.userId, admin: sessions.admin.userId },
    studentCourseId: courses[0].course_id,
    teacherActivityId: activities[0].id,
    gradebookCourseId: gradebook[0].id,
    monthStart: monthStart.toISOString(),
    monthEnd: monthEnd.toISOString(),
    dayStart: dayStart.toISOString(),
  };
}

async function datasetCounts(db: pg.Client): Promise<string> {
  const tables = ['users', 'courses', 'enrollments', 'classes', 'class_attendance', 'activities', 'activity_submissions', 'materials', 'course_reviews', 'invoices', 'credit_notes', 'payments', 'refunds'];
  const { rows } = await db.query<{ name: string; rows: string }>(
    tables.map((table) => `select '${table}' as name, count(*)::text as rows from public.${table}`).join(' union all '),
  );
  return rows.map((row) => `${row.name} ${Number(row.rows).toLocaleString('en-US')}`).join(', ');
}

/** The goal: every screen of every role within this many times the plain read, at p95. */
const P95_GOAL = 3;

function printTable(timings: Timing[], plain: Map<Role, Timing>): void {
  log('\n| Role | Screen | Requests | p50 ms | p95 ms | p50 / plain read | p95 / plain p95 |');
  log('|---|---|---:|---:|---:|---:|---:|');
  const over: string[] = [];
  for (const role of ROLES) {
    const base = plain.get(role);
    const baseline = base ? summary(base) : { p50: Number.NaN, p95: Number.NaN };
    if (base) {
      log(`| ${role} | *plain read: ${plainRead.label}* | 1 | ${baseline.p50.toFixed(1)} | ${baseline.p95.toFixed(1)} | 1.0× | 1.0× |`);
    }
    for (const timing of timings.filter((entry) => entry.role === role)) {
      const { p50, p95 } = summary(timing);
      const ratio = p95 / baseline.p95;
      // NaN (no baseline) counts as over: the goal cannot be shown to hold.
      if (!(ratio <= P95_GOAL)) over.push(`${role} · ${timing.screen} (${ratio.toFixed(1)}×)`);
      log(
        `| ${role} | ${timing.screen} | ${timing.requests} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${(p50 / baseline.p50).toFixed(1)}× | ${ratio.toFixed(1)}× |`,
      );
    }
  }
  // Reported, not enforced: timings move with the machine's load (the exit code is the plans' verdict).
  log(
    over.length === 0
      ? `\nEvery screen ≤ ${P95_GOAL}× at p95.`
      : `\nAbove ${P95_GOAL}× the plain read at p95: ${over.join('; ')}.`,
  );
}

export async function runBenchmark(): Promise<number> {
  const startedAt = performance.now();
  log(`# API benchmark\n\nStack ${API_URL}, data ${dataDir()} (wiped and rebuilt).`);
  let stack: Awaited<ReturnType<typeof startStack>>;
  try {
    stack = await startStack({ reset: true, quiet: true });
  } catch (error) {
    console.error(`Could not start the benchmark's stack: ${error instanceof Error ? error.message : String(error)} (BENCH_PORT_OFFSET moves it).`);
    return 1;
  }
  let db: pg.Client | undefined;
  let failures = 0;
  try {
    // The superuser (supabase_admin): it loads the dataset and auto_explain, which postgres may not.
    db = await connect(adminDatabaseUrl());
    log(`\n## Dataset (generate_series as the superuser, triggers on)\n`);
    const loadMs = await loadDataset(db, log);
    log(`  loaded in ${(loadMs / 1000).toFixed(1)} s: ${await datasetCounts(db)}`);

    const sessions = {
      student: await signIn(BENCH_ACCOUNTS.student),
      teacher: await signIn(BENCH_ACCOUNTS.teacher),
      admin: await signIn(BENCH_ACCOUNTS.admin),
    } satisfies Record<Role, Session>;
    const ctx = await context(db, sessions);
    const all: Screen[] = screens(ctx).filter((screen) => screen.name.toLowerCase().includes(CASES));
    if (all.length === 0) throw new Error(`No screen's name contains BENCH_CASES=${CASES}`);
    if (CASES) log(`\nScreens whose name contains "${CASES}" only (BENCH_CASES): ${all.length}.`);

    const timings: Timing[] = all.map((screen) => ({ role: screen.role, screen: screen.name, requests: 0, samples: [] }));
    const plain = new Map<Role, Timing>(ROLES.map((role) => [role, { role, screen: 'plain', requests: 1, samples: [] }]));
    log(`\n## Timings through the gateway (${WARM_UP_RUNS} warm-up + ${RUNS} runs, screens interleaved)`);
    for (let run = 0; run < WARM_UP_RUNS + RUNS; run += 1) {
      for (const role of ROLES) {
        const baseline = await load(sessions[role], [plainRead]);
        if (run >= WARM_UP_RUNS) plain.get(role)?.samples.push(baseline.ms);
        for (const [index, screen] of all.entries()) {
          if (screen.role !== role) continue;
          const result = await load(sessions[role], screen.requests);
          const timing = timings[index] as Timing;
          timing.requests = result.requests;
          if (run >= WARM_UP_RUNS) timing.samples.push(result.ms);
        }
      }
    }
    printTable(timings, plain);

    log(`\n## Plans: EXPLAIN (ANALYZE, BUFFERS) of every list query, as the signed-in role\n`);
    const large = await largeTables(db);
    log(`Large tables (≥ ${LARGE_TABLE_ROWS.toLocaleString('en-US')} rows): ${[...large.keys()].sort().join(', ')}.\n`);
    await enableAutoExplain(db);
    const plans: Array<RequestPlan & { role: Role; screen: string }> = [];
    for (const screen of all) {
      for (const spec of screen.requests) {
        const session = sessions[screen.role];
        const plan = await planOf(spec, session.client, db, session.claims, large, screen.role === 'admin');
        plans.push({ ...plan, role: screen.role, screen: screen.name });
      }
    }
    log('| Role | Screen | Request | Execution ms | Large tables read without an index |');
    log('|---|---|---|---:|---|');
    for (const plan of plans) {
      const verdict = plan.seqScans.length === 0 ? 'none' : plan.seqScans.map(describeSeqScan).join('; ');
      log(`| ${plan.role} | ${plan.screen} | \`${plan.label}\` | ${plan.executionMs.toFixed(2)} | ${verdict} |`);
    }
    const flagged = plans.filter((plan) => plan.seqScans.some((scan) => scan.harmful));
    failures += flagged.length;
    const report = [`# API benchmark plans (${new Date().toISOString()})\n`];
    for (const plan of plans) {
      report.push(`## ${plan.role} · ${plan.screen} · \`${plan.label}\` (${plan.executionMs.toFixed(2)} ms)\n\n\`\`\`\n${plan.text}\n\`\`\`\n`);
    }
    await mkdir(path.dirname(PLANS_FILE), { recursive: true });
    await writeFile(PLANS_FILE, report.join('\n'));
    log('\n### The three slowest\n');
    for (const plan of [...plans].sort((a, b) => b.executionMs - a.executionMs).slice(0, 3)) {
      log(`#### ${plan.role} · ${plan.screen} · \`${plan.label}\` (${plan.executionMs.toFixed(2)} ms)\n\n\`\`\`\n${plan.text}\n\`\`\`\n`);
    }
    if (flagged.length > 0) {
      log('### Sequential scans an index should avoid\n');
      for (const plan of flagged) {
        log(`- ${plan.role} · ${plan.screen} · \`${plan.label}\`:`);
        const relations = new Set(plan.seqScans.filter((scan) => scan.harmful).map((scan) => scan.relation));
        for (const line of seqScanLines(plan.text, relations)) log(`    ${line}`);
      }
    }
    log(`\nEvery plan: ${path.relative(REPO_ROOT, PLANS_FILE)}.`);
    log(
      flagged.length === 0
        ? 'Every list query reads the large tables through indexes (or needs all of their rows).'
        : `FAIL: ${flagged.length} list quer${flagged.length === 1 ? 'y reads' : 'ies read'} a large table without an index.`,
    );
  } catch (error) {
    failures += 1;
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  } finally {
    await db?.end().catch(() => undefined);
    await stack.stop();
    log(`\nStack stopped. Total time ${((performance.now() - startedAt) / 1000).toFixed(1)} s (dataset: ${DATASET.courses} courses, ${DATASET.students.toLocaleString('en-US')} students).`);
  }
  return failures === 0 ? 0 : 1;
}
