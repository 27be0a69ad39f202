import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { closeDb, createClass as createClassRow, createCourse, createPerson, enroll, service, type Person } from '../../supabase/tests/fixtures';
import { ANON_KEY, API_PORT, API_URL, SERVICE_ROLE_KEY, databaseUrl } from '../src/config';
import { startGateway } from '../src/gateway';
import { signJwt } from '../src/jwt';
import { Outbox } from '../src/outbox';
import { MAX_CHANNELS_PER_CONNECTION, filterExcludes, parseFilter } from '../src/realtime';

// supabase-js Realtime against the gateway, with `ws` as the transport (Node 20 has no WebSocket).
// The table is public.classes, live since migration 20261130000100 and hidden by row security from
// students outside the course.

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

/** A client whose Realtime token is whatever `token()` says at the moment it is asked. */
function liveClient(token: () => string): SupabaseClient {
  return createClient(API_URL, ANON_KEY, {
    accessToken: async () => token(),
    realtime: { transport: WebSocket as never },
  });
}

async function accessToken(person: Person): Promise<string> {
  const { data } = await person.client.auth.getSession();
  if (!data.session) throw new Error(`${person.email} has no session`);
  return data.session.access_token;
}

interface Listening {
  channel: RealtimeChannel;
  changes: Change[];
  statuses: Array<{ status: string; error?: string }>;
  system: Array<Record<string, unknown>>;
}

const open: SupabaseClient[] = [];

// Other test files write and delete classes at the same time (integration files run two at a time),
// and a delete reaches every subscriber of the table with its key only (row security cannot see a
// deleted row: hosted Realtime does the same). A subscriber here keeps only the changes of this
// file's courses and classes.
const ourCourses = new Set<string>();
const ourClasses = new Set<string>();

async function createClass(...args: Parameters<typeof createClassRow>) {
  const created = await createClassRow(...args);
  ourClasses.add(created.id);
  return created;
}

function isOurs(change: Change): boolean {
  const row = change.new as { course_id?: string } | undefined;
  if (row?.course_id) return ourCourses.has(row.course_id);
  const key = change.old as { id?: string } | undefined;
  return key?.id !== undefined && ourClasses.has(key.id);
}

