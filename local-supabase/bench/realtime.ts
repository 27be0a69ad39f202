// `pnpm bench:realtime`: how long a write takes to reach a subscriber's screen through Realtime, and what
// idle subscriptions cost the gateway, each beside a baseline measured in the same run.
//
// Runs its own stack in a child process (so the subscribers' event loop is not the gateway's, and the
// gateway's memory is its process alone): ports shifted by REALTIME_BENCH_PORT_OFFSET (default 920),
// data in .data/bench-realtime (wiped). 127.0.0.1 only; every loop is bounded in count and time.
//
// Subscribers are supabase-js clients listening as the portal's bell does (docs/notifications.md): one
// channel each, `postgres_changes` on `notifications` filtered to their own user id, with the portal's
// Realtime client settings. "On screen" is the moment the client's callback runs: what the bell does next
// (a refetch of its count) is an ordinary read, measured by the API benchmarks.
//
//   1. one reader listening alone: a teacher grades the reader's work (a `submission_graded` row);
//   2. the same with 200 students of the course listening, each to their own notifications;
//   3. the teacher moves a class of that course: all 200 are told at once (200 rows in one commit).
// Then the gateway's resident memory with nobody listening and with 1,000 idle subscriptions (1,000
// sockets with one channel each, as 1,000 open tabs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.REALTIME_BENCH_PORT_OFFSET ?? '920';
process.env.LOCAL_SUPABASE_DATA_DIR = path.join(repoRoot, '.data', 'bench-realtime');
delete process.env.DATABASE_URL;

const { ANON_KEY, API_PORT, API_URL, HOST, SERVICE_ROLE_KEY } = await import('../src/config');
const { sleep } = await import('../src/process-utils');
const { startStackProcess, stopStackProcess } = await import('./child-stack');

const SUBSCRIBERS = Number(process.env.REALTIME_BENCH_SUBSCRIBERS) || 200;
const IDLE_SUBSCRIPTIONS = 1_000;
const GRADE_ROUNDS = 30;
const MOVE_ROUNDS = 10;
/** A change not heard within this is counted as lost (the promise is 2 s). */
const LOST_AFTER_MS = 10_000;
// The portal's client settings (shared-data's REALTIME_OPTIONS, the spec's constants).
const REALTIME = { timeout: 10_000, heartbeatIntervalMs: 25_000 };

interface Person {
  id: string;
  token: string;
}

const service = createClient(API_URL, SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
});

type Row = Record<string, unknown> & { id: string };

async function must(promise: PromiseLike<{ data: unknown; error: { message: string } | null }>, what: string): Promise<Row> {
  const { data, error } = await promise;
  if (error || data === null) throw new Error(`${what}: ${error?.message ?? 'no data'}`);
  return data as Row;
}

async function createPerson(role: 'student' | 'teacher', n: number): Promise<Person> {
  const email = `bench-rt-${role}-${n}@school.test`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: `bench-${n}-password`,
    email_confirm: true,
    user_metadata: { first_name: `Bench${n}`, last_name: role },
  });
  if (error || !data.user) throw new Error(`create ${email}: ${error?.message}`);
  if (role !== 'student') await must(service.from('users').update({ role }).eq('id', data.user.id).select('id').single(), 'promote');
  // A real sign-in: the gateway accepts only tokens of a live session.
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `bench-${n}-password` }),
  });
  const session = (await response.json()) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign in as ${email}: ${JSON.stringify(session)}`);
  return { id: data.user.id, token: session.access_token };
}

/** A client as a signed-in person's browser has it: its token on REST and on Realtime. */
function clientOf(person: Person): SupabaseClient {
  return createClient(API_URL, ANON_KEY, {
    accessToken: async () => person.token,
    realtime: { ...REALTIME, transport: WebSocket as never },
  });
}

/** Hears the person's notifications as the bell does; resolves once SUBSCRIBED. */
async function listen(person: Person, heard: (notificationId: string, at: number) => void): Promise<SupabaseClient> {
  const client = clientOf(person);
  // The token before the join (as the portal's client has it once signed in): without it the channel
  // joins as anon and row security lets nothing through.
  await client.realtime.setAuth();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${person.id}: no answer to the join within 20 s`)), 20_000);
    client
      .channel(`notifications:${person.id}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${person.id}` }, (payload) =>
        heard(String((payload.new as { id?: string }).id), performance.now()),
      )
      .subscribe((status, error) => {
        clearTimeout(timer);
        if (status === 'SUBSCRIBED') resolve();
        else reject(new Error(`${person.id}: ${status} ${error?.message ?? ''}`));
      });
  });
  return client;
}

/** Waits until `done()` or the deadline; false if the deadline came first. */
async function until(done: () => boolean, ms = LOST_AFTER_MS): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await sleep(5);
  }
  return true;
}

