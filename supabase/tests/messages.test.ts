import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  closeDb,
  createCourse,
  createPerson,
  enroll,
  expectDenied,
  ownerQuery,
} from './fixtures';

// One-to-one messages (20261130000400_messages.sql, docs/messages.md). Row security and the definer
// functions decide who may write to whom; every wrong pair is tried through the real API, as is every
// way to read or write someone else's conversation, read state or attachment.

let teacher: Person;
let otherTeacher: Person;
let student: Person;
let classmate: Person;
let dropped: Person;
let outsider: Person;
let admin: Person;
let deactivated: Person;
let course: { id: string };

beforeAll(async () => {
  [teacher, otherTeacher, student, classmate, dropped, outsider, admin, deactivated] = await Promise.all([
    createPerson('teacher', 'Tomás'),
    createPerson('teacher', 'Olga'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Clara'),
    createPerson('student', 'Dora'),
    createPerson('student', 'Oscar'),
    createPerson('admin', 'Ada'),
    createPerson('student', 'Dani'),
  ]);
  course = (await createCourse({ teacher_id: teacher.id })) as { id: string };
  const otherCourse = (await createCourse({ teacher_id: otherTeacher.id })) as { id: string };
  for (const person of [student, classmate, dropped, deactivated]) await enroll(person.id, course.id);
  await enroll(outsider.id, otherCourse.id);
  await ownerQuery(`update public.enrollments set status = 'dropped' where user_id = $1`, [dropped.id]);
});

afterAll(async () => {
  await closeDb();
});

async function start(from: Person, to: Person) {
  return from.client.rpc('start_conversation', { other_id: to.id });
}

async function conversationOf(from: Person, to: Person): Promise<string> {
  const { data, error } = await start(from, to);
  if (error) throw new Error(`start_conversation: ${error.message}`);
  return data as string;
}

async function send(from: Person, conversationId: string, body: string, extra: Record<string, unknown> = {}) {
  return from.client
    .from('messages')
    .insert({ conversation_id: conversationId, body, ...extra })
    .select('id, sender_id, recipient_id, created_at')
    .single();
}

describe('who may start a conversation with whom', () => {
  it('a student with the teacher of an active course, both ways, one conversation per pair', async () => {
    const first = await start(student, teacher);
    expect(first.error).toBeNull();
    const back = await start(teacher, student);
    expect(back.error).toBeNull();
    expect(back.data).toBe(first.data);
    const again = await start(student, teacher);
    expect(again.data).toBe(first.data);
    const { rows } = await ownerQuery('select count(*)::int as n from public.conversations where id = $1', [first.data]);
    expect(rows[0]?.n).toBe(1);
  });

  it('an administrator with anyone, and anyone with an administrator', async () => {
    expect((await start(admin, outsider)).error).toBeNull();
    expect((await start(admin, otherTeacher)).error).toBeNull();
    expect((await start(classmate, admin)).error).toBeNull();
  });

  it('teachers with each other', async () => {
    expect((await start(teacher, otherTeacher)).error).toBeNull();
  });

  it('refuses every wrong pair: student↔student, another course, a dropped student, oneself, nobody', async () => {
    expectDenied(await start(student, classmate), 'You cannot message this person');
    expectDenied(await start(student, outsider));
    expectDenied(await start(student, otherTeacher), 'You cannot message this person');
    expectDenied(await start(otherTeacher, student), 'You cannot message this person');
    expectDenied(await start(dropped, teacher));
    expectDenied(await start(teacher, dropped));
    expectDenied(await start(student, student));
    expectDenied(
      await student.client.rpc('start_conversation', { other_id: '00000000-0000-4000-8000-000000000000' }),
      'You cannot message this person',
    );
  });

  it('anon can start nothing, read nothing, call nothing', async () => {
    const anon = anonClient();
    const started = await anon.rpc('start_conversation', { other_id: teacher.id });
    expect(started.error).toBeTruthy();
    const inbox = await anon.rpc('message_inbox', {});
    expect(inbox.error).toBeTruthy();
    const rows = await anon.from('messages').select('id');
    expect(rows.data ?? []).toEqual([]);
    const insert = await anon.from('messages').insert({ conversation_id: course.id, body: 'hi' });
    expect(insert.error).toBeTruthy();
  });
});

describe('writing', () => {
  let conversation: string;

  beforeAll(async () => {
    conversation = await conversationOf(student, teacher);
  });

  it('the two people write; the database sets the recipient and the time', async () => {
    const sent = await send(student, conversation, 'Hola, profesor');
    expect(sent.error).toBeNull();
    expect(sent.data?.sender_id).toBe(student.id);
    expect(sent.data?.recipient_id).toBe(teacher.id);
    const reply = await send(teacher, conversation, 'Hola, Sara');
    expect(reply.error).toBeNull();
    expect(reply.data?.recipient_id).toBe(student.id);
  });

  it('a third person cannot write in it, nor read it', async () => {
    expectDenied(await send(classmate, conversation, 'let me in'));
    expectDenied(await send(admin, conversation, 'admins write in their own conversations'));
    for (const person of [classmate, otherTeacher, admin, outsider]) {
      const messages = await person.client.from('messages').select('id').eq('conversation_id', conversation);
      expect(messages.error).toBeNull();
      expect(messages.data).toEqual([]);
      const conversations = await person.client.from('conversations').select('id').eq('id', conversation);
      expect(conversations.data).toEqual([]);
      const members = await person.client.from('conversation_members').select('user_id').eq('conversation_id', conversation);
      expect(members.data).toEqual([]);
    }
  });

  it('forging sender_id or recipient_id is refused', async () => {
    expectDenied(await send(student, conversation, 'as the teacher', { sender_id: teacher.id }));
    const recipient = await send(student, conversation, 'to someone else', { recipient_id: classmate.id });
    expect(recipient.error).toBeTruthy();
    const { rows } = await ownerQuery(
      `select count(*)::int as n from public.messages where conversation_id = $1 and body in ('as the teacher', 'to someone else')`,
      [conversation],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('nobody changes or deletes a message, their own included', async () => {
    const sent = await send(student, conversation, 'to be kept');
    const id = sent.data?.id as string;
    const update = await student.client.from('messages').update({ body: 'changed' }).eq('id', id).select('id');
    expect(update.error).toBeTruthy();
    const remove = await student.client.from('messages').delete().eq('id', id).select('id');
    expect(remove.error).toBeTruthy();
    const { rows } = await ownerQuery('select body from public.messages where id = $1', [id]);
    expect(rows[0]?.body).toBe('to be kept');
  });

  it('an empty message or one over 4000 characters is refused', async () => {
    const empty = await send(student, conversation, '   ');
    expect(empty.error?.code).toBe('23514');
    const long = await send(student, conversation, 'x'.repeat(4001));
    expect(long.error?.code).toBe('23514');
  });

  it('after the enrolment ends the thread stays readable but neither side can write in it', async () => {
    const late = await createPerson('student', 'Lia');
    await enroll(late.id, course.id);
    const id = await conversationOf(late, teacher);
    expect((await send(late, id, 'before dropping')).error).toBeNull();
    await ownerQuery(`update public.enrollments set status = 'dropped' where user_id = $1`, [late.id]);
    expectDenied(await send(late, id, 'after dropping'));
    expectDenied(await send(teacher, id, 'after dropping'));
    const thread = await late.client.from('messages').select('body').eq('conversation_id', id);
    expect(thread.data?.map((row) => row.body)).toEqual(['before dropping']);
    const inbox = await late.client.rpc('message_inbox', {});
    const entry = (inbox.data as Array<{ conversation_id: string; can_write: boolean }>).find(
      (row) => row.conversation_id === id,
    );
    expect(entry?.can_write).toBe(false);
  });

  it('a deactivated account cannot write, and nobody can write to it', async () => {
    const id = await conversationOf(deactivated, teacher);
    await ownerQuery('update public.users set is_active = false where id = $1', [deactivated.id]);
    try {
      expectDenied(await send(teacher, id, 'are you there?'));
      const own = await send(deactivated, id, 'still here');
      expect(own.error).toBeTruthy();
      expectDenied(await start(admin, deactivated));
    } finally {
      await ownerQuery('update public.users set is_active = true where id = $1', [deactivated.id]);
    }
  });
});

describe('read state', () => {
  it('unread counts per person; marking read is one\'s own only', async () => {
    const id = await conversationOf(classmate, teacher);
    await send(classmate, id, 'uno');
    await send(classmate, id, 'dos');
    const before = await teacher.client.rpc('unread_message_count');
    expect(before.error).toBeNull();
    const inbox = await teacher.client.rpc('message_inbox', {});
    const entry = (inbox.data as Array<Record<string, unknown>>).find((row) => row.conversation_id === id);
    expect(entry).toMatchObject({
      other_id: classmate.id,
      other_first_name: 'Clara',
      other_role: 'student',
      last_message_body: 'dos',
      last_message_sender_id: classmate.id,
      unread_count: 2,
      can_write: true,
    });
    // The sender has read their own.
    const senders = await classmate.client.rpc('message_inbox', {});
    expect((senders.data as Array<Record<string, unknown>>).find((row) => row.conversation_id === id)?.unread_count).toBe(0);

    // Someone else marking it (a member or not) changes nothing for the teacher.
    const stranger = await outsider.client.rpc('mark_conversation_read', { conversation_id: id });
    expect(stranger.error).toBeNull();
    expect(stranger.data).toBeNull();
    await classmate.client.rpc('mark_conversation_read', { conversation_id: id });
    const forged = await classmate.client
      .from('conversation_members')
      .update({ last_read_at: new Date().toISOString() })
      .eq('conversation_id', id)
      .eq('user_id', teacher.id)
      .select('user_id');
    expect(forged.error).toBeTruthy();
    const still = await teacher.client.rpc('unread_message_count');
    expect(still.data).toBe(before.data);

    await teacher.client.rpc('mark_conversation_read', { conversation_id: id });
    const after = await teacher.client.rpc('unread_message_count');
    expect(after.data).toBe((before.data as number) - 2);
  });

  it('the inbox searches the other person\'s name and the bodies, and is one\'s own', async () => {
    const id = await conversationOf(outsider, otherTeacher);
    await send(outsider, id, 'Pregunta sobre el subjuntivo');
    const byBody = await otherTeacher.client.rpc('message_inbox', { search: 'SUBJUNTIVO' });
    expect((byBody.data as Array<{ conversation_id: string }>).map((row) => row.conversation_id)).toEqual([id]);
    const byName = await otherTeacher.client.rpc('message_inbox', { search: 'oscar tester' });
    expect((byName.data as Array<{ conversation_id: string }>).map((row) => row.conversation_id)).toEqual([id]);
    const nothing = await otherTeacher.client.rpc('message_inbox', { search: '100%_' });
    expect(nothing.data).toEqual([]);
    const others = await student.client.rpc('message_inbox', { search: 'subjuntivo' });
    expect(others.data).toEqual([]);
  });
});

describe('who can I message', () => {
  const idsOf = (data: unknown) => (data as Array<{ id: string }>).map((row) => row.id);

  it('a student: the teachers of their active courses and the administrators', async () => {
    const { data, error } = await student.client.rpc('message_contacts', {});
    expect(error).toBeNull();
    const ids = idsOf(data);
    expect(ids).toContain(teacher.id);
    expect(ids).toContain(admin.id);
    for (const id of [otherTeacher.id, classmate.id, outsider.id, student.id]) expect(ids).not.toContain(id);
    expect(idsOf((await dropped.client.rpc('message_contacts', {})).data)).not.toContain(teacher.id);
  });

  it('a teacher: their active students, teachers, administrators; never a dropped student', async () => {
    const ids = idsOf((await teacher.client.rpc('message_contacts', {})).data);
    for (const id of [student.id, classmate.id, otherTeacher.id, admin.id]) expect(ids).toContain(id);
    for (const id of [dropped.id, outsider.id, teacher.id]) expect(ids).not.toContain(id);
  });

  it('searches on the name', async () => {
    // (Other files' teachers and administrators may be named Clara too: only this file's people count.)
    const ids = idsOf((await teacher.client.rpc('message_contacts', { search: 'clara' })).data);
    expect(ids).toContain(classmate.id);
    for (const id of [student.id, otherTeacher.id, admin.id]) expect(ids).not.toContain(id);
  });
});

describe('attachments (message-attachments)', () => {
  let conversation: string;
  const pdf = new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' });

  beforeAll(async () => {
    conversation = await conversationOf(student, teacher);
  });

  it('has the activity-submissions bucket\'s size and type rules', async () => {
    const { rows } = await ownerQuery<{ id: string; file_size_limit: string; allowed_mime_types: string[]; public: boolean }>(
      `select id, file_size_limit::text, allowed_mime_types, public from storage.buckets
        where id in ('message-attachments', 'activity-submissions') order by id`,
    );
    const [submissions, attachments] = [rows.find((r) => r.id === 'activity-submissions'), rows.find((r) => r.id === 'message-attachments')];
    expect(attachments?.public).toBe(false);
    expect(attachments?.file_size_limit).toBe(submissions?.file_size_limit);
    expect(attachments?.allowed_mime_types).toEqual(submissions?.allowed_mime_types);
  });

  it('a member uploads into <conversation>/<own id>/ and sends it; only the two read it', async () => {
    const path = `${conversation}/${student.id}/${Date.now()}-notes.pdf`;
    const uploaded = await student.client.storage.from('message-attachments').upload(path, pdf, { contentType: 'application/pdf' });
    expect(uploaded.error).toBeNull();
    const sent = await send(student, conversation, '', {
      attachment_path: path, attachment_name: 'notes.pdf', attachment_size: pdf.size, attachment_type: 'application/pdf',
    });
    expect(sent.error).toBeNull();

    expect((await teacher.client.storage.from('message-attachments').download(path)).error).toBeNull();
    expect((await student.client.storage.from('message-attachments').download(path)).error).toBeNull();
    for (const person of [classmate, otherTeacher, admin]) {
      const download = await person.client.storage.from('message-attachments').download(path);
      expect(download.error, person.email).toBeTruthy();
      const signed = await person.client.storage.from('message-attachments').createSignedUrl(path, 60);
      expect(signed.error, person.email).toBeTruthy();
    }
    const anon = await anonClient().storage.from('message-attachments').download(path);
    expect(anon.error).toBeTruthy();
    // Nobody removes or replaces it through the API.
    await student.client.storage.from('message-attachments').remove([path]);
    expect((await teacher.client.storage.from('message-attachments').download(path)).error).toBeNull();
  });

  it('refuses another folder, a conversation one is not in, a type or size the submissions refuse', async () => {
    const base = `${Date.now()}-x.pdf`;
    const storage = (person: Person) => person.client.storage.from('message-attachments');
    expect((await storage(student).upload(`${conversation}/${teacher.id}/${base}`, pdf)).error).toBeTruthy();
    expect((await storage(classmate).upload(`${conversation}/${classmate.id}/${base}`, pdf)).error).toBeTruthy();
    expect((await storage(student).upload(`${student.id}/${base}`, pdf)).error).toBeTruthy();
    const html = new Blob(['<script>alert(1)</script>'], { type: 'text/html' });
    expect((await storage(student).upload(`${conversation}/${student.id}/${Date.now()}-p.html`, html, { contentType: 'text/html' })).error).toBeTruthy();
    // A message naming another conversation's file, or a refused type or size.
    const elsewhere = await send(student, conversation, 'see', {
      attachment_path: `${await conversationOf(student, admin)}/${student.id}/${base}`,
      attachment_name: 'x.pdf', attachment_size: 10, attachment_type: 'application/pdf',
    });
    expect(elsewhere.error?.code).toBe('22023');
    const tooLarge = await send(student, conversation, 'see', {
      attachment_path: `${conversation}/${student.id}/${base}`,
      attachment_name: 'x.pdf', attachment_size: 20 * 1024 * 1024 + 1, attachment_type: 'application/pdf',
    });
    expect(tooLarge.error?.code).toBe('22023');
    const badType = await send(student, conversation, 'see', {
      attachment_path: `${conversation}/${student.id}/${base}`,
      attachment_name: 'x.html', attachment_size: 10, attachment_type: 'text/html',
    });
    expect(badType.error?.code).toBe('22023');
  });
});

describe('message_received notifications', () => {
  it('tells the recipient once per conversation in 10 minutes, never the sender; nobody for a refused write', async () => {
    const teacherB = await createPerson('teacher', 'Berta');
    const id = await conversationOf(admin, teacherB);
    await send(admin, id, 'uno');
    await send(admin, id, 'dos');
    const told = async () =>
      (
        await ownerQuery<{ user_id: string; data: Record<string, unknown> }>(
          `select user_id, data from public.notifications where kind = 'message_received' and subject_id = $1`,
          [id],
        )
      ).rows;
    let rows = await told();
    expect(rows.map((row) => row.user_id)).toEqual([teacherB.id]);
    expect(rows[0]?.data).toEqual({ senderName: 'Ada Tester' });
    const mail = await ownerQuery(
      `select count(*)::int as n from private.notification_mail where kind = 'message_received' and subject_id = $1`,
      [id],
    );
    expect(mail.rows[0]?.n).toBe(1);
    // Ten minutes later, the next message tells them again.
    await ownerQuery(
      `update private.message_notified set notified_at = now() - interval '11 minutes' where conversation_id = $1`,
      [id],
    );
    await send(admin, id, 'tres');
    rows = await told();
    expect(rows).toHaveLength(2);
    // The reply tells the administrator.
    await send(teacherB, id, 'gracias');
    expect((await told()).map((row) => row.user_id).sort()).toEqual([admin.id, teacherB.id, teacherB.id].sort());
  });

  it('reads and marks only its recipient (the notification rules)', async () => {
    const { data } = await outsider.client.from('notifications').select('id').eq('kind', 'message_received');
    expect(data).toEqual([]);
  });
});

describe('reading a conversation reads its message notifications (20261201006100)', () => {
  const unreadOf = async (person: Person, conversationId: string) =>
    (
      await ownerQuery<{ n: number }>(
        `select count(*)::int as n from public.notifications
          where user_id = $1 and kind = 'message_received' and subject_id = $2 and read_at is null`,
        [person.id, conversationId],
      )
    ).rows[0]?.n;

  it('marks the reader’s message_received of that conversation read, and nothing else', async () => {
    const reader = await createPerson('teacher', 'Rita');
    const writer = await createPerson('admin', 'Wanda');
    const otherWriter = await createPerson('admin', 'Otto');
    const id = await conversationOf(writer, reader);
    const other = await conversationOf(otherWriter, reader);
    await send(writer, id, 'hola');
    await send(otherWriter, other, 'buenas');
    expect(await unreadOf(reader, id)).toBe(1);
    expect(await unreadOf(reader, other)).toBe(1);

    // Someone not in the conversation reads nothing of the reader's.
    const intruder = await outsider.client.rpc('mark_conversation_read', { conversation_id: id });
    expect(intruder.data ?? null).toBeNull();
    // The writer reading their own side leaves the reader's notification unread.
    await writer.client.rpc('mark_conversation_read', { conversation_id: id });
    expect(await unreadOf(reader, id)).toBe(1);

    const { error } = await reader.client.rpc('mark_conversation_read', { conversation_id: id });
    expect(error).toBeNull();
    expect(await unreadOf(reader, id)).toBe(0);
    // Another conversation's notification stays unread.
    expect(await unreadOf(reader, other)).toBe(1);
    // The bell's own count agrees.
    const count = await reader.client
      .from('notifications')
      .select('id', { count: 'exact', head: true })
      .is('read_at', null);
    expect(count.count).toBe(1);
  });

  it('answering a conversation (writing is reading) reads its notifications too', async () => {
    const reader = await createPerson('teacher', 'Rosa');
    const writer = await createPerson('admin', 'Walter');
    const id = await conversationOf(writer, reader);
    await send(writer, id, 'una pregunta');
    expect(await unreadOf(reader, id)).toBe(1);
    const reply = await send(reader, id, 'una respuesta');
    expect(reply.error).toBeNull();
    expect(await unreadOf(reader, id)).toBe(0);
    // The writer is told of the answer, unread until they read it.
    expect(await unreadOf(writer, id)).toBe(1);
  });
});
