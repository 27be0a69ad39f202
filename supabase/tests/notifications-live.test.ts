import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { type Person, closeDb, createCourse, createPerson, enroll, hoursFromNow } from './fixtures';

// Notifications are live (20261130000200_notifications.sql adds them to supabase_realtime): a student
// subscribed with the filter user_id=eq.<own id> hears the notification a teacher's class move writes,
// and another student listening with the same filter (someone else's id) hears nothing: row security
// decides, not the filter. Node needs `ws` as the transport and the token set before the join.

let teacher: Person;
let student: Person;
let snooper: Person;
let course: { id: string };
let snoopersCourse: { id: string };
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  [teacher, student, snooper] = await Promise.all([
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Sam'),
  ]);
  course = (await createCourse({ teacher_id: teacher.id })) as { id: string };
  snoopersCourse = (await createCourse({ teacher_id: teacher.id })) as { id: string };
  await enroll(student.id, course.id);
  await enroll(snooper.id, snoopersCourse.id);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  await closeDb();
});

/** Listens as `person` to the notifications of `userId`, and to the person's own on a second binding. */
async function listenAs(person: Person, userId: string) {
  const { data } = await person.client.auth.getSession();
  const token = data.session?.access_token ?? '';
  const client = createClient(API_URL, ANON_KEY, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never },
  });
  clients.push(client);
  await client.realtime.setAuth();
  const heard: Array<{ kind: string; user_id: string }> = [];
  const own: Array<{ kind: string; user_id: string }> = [];
  await new Promise<void>((resolve, reject) => {
    client
      .channel(`notifications:${userId}:${person.id}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${userId}` },
        (change) => heard.push(change.new as { kind: string; user_id: string }),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${person.id}` },
        (change) => own.push(change.new as { kind: string; user_id: string }),
      )
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(error ?? new Error(status));
      });
  });
  return { heard, own };
}

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('live notifications', () => {
  it("reach the student within 2 s of a teacher's class move, and nobody else", async () => {
    const { data: created, error } = await teacher.client
      .from('classes')
      .insert({
        course_id: course.id,
        title: 'Live',
        scheduled_date: hoursFromNow(24),
        type: 'live',
        meeting_link: 'https://meet.example.org/live',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const { heard: mine } = await listenAs(student, student.id);
    const { heard: snooped, own: snoopersOwn } = await listenAs(snooper, student.id);

    const moved = await teacher.client.from('classes').update({ scheduled_date: hoursFromNow(26) }).eq('id', created?.id);
    expect(moved.error).toBeNull();

    const elapsed = await until('the live notification', () => mine.some((n) => n.kind === 'class_moved'), 2_000);
    expect(elapsed).toBeLessThan(2_000);
    expect(mine.filter((n) => n.kind === 'class_moved')).toEqual([
      expect.objectContaining({ kind: 'class_moved', user_id: student.id }),
    ]);
    // Another student naming the same filter hears nothing: changes reach a socket in commit order, so
    // once a later notification of their own arrived, the student's would have arrived before it.
    const { error: later } = await teacher.client.from('classes').insert({
      course_id: snoopersCourse.id,
      title: 'Later',
      scheduled_date: hoursFromNow(30),
      type: 'live',
      meeting_link: 'https://meet.example.org/later',
    });
    expect(later).toBeNull();
    await until("the snooper's own notification", () => snoopersOwn.length > 0, 5_000);
    expect(snooped).toEqual([]);
  });
});
