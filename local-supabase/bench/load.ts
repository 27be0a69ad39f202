// `pnpm bench:load`: sign-in and REST throughput side by side, alone and together, printed as a table.
//
// Runs its own stack twice in a child process (so the load generator never shares the gateway's thread):
// first with LOCAL_SUPABASE_PASSWORD_HASHER=bcryptjs (the old pure-JavaScript hashing on the event loop,
// the "before" column), then with the native hasher on the thread pool ("after"). Ports are shifted by
// LOAD_BENCH_PORT_OFFSET (default 910), data lives in .data/bench-load (wiped). 127.0.0.1 only.
// LOAD_BENCH_SECONDS sets each measurement's window (default 10); the whole run takes about 3 minutes.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const repoRoot = path.join(packageRoot, '..');
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOAD_BENCH_PORT_OFFSET ?? '910';
process.env.LOCAL_SUPABASE_DATA_DIR = path.join(repoRoot, '.data', 'bench-load');
delete process.env.DATABASE_URL;

const { ANON_KEY, API_PORT, HOST, POSTGREST_PORT, databaseUrl } = await import('../src/config');
const { connect } = await import('../src/database');
const { sleep } = await import('../src/process-utils');
const { startStackProcess, stopStackProcess } = await import('./child-stack');

const WINDOW_MS = (Number(process.env.LOAD_BENCH_SECONDS) || 10) * 1000;
const REST_CONNECTIONS = 10;
const SIGN_IN_LEVELS = [10, 50, 200];
const PASSWORD = 'password123';

interface Answer {
  status: number;
  ms: number;
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  pathAndQuery: string,
  headers: http.OutgoingHttpHeaders,
  body?: string,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: HOST, port, method, path: pathAndQuery, headers, agent, timeout: 30_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

interface Run {
  ok: number;
  busy: number;
  failed: number;
  perSecond: number;
  p50: number;
}

/** `connections` loops, each sending `next()` one after another for the window; counts answers within it. */
async function closedLoop(connections: number, send: (agent: http.Agent, index: number) => Promise<Answer>, windowMs = WINDOW_MS): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = performance.now() + windowMs;
  const started = performance.now();
  const latencies: number[] = [];
  let ok = 0;
  let busy = 0;
  let failed = 0;
  let sent = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const answer = await send(agent, sent++);
        if (performance.now() > deadline) break;
        if (answer.status >= 200 && answer.status < 300) {
          ok += 1;
          latencies.push(answer.ms);
        } else if (answer.status === 503) {
          busy += 1;
          // A client honours Retry-After (1 s) rather than hammering.
          await sleep(1_000);
        } else failed += 1;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const elapsed = Math.min(performance.now(), deadline) - started;
  return { ok, busy, failed, perSecond: (ok * 1000) / elapsed, p50: latencies[Math.floor(latencies.length / 2)] ?? Number.NaN };
}

async function accounts(): Promise<string[]> {
  const client = await connect(databaseUrl());
  try {
    const { rows } = await client.query<{ email: string }>(
      `select email from auth.users
        where email like '%@school.test' and encrypted_password = extensions.crypt($1, encrypted_password)
        order by email limit 60`,
      [PASSWORD],
    );
    return rows.map((row) => row.email);
  } finally {
    await client.end();
  }
}

function signIn(emails: string[]) {
  return (agent: http.Agent, index: number) =>
    request(
      agent,
      API_PORT,
      'POST',
      '/auth/v1/token?grant_type=password',
      { apikey: ANON_KEY, 'content-type': 'application/json' },
      JSON.stringify({ email: emails[index % emails.length], password: PASSWORD }),
    );
}