/** Subscribes to changes of classes (optionally filtered) and resolves once the server says SUBSCRIBED or refuses. */
async function listen(client: SupabaseClient, filter?: string): Promise<Listening> {
  open.push(client);
  // The token first: a channel joined before it arrives joins with the API key (anon), on hosted Supabase too.
  await client.realtime.setAuth();
  const changes: Change[] = [];
  const statuses: Listening['statuses'] = [];
  const system: Listening['system'] = [];
  const channel = client
    .channel(`classes-${Math.random().toString(36).slice(2)}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'classes', ...(filter ? { filter } : {}) }, (payload) => {
      if (isOurs(payload as Change)) changes.push(payload as Change);
    })
    .on('system', {}, (payload) => system.push(payload as Record<string, unknown>));
  await new Promise<void>((resolve) => {
    channel.subscribe((status, error) => {
      statuses.push({ status, error: error?.message });
      resolve();
    });
  });
  return { channel, changes, statuses, system };
}

async function until(what: string, check: () => boolean, timeoutMs = 2_000): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

let teacher: Person;
let student: Person;
let outsider: Person;
let course: { id: string };
let otherCourse: { id: string };

beforeAll(async () => {
  [teacher, student, outsider] = await Promise.all([
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Uma'),
  ]);
  [course, otherCourse] = await Promise.all([
    createCourse({ title: 'Live Spanish', teacher_id: teacher.id }),
    createCourse({ title: 'Live English', language: 'English', teacher_id: teacher.id }),
  ]);
  ourCourses.add(course.id).add(otherCourse.id);
  await enroll(student.id, course.id);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.removeAllChannels()));
});

afterAll(async () => {
  await closeDb();
});

describe('postgres_changes through the gateway', () => {
  it('an enrolled student hears a class scheduled, moved and cancelled within 2 s', async () => {
    const token = await accessToken(student);
    const live = await listen(liveClient(() => token));
    expect(live.statuses).toEqual([{ status: 'SUBSCRIBED', error: undefined }]);

    const writtenAt = performance.now();
    const created = await createClass(course.id, { title: 'Moved to 19:00' });
    const insertMs = await until('the insert', () => live.changes.length === 1);
    const insert = live.changes[0] as Change;
    expect(insert.eventType).toBe('INSERT');
    expect(insert.schema).toBe('public');
    expect(insert.table).toBe('classes');
    expect(insert.new).toMatchObject({ id: created.id, title: 'Moved to 19:00', course_id: course.id, duration: 60 });
    // Typed as Postgres has them (an integer is a number), as hosted Realtime sends them.
    expect(typeof (insert.new as { duration: unknown }).duration).toBe('number');
    expect(Date.parse(insert.commit_timestamp)).toBeGreaterThan(Date.now() - 60_000);

    await service.from('classes').update({ duration: 90 }).eq('id', created.id).throwOnError();
    await until('the update', () => live.changes.length === 2);
    expect(live.changes[1]).toMatchObject({ eventType: 'UPDATE', new: { id: created.id, duration: 90 } });

    await service.from('classes').delete().eq('id', created.id).throwOnError();
    await until('the delete', () => live.changes.length === 3);
    // Row security cannot be checked on a deleted row: like hosted Realtime, only its key is sent.
    expect(live.changes[2]).toMatchObject({ eventType: 'DELETE', old: { id: created.id } });
    expect(Object.keys((live.changes[2] as Change).old)).toEqual(['id']);
    console.log(`[realtime] insert heard ${Math.round(performance.now() - writtenAt)} ms after the write began (${Math.round(insertMs)} ms after it returned)`);
  });

  it('a filter eq delivers only the matching rows', async () => {
    const token = await accessToken(teacher);
    const live = await listen(liveClient(() => token), `course_id=eq.${otherCourse.id}`);
    expect(live.statuses.map((s) => s.status)).toEqual(['SUBSCRIBED']);
    await createClass(course.id, { title: 'Not this course' });
    const wanted = await createClass(otherCourse.id, { title: 'This course' });
    await until('the matching insert', () => live.changes.length >= 1);
    // The other course's class was written first: had it passed the filter it would have arrived first.
    expect(live.changes.map((c) => (c.new as { id: string }).id)).toEqual([wanted.id]);
  });

  it('a filter written as Postgres reads it, not as it prints it, still matches (upper case, no hyphens)', async () => {
    const token = await accessToken(teacher);
    const spelled = otherCourse.id.toUpperCase().replace(/-/g, '');
    const live = await listen(liveClient(() => token), `course_id=in.(${course.id.toUpperCase()},${spelled})`);
    const wanted = await createClass(otherCourse.id, { title: 'Spelled differently' });
    await until('the matching insert', () => live.changes.some((c) => (c.new as { id?: string }).id === wanted.id));
  });

  it('a student outside the course hears nothing of its classes (row security)', async () => {
    const [outsiderToken, studentToken] = await Promise.all([accessToken(outsider), accessToken(student)]);
    const hidden = await listen(liveClient(() => outsiderToken));
    const seen = await listen(liveClient(() => studentToken));
    const created = await createClass(course.id, { title: 'Members only' });
    await until('the member hearing it', () => seen.changes.some((c) => (c.new as { id?: string }).id === created.id));
    await service.from('classes').update({ title: 'Members only, moved' }).eq('id', created.id).throwOnError();
    await until('the member hearing the move', () => seen.changes.length === 2);
    // Both changes went through the outsider's check before the member's arrived; wait a little longer anyway.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hidden.changes).toEqual([]);
    // An anonymous subscriber (the anon key as its token) is refused by row security too.
    const anon = await listen(liveClient(() => ANON_KEY));
    await createClass(course.id, { title: 'Still members only' });
    await until('the member hearing it', () => seen.changes.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(anon.changes).toEqual([]);
  });

  it('an invalid or expired token is refused, with the reason Realtime gives', async () => {
    const forged = await new SignJWT({ role: 'authenticated', sub: student.id, exp: Math.floor(Date.now() / 1000) + 600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-stack-secret-not-the-stack-secret'));
    const refused = await listen(liveClient(() => forged));
    expect(refused.statuses[0]).toEqual({ status: 'CHANNEL_ERROR', error: 'JwtSignatureError: Failed to validate JWT signature' });

    const expired = await signJwt({ role: 'authenticated', sub: student.id, exp: Math.floor(Date.now() / 1000) - 30 });
    const late = await listen(liveClient(() => expired));
    expect(late.statuses[0]?.status).toBe('CHANNEL_ERROR');
    expect(late.statuses[0]?.error).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);

    // Either way the refused subscriber hears nothing.
    await createClass(course.id, { title: 'Not for forged tokens' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([...refused.changes, ...late.changes]).toEqual([]);
  });

  it('a token that expires ends the channel; a refreshed one keeps it', async () => {
    const claims = { role: 'authenticated', sub: student.id, aud: 'authenticated' };
    let token = await signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 });
    const client = liveClient(() => token);
    const ending = await listen(client);
    expect(ending.statuses.map((s) => s.status)).toEqual(['SUBSCRIBED']);
    await until('the channel closing at expiry', () => ending.statuses.some((s) => s.status === 'CLOSED'), 5_000);
    expect(ending.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired/) });

    token = await signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 });
    const kept = await listen(liveClient(() => token));
    token = await signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 });
    // What supabase-js does when auth refreshes the session: the new token goes to every joined channel.
    await open.at(-1)?.realtime.setAuth();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(kept.statuses.map((s) => s.status)).toEqual(['SUBSCRIBED']);
    const created = await createClass(course.id, { title: 'After the refresh' });
    await until('the change after the refresh', () => kept.changes.some((c) => (c.new as { id?: string }).id === created.id));
  });
});

/** A bare Phoenix socket (serializer 2.0.0), to see exactly what the gateway answers. */
class RawSocket {
  readonly received: unknown[][] = [];
  private ref = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.received.push(JSON.parse(data.toString()) as unknown[]));
  }

  static async open(apiKey = ANON_KEY, port = API_PORT): Promise<RawSocket> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${apiKey}&vsn=2.0.0`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawSocket(ws);
  }

  /** Sends a message and waits for its phx_reply. */
  async push(topic: string, event: string, payload: Record<string, unknown>): Promise<{ status: string; response: Record<string, unknown> }> {
    const ref = String(++this.ref);
    this.ws.send(JSON.stringify([ref, ref, topic, event, payload]));
    await until(`the reply to ${event}`, () => this.received.some((m) => m[1] === ref && m[3] === 'phx_reply'));
    return this.received.find((m) => m[1] === ref && m[3] === 'phx_reply')?.[4] as { status: string; response: Record<string, unknown> };
  }

  join(topic: string, postgresChanges: Array<Record<string, unknown>> = [], accessToken = SERVICE_ROLE_KEY) {
    return this.push(`realtime:${topic}`, 'phx_join', { config: { postgres_changes: postgresChanges }, access_token: accessToken });
  }

  close(): void {
    this.ws.terminate();
  }
}

