import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { type Person, closeDb, createCourse, createPerson, enroll } from './fixtures';

// Messages are live (20261130000400_messages.sql adds messages and conversation_members to
// supabase_realtime): the recipient, subscribed with recipient_id=eq.<own id> (the layout's badge and
// inbox), hears a message within 2 s; a classmate naming the same filter, or the conversation's id, hears
// nothing: row security decides, not the filter. Node needs `ws` and the token set before the join.

type Row = { id: string; body: string; recipient_id: string; conversation_id: string };

let teacher: Person;
let student: Person;
let snooper: Person;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  [teacher, student, snooper] = await Promise.all([
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Sam'),
  ]);
  const course = (await createCourse({ teacher_id: teacher.id })) as { id: string };
  await enroll(student.id, course.id);
  await enroll(snooper.id, course.id);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  await closeDb();
});

/** Listens as `person` to the messages matching each filter, one binding per filter. */
async function listenAs(person: Person, filters: string[]) {
  const { data } = await person.client.auth.getSession();
  const token = data.session?.access_token ?? '';
  const client = createClient(API_URL, ANON_KEY, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never },
  });
  clients.push(client);
  await client.realtime.setAuth();
  const heard = filters.map(() => [] as Row[]);
  let channel = client.channel(`messages:${person.id}:${Date.now()}`);
  filters.forEach((filter, index) => {
    channel = channel.on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'messages', filter },
      (change) => heard[index]?.push(change.new as Row),
    );
  });
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
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

describe('live messages', () => {
  it('reach the recipient within 2 s, and nobody else whatever filter they name', async () => {
    const { data: conversation } = await student.client.rpc('start_conversation', { other_id: teacher.id });
    const { data: ownConversation } = await snooper.client.rpc('start_conversation', { other_id: teacher.id });
    const [mine = []] = await listenAs(teacher, [`recipient_id=eq.${teacher.id}`]);
    const [byRecipient = [], byConversation = [], snoopersOwn = []] = await listenAs(snooper, [
      `recipient_id=eq.${teacher.id}`,
      `conversation_id=eq.${conversation as string}`,
      `recipient_id=eq.${snooper.id}`,
    ]);

    const sent = await student.client
      .from('messages')
      .insert({ conversation_id: conversation, body: 'En directo' })
      .select('id')
      .single();
    expect(sent.error).toBeNull();
    const elapsed = await until('the live message', () => mine.length > 0, 2_000);
    expect(elapsed).toBeLessThan(2_000);
    expect(mine).toEqual([expect.objectContaining({ body: 'En directo', recipient_id: teacher.id })]);

    // Changes reach a socket in commit order: once the snooper's own later message arrived, the
    // student's would have arrived before it.
    const reply = await teacher.client.from('messages').insert({ conversation_id: ownConversation, body: 'Hola, Sam' });
    expect(reply.error).toBeNull();
    await until("the snooper's own message", () => snoopersOwn.length > 0, 5_000);
    expect(byRecipient).toEqual([]);
    expect(byConversation).toEqual([]);
  });
});