async function studentToken(email: string): Promise<string> {
  const response = await fetch(`http://${HOST}:${API_PORT}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`Sign-in as ${email} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

const READ = '/courses?select=id,title,level,language&order=title&limit=20';

function restRead(token: string, direct = false) {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}` };
  return (agent: http.Agent) =>
    direct ? request(agent, POSTGREST_PORT, 'GET', READ, headers) : request(agent, API_PORT, 'GET', `/rest/v1${READ}`, headers);
}

const startStack = (hasher: 'bcryptjs' | 'native', reset: boolean) =>
  startStackProcess({ LOCAL_SUPABASE_PASSWORD_HASHER: hasher }, reset);
const stopStack = stopStackProcess;

interface Results {
  signIns: Record<number, Run>;
  restAlone: Run;
  restDuring: Run;
  signInsDuring: Run;
  gateway?: Record<number, Run>;
  direct?: Record<number, Run>;
}

async function measure(hasher: 'bcryptjs' | 'native', reset: boolean): Promise<Results> {
  console.error(`\n[bench:load] ${hasher}: starting the stack…`);
  const stack = await startStack(hasher, reset);
  try {
    const emails = await accounts();
    if (emails.length === 0) throw new Error('No seeded accounts with the demo password');
    const token = await studentToken('student@school.test');
    // Warm-up: JIT, pools, PostgREST's schema cache.
    await closedLoop(4, restRead(token), 1_000);
    await closedLoop(4, signIn(emails), 1_000);

    const signIns: Record<number, Run> = {};
    for (const level of SIGN_IN_LEVELS) {
      console.error(`[bench:load] ${hasher}: sign-ins at c=${level}…`);
      signIns[level] = await closedLoop(level, signIn(emails));
      await sleep(1_000);
    }
    console.error(`[bench:load] ${hasher}: REST reads alone, then during 200 sign-ins…`);
    const restAlone = await closedLoop(REST_CONNECTIONS, restRead(token));
    const [restDuring, signInsDuring] = await Promise.all([
      closedLoop(REST_CONNECTIONS, restRead(token)),
      closedLoop(200, signIn(emails)),
    ]);
    const results: Results = { signIns, restAlone, restDuring, signInsDuring };
    if (hasher === 'native') {
      results.gateway = {};
      results.direct = {};
      for (const connections of [1, 10]) {
        console.error(`[bench:load] gateway vs direct PostgREST at ${connections} connection(s)…`);
        await sleep(1_000);
        results.gateway[connections] = await closedLoop(connections, restRead(token));
        results.direct[connections] = await closedLoop(connections, restRead(token, true));
      }
    }
    return results;
  } finally {
    await stopStack(stack);
  }
}

const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const describeRun = (run: Run) => `${fmt(run.perSecond)}/s${run.busy ? ` (${run.busy}×503)` : ''}${run.failed ? ` (${run.failed} failed)` : ''}`;

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

const startedAt = performance.now();
const before = await measure('bcryptjs', true);
const after = await measure('native', false);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : a > 0 ? '∞' : '—');

const rows: string[][] = [['measure', 'before (bcryptjs, event loop)', 'after (native, thread pool)', 'after / before']];
for (const level of SIGN_IN_LEVELS) {
  const b = before.signIns[level] as Run;
  const a = after.signIns[level] as Run;
  rows.push([`sign-ins/s, c=${level} (p50 ms)`, `${describeRun(b)} (${fmt(b.p50)})`, `${describeRun(a)} (${fmt(a.p50)})`, ratio(a.perSecond, b.perSecond)]);
}
rows.push([`REST reads/s alone (c=${REST_CONNECTIONS})`, describeRun(before.restAlone), describeRun(after.restAlone), ratio(after.restAlone.perSecond, before.restAlone.perSecond)]);
rows.push([
  `REST reads/s during 200 sign-ins (c=${REST_CONNECTIONS})`,
  `${describeRun(before.restDuring)} = ${ratio(before.restDuring.perSecond, before.restAlone.perSecond)} of alone`,
  `${describeRun(after.restDuring)} = ${ratio(after.restDuring.perSecond, after.restAlone.perSecond)} of alone`,
  ratio(after.restDuring.perSecond, before.restDuring.perSecond),
]);
rows.push(['  sign-ins/s meanwhile', describeRun(before.signInsDuring), describeRun(after.signInsDuring), ratio(after.signInsDuring.perSecond, before.signInsDuring.perSecond)]);
console.log(`\nSign-in and REST throughput (${WINDOW_MS / 1000} s windows, one machine, load generator included)\n`);
console.log(table(rows));

const overhead: string[][] = [['REST reads/s', 'through the gateway', 'PostgREST direct', 'gateway / direct']];
for (const connections of [1, 10]) {
  const g = after.gateway?.[connections] as Run;
  const d = after.direct?.[connections] as Run;
  overhead.push([`${connections} connection(s)`, describeRun(g), describeRun(d), ratio(g.perSecond, d.perSecond)]);
}
console.log('\nGateway overhead (native hasher stack)\n');
console.log(table(overhead));
console.log(`\nTook ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`);
process.exit(0);