interface Sample {
  latencies: number[];
  lost: number;
}

/** The teacher grades `reader`'s submission `rounds` times; each time, how long until the reader heard it. */
async function gradeRounds(teacher: SupabaseClient, submissionId: string, reader: { count: () => number; at: (i: number) => number }): Promise<Sample> {
  const sample: Sample = { latencies: [], lost: 0 };
  for (let round = 1; round <= GRADE_ROUNDS; round++) {
    const before = reader.count();
    const writtenAt = performance.now();
    await must(teacher.from('activity_submissions').update({ grade: round, feedback: `Round ${round}` }).eq('id', submissionId).select('id').single(), 'grade');
    if (await until(() => reader.count() > before)) sample.latencies.push(reader.at(before) - writtenAt);
    else sample.lost += 1;
    await sleep(50);
  }
  return sample;
}

/** The median of five samples a second apart: one sample moves by several MB with the garbage collector. */
async function steadyRssOf(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(await rssOf(pid));
    await sleep(1_000);
  }
  return percentile(samples, 50);
}

function rssOf(pid: number): Promise<number> {
  return import('node:fs/promises').then(async (fs) => {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  });
}

/** Opens one raw socket joined to one channel, as realtime-js 2.x joins (serializer 1.0.0). */
function idleSubscription(person: Person, n: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${HOST}:${API_PORT}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`);
    const timer = setTimeout(() => reject(new Error('join timed out')), 20_000);
    socket.on('open', () => {
      socket.send(
        JSON.stringify({
          topic: `realtime:idle-${n}`,
          event: 'phx_join',
          ref: '1',
          join_ref: '1',
          payload: {
            config: { broadcast: { ack: false, self: false }, presence: { key: '' }, postgres_changes: [{ event: '*', schema: 'public', table: 'notifications', filter: `user_id=eq.${person.id}` }] },
            access_token: person.token,
          },
        }),
      );
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { event: string; payload: { status?: string; extension?: string } };
      if (message.event === 'system' && message.payload.extension === 'postgres_changes') {
        clearTimeout(timer);
        if (message.payload.status === 'ok') resolve(socket);
        else reject(new Error(`join refused: ${data.toString()}`));
      }
    });
    socket.on('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

const startedAt = performance.now();
console.error('[bench:realtime] starting the stack…');
const stack = await startStackProcess({}, true);
const clients: SupabaseClient[] = [];
const sockets: WebSocket[] = [];
try {
  console.error(`[bench:realtime] a teacher, ${SUBSCRIBERS} students, a course, a class and an activity…`);
  const teacher = await createPerson('teacher', 0);
  const students: Person[] = [];
  // A few at a time: each is a password hash on the stack's thread pool.
  for (let n = 0; n < SUBSCRIBERS; n += 10) {
    students.push(...(await Promise.all(Array.from({ length: Math.min(10, SUBSCRIBERS - n) }, (_, i) => createPerson('student', n + i)))));
  }
  const course = await must(
    service.from('courses').insert({ title: 'Realtime bench', language: 'Spanish', teacher_id: teacher.id, max_students: SUBSCRIBERS + 10 }).select('id').single(),
    'course',
  );
  for (const student of students) {
    const reply = await must(service.rpc('enroll_user_in_course', { user_uuid: student.id, course_uuid: course.id }), 'enrol');
    if (!(reply as { success?: boolean }).success) throw new Error(`enrol: ${JSON.stringify(reply)}`);
  }
  const lesson = await must(
    service
      .from('classes')
      .insert({ course_id: course.id, title: 'Evening lesson', type: 'live', meeting_link: 'https://meet.example.org/bench', scheduled_date: new Date(Date.now() + 48 * 3_600_000).toISOString() })
      .select('id, scheduled_date')
      .single(),
    'class',
  );
  const activity = await must(service.from('activities').insert({ course_id: course.id, title: 'Postcard', description: 'Write one', max_points: 100 }).select('id').single(), 'activity');
  const reader = students[0] as Person;
  const submission = await must(service.from('activity_submissions').insert({ activity_id: activity.id, student_id: reader.id, submission_text: 'My postcard' }).select('id').single(), 'submission');
  const teacherClient = clientOf(teacher);

  // What each student heard, in order: notification id and time.
  const heard = new Map<string, Array<{ id: string; at: number }>>(students.map((s) => [s.id, []]));
  const record = (student: Person) => (id: string, at: number) => heard.get(student.id)?.push({ id, at });
  const readerLog = () => heard.get(reader.id) ?? [];
  const readerView = { count: () => readerLog().length, at: (i: number) => readerLog()[i]?.at ?? Number.NaN };

  console.error('[bench:realtime] 1. one reader listening alone…');
  clients.push(await listen(reader, record(reader)));
  await gradeRounds(teacherClient, submission.id, readerView); // warm-up: JIT, pools, type cache
  const alone = await gradeRounds(teacherClient, submission.id, readerView);

  console.error(`[bench:realtime] 2. the same with ${SUBSCRIBERS} listening…`);
  for (let n = 1; n < SUBSCRIBERS; n += 20) {
    clients.push(...(await Promise.all(students.slice(n, n + 20).map((student) => listen(student, record(student))))));
  }
  const crowded = await gradeRounds(teacherClient, submission.id, readerView);

  console.error(`[bench:realtime] 3. a class moved, ${SUBSCRIBERS} students told…`);
  const fanOut: Sample = { latencies: [], lost: 0 };
  const lastOfRound: number[] = [];
  let when = new Date(lesson.scheduled_date as string).getTime();
  for (let round = 0; round < MOVE_ROUNDS; round++) {
    const before = new Map(students.map((s) => [s.id, heard.get(s.id)?.length ?? 0]));
    when += 15 * 60_000;
    const writtenAt = performance.now();
    await must(teacherClient.from('classes').update({ scheduled_date: new Date(when).toISOString() }).eq('id', lesson.id).select('id').single(), 'move');
    const arrived = () => students.every((s) => (heard.get(s.id)?.length ?? 0) > (before.get(s.id) ?? 0));
    await until(arrived);
    let last = 0;
    for (const s of students) {
      const got = heard.get(s.id)?.[before.get(s.id) ?? 0];
      if (!got) fanOut.lost += 1;
      else {
        fanOut.latencies.push(got.at - writtenAt);
        last = Math.max(last, got.at - writtenAt);
      }
    }
    lastOfRound.push(last);
    await sleep(200);
  }

  await Promise.all(clients.splice(0).map((client) => client.removeAllChannels()));
  await Promise.all(clients.map((client) => client.realtime.disconnect()));

  console.error('[bench:realtime] 4. the gateway’s memory, idle and with 1,000 idle subscriptions…');
  const pid = stack.pid as number;
  await sleep(3_000);
  const rssIdle = await steadyRssOf(pid);
  for (let n = 0; n < IDLE_SUBSCRIPTIONS; n += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, IDLE_SUBSCRIPTIONS - n) }, (_, i) => idleSubscription(students[(n + i) % students.length] as Person, n + i)))));
  }
  await sleep(3_000);
  const rssBusy = await steadyRssOf(pid);
  // Still answering while they sit there: one more grade reaches a subscriber (the reader listens again).
  clients.push(await listen(reader, record(reader)));
  const stillLive = await gradeRounds(teacherClient, submission.id, readerView);

  const rows: string[][] = [['write → subscriber’s callback', 'listening', 'p50', 'p95', 'max', 'lost']];
  const row = (what: string, listening: string, sample: Sample) => [
    what,
    listening,
    ms(percentile(sample.latencies, 50)),
    ms(percentile(sample.latencies, 95)),
    ms(Math.max(...sample.latencies)),
    String(sample.lost),
  ];
  rows.push(row(`a grade, its reader told (${GRADE_ROUNDS}×) — baseline`, '1', alone));
  rows.push(row(`a grade, its reader told (${GRADE_ROUNDS}×)`, String(SUBSCRIBERS), crowded));
  rows.push(row(`a class moved, every student told (${MOVE_ROUNDS}× ${SUBSCRIBERS})`, String(SUBSCRIBERS), fanOut));
  rows.push([`  the last of the ${SUBSCRIBERS} students, per move`, String(SUBSCRIBERS), ms(percentile(lastOfRound, 50)), ms(percentile(lastOfRound, 95)), ms(Math.max(...lastOfRound)), '']);
  rows.push(row(`a grade, its reader told (${GRADE_ROUNDS}×)`, `${IDLE_SUBSCRIPTIONS} idle + 1`, stillLive));
  console.log(`\nRealtime on the embedded stack: from the write's request to the subscriber's callback\n`);
  console.log(table(rows));
  console.log(`\nThe gateway's memory (resident set of the stack's Node process)\n`);
  console.log(
    table([
      ['subscriptions', 'RSS', 'per subscription'],
      ['none (baseline)', `${rssIdle.toFixed(0)} MB`, ''],
      [`${IDLE_SUBSCRIPTIONS} idle (one socket and channel each)`, `${rssBusy.toFixed(0)} MB`, `${(((rssBusy - rssIdle) * 1024) / IDLE_SUBSCRIPTIONS).toFixed(1)} KB`],
    ]),
  );
  console.log(`\nTook ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`);
} finally {
  for (const socket of sockets) socket.terminate();
  await Promise.all(clients.map((client) => client.removeAllChannels().catch(() => undefined)));
  await stopStackProcess(stack);
}
process.exit(0);
