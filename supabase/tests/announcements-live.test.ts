import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { type Person, closeDb, createCourse, createPerson, enroll } from './fixtures';

// Announcements are live (20261130000300_announcements.sql adds them to supabase_realtime). The apps
// subscribe without a filter (so deletes, sent with the key only, reach them) and let row security
// decide: a course's student hears a new or edited announcement of the course within 2 s, a student of
// another course hears nothing of it, and a delete reaches both with the key only.

let teacher: Person;
let student: Person;
let outsider: Person;
let course: { id: string };
let outsidersCourse: { id: string };
const clients: SupabaseClient[] = [];

type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };

beforeAll(async () => {
  [teacher, student, outsider] = await Promise.all([
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Otto'),
  ]);
  course = (await createCourse({ teacher_id: teacher.id })) as { id: string };
  outsidersCourse = (await createCourse({ teacher_id: teacher.id })) as { id: string };
  await enroll(student.id, course.id);
  await enroll(outsider.id, outsidersCourse.id);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  await closeDb();
});

/** Listens as `person` to every announcement change row security lets through (as the apps do). */
async function listenAs(person: Person): Promise<Change[]> {
  const { data } = await person.client.auth.getSession();
  const token = data.session?.access_token ?? '';
  const client = createClient(API_URL, ANON_KEY, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never },
  });
  clients.push(client);
  await client.realtime.setAuth();
  const heard: Change[] = [];
  await new Promise<void>((resolve, reject) => {
    client
      .channel(`announcements:${person.id}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'announcements' }, (change) =>
        heard.push(change as unknown as Change),
      )
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(error ?? new Error(status));
      });
  });
  return heard;
}

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

const about = (heard: Change[], id: string) =>
  heard
    .filter((change) => (change.new?.id ?? change.old?.id) === id)
    .map((change) => change.eventType);

describe('live announcements', () => {
  it("reach the course's student within 2 s of a post and an edit, and not a student of another course", async () => {
    const mine = await listenAs(student);
    const theirs = await listenAs(outsider);

    const { data, error } = await teacher.client
      .from('announcements')
      .insert({ course_id: course.id, title: 'Live news', body: 'Hello' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    const posted = await until(
      'the new announcement',
      () => about(mine, id).includes('INSERT'),
      2_000,
    );
    expect(mine.find((change) => change.new?.id === id)?.new).toMatchObject({
      title: 'Live news',
      course_id: course.id,
    });

    const edited = await teacher.client
      .from('announcements')
      .update({ title: 'Live news, edited' })
      .eq('id', id);
    expect(edited.error).toBeNull();
    const updated = await until('the edit', () => about(mine, id).includes('UPDATE'), 2_000);
    console.info(`announcement live: post ${posted} ms, edit ${updated} ms`);

    // Changes reach a socket in commit order: once the outsider hears a later post of their own
    // course, anything of the student's course would have arrived before it.
    const { data: own } = await teacher.client
      .from('announcements')
      .insert({ course_id: outsidersCourse.id, title: 'Theirs', body: 'x' })
      .select('id')
      .single();
    const ownId = (own as { id: string }).id;
    await until(
      "the outsider's own announcement",
      () => about(theirs, ownId).includes('INSERT'),
      5_000,
    );
    expect(about(theirs, id)).toEqual([]);

    // A delete goes to every subscriber with the key only (as on hosted): the apps refetch on it.
    const deleted = await teacher.client.from('announcements').delete().eq('id', id);
    expect(deleted.error).toBeNull();
    await until('the delete', () => about(mine, id).includes('DELETE'), 2_000);
    // Its own DELETE: deletes reach every subscriber, so other files' deletes arrive here too.
    expect(
      mine.find((change) => change.eventType === 'DELETE' && change.old?.id === id)?.old,
    ).toEqual({ id });
  });
});