describe('the Realtime socket', () => {
  it('is refused without a known API key', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${API_PORT}/realtime/v1/websocket?apikey=not-a-key&vsn=2.0.0`);
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(401);
  });

  it('answers heartbeats and leaves, and names each binding with the id its changes carry', async () => {
    const socket = await RawSocket.open();
    try {
      expect(await socket.push('phoenix', 'heartbeat', {})).toEqual({ status: 'ok', response: {} });
      const binding = { event: 'INSERT', schema: 'public', table: 'classes', filter: `course_id=in.(${course.id},${otherCourse.id})` };
      const joined = await socket.join('raw', [binding]);
      expect(joined.status).toBe('ok');
      const [named] = joined.response.postgres_changes as Array<Record<string, unknown>>;
      expect(named).toMatchObject(binding);
      expect(typeof named?.id).toBe('number');
      await until('the system message', () => socket.received.some((m) => m[3] === 'system'));
      expect(socket.received.find((m) => m[3] === 'system')?.[4]).toEqual({
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: 'raw',
      });
      const created = await createClass(otherCourse.id, { title: 'Heard through in' });
      await until('the change', () => socket.received.some((m) => m[3] === 'postgres_changes'));
      const change = socket.received.find((m) => m[3] === 'postgres_changes')?.[4] as { ids: number[]; data: Record<string, unknown> };
      expect(change.ids).toEqual([named?.id]);
      expect(change.data).toMatchObject({ schema: 'public', table: 'classes', type: 'INSERT', errors: null, record: { id: created.id } });
      expect(change.data.columns).toContainEqual({ name: 'duration', type: 'int4' });

      expect((await socket.push('realtime:raw', 'phx_leave', {})).status).toBe('ok');
      const count = socket.received.length;
      await createClass(otherCourse.id, { title: 'After leaving' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(socket.received.slice(count)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('says why a binding gets nothing: an unknown table or column, a filter it cannot read', async () => {
    const socket = await RawSocket.open();
    try {
      for (const [topic, binding, problem] of [
        ['no-table', { event: '*', schema: 'public', table: 'no_such_table' }, 'no table public.no_such_table'],
        ['no-column', { event: '*', schema: 'public', table: 'classes', filter: 'nope=eq.1' }, 'no column nope in public.classes'],
        ['bad-filter', { event: '*', schema: 'public', table: 'classes', filter: 'title=like.x' }, 'Error parsing `filter` params: title=like.x'],
        // Postgres cannot take a NUL in a query: sent on, it would fail the change for every subscriber.
        ['nul-filter', { event: '*', schema: 'public', table: 'classes', filter: 'title=eq.a\u0000b' }, 'Error parsing `filter` params'],
      ] as const) {
        expect((await socket.join(topic, [binding])).status).toBe('ok');
        await until(`the system message of ${topic}`, () => socket.received.some((m) => m[2] === `realtime:${topic}` && m[3] === 'system'));
        expect(socket.received.find((m) => m[2] === `realtime:${topic}` && m[3] === 'system')?.[4]).toMatchObject({
          extension: 'postgres_changes',
          status: 'error',
          message: expect.stringContaining(problem),
        });
      }
      // The bindings above get nothing, and nobody else loses a change because of them.
      const seen = await RawSocket.open();
      try {
        // This course's classes only: other files create classes at the same time.
        await seen.join('still-heard', [{ event: 'INSERT', schema: 'public', table: 'classes', filter: `course_id=eq.${course.id}` }]);
        const created = await createClass(course.id, { title: 'Heard despite bad filters' });
        await until('the change', () => seen.received.some((m) => m[3] === 'postgres_changes'));
        expect(seen.received.find((m) => m[3] === 'postgres_changes')?.[4]).toMatchObject({ data: { record: { id: created.id } } });
        expect(socket.received.filter((m) => m[3] === 'postgres_changes')).toEqual([]);
      } finally {
        seen.close();
      }
    } finally {
      socket.close();
    }
  });

  it(`refuses a channel beyond ${MAX_CHANNELS_PER_CONNECTION} on one connection`, async () => {
    const socket = await RawSocket.open();
    try {
      for (let i = 0; i < MAX_CHANNELS_PER_CONNECTION; i++) expect((await socket.join(`many-${i}`)).status).toBe('ok');
      expect(await socket.join('one-too-many')).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    } finally {
      socket.close();
    }
  });

  it('drops a socket that stays silent past the idle timeout', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
    const gateway = await startGateway(pool, new Outbox(pool), { port: 0, realtimeIdleTimeoutMs: 400 });
    try {
      const silent = await RawSocket.open(ANON_KEY, gateway.port);
      const talking = await RawSocket.open(ANON_KEY, gateway.port);
      const closed = new Promise<number>((resolve) => silent.ws.once('close', (code) => resolve(code)));
      const beat = setInterval(() => talking.ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}])), 100);
      try {
        expect(await closed).toBe(1006);
        expect(talking.ws.readyState).toBe(WebSocket.OPEN);
      } finally {
        clearInterval(beat);
        talking.close();
      }
    } finally {
      await gateway.close();
      await pool.end();
    }
  });
});

describe('filterExcludes: the filters the gateway decides without a round trip', () => {
  const id = '6f1c1a8e-2b9d-4c55-9a3e-0b7f1d2c3e4f';
  const other = '0a7e2c1d-7c3b-4f7e-8e21-5b1d3c9a8f00';
  const excludes = (filter: string, value: string | null | undefined, type: string) =>
    filterExcludes(parseFilter(filter), value, type);

  it('leaves out a uuid that differs, keeps one spelled another way', () => {
    expect(excludes(`user_id=eq.${other}`, id, 'uuid')).toBe(true);
    expect(excludes(`user_id=eq.${id.toUpperCase()}`, id, 'uuid')).toBe(false);
    expect(excludes(`user_id=eq.{${id.replace(/-/g, '')}}`, id, 'uuid')).toBe(false);
    expect(excludes(`user_id=neq.${id}`, id, 'uuid')).toBe(true);
    expect(excludes(`user_id=neq.${other}`, id, 'uuid')).toBe(false);
    expect(excludes(`user_id=in.(${other},${id})`, id, 'uuid')).toBe(false);
    expect(excludes(`user_id=in.(${other})`, id, 'uuid')).toBe(true);
  });

  it('compares integers as numbers and text exactly', () => {
    expect(excludes('max_students=eq.+020', '20', 'int4')).toBe(false);
    expect(excludes('max_students=eq.21', '20', 'int4')).toBe(true);
    expect(excludes('title=eq.Lesson', 'Lesson', 'text')).toBe(false);
    expect(excludes('title=eq.lesson', 'Lesson', 'text')).toBe(true);
  });

  it('leaves to Postgres what it cannot be sure of', () => {
    // A value Postgres may read otherwise, or would refuse: the SQL check decides (and sends nothing on an error).
    expect(excludes('user_id=eq.not-a-uuid', id, 'uuid')).toBe(false);
    expect(excludes('max_students=eq.20.0', '20', 'int4')).toBe(false);
    expect(excludes('active=eq.yes', 't', 'bool')).toBe(false);
    expect(excludes('starts_at=eq.2026-01-01', '2026-01-01 00:00:00+00', 'timestamptz')).toBe(false);
    expect(excludes('max_students=gt.30', '20', 'int4')).toBe(false);
    // An unchanged TOASTed value is not in the change; the row check reads it.
    expect(excludes('title=eq.x', undefined, 'text')).toBe(false);
    // NULL never equals anything, in SQL as here.
    expect(excludes(`user_id=eq.${id}`, null, 'uuid')).toBe(true);
    expect(excludes(`user_id=neq.${id}`, null, 'uuid')).toBe(true);
    expect(filterExcludes(undefined, null, 'uuid')).toBe(false);
  });
});
