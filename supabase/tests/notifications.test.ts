import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  type School,
  closeDb,
  createActivity,
  createClass,
  createPerson,
  createSchool,
  createSubmission,
  enroll,
  expectDenied,
  expectNoRows,
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';

// Notifications (20261130000200_notifications.sql, docs/notifications.md): written only by the database's
// triggers, for the course's active students (not dropped or completed ones, not deactivated accounts,
// never the person acting), read and marked read only by their recipient. Each test looks only at the
// notifications about the item it made, so the school's other notifications do not count.

let school: School;
let dropped: Person;
let completed: Person;
let deactivated: Person;
let classmate: Person;

beforeAll(async () => {
  school = await createSchool();
  [dropped, completed, deactivated, classmate] = await Promise.all([
    createPerson('student', 'Dora'),
    createPerson('student', 'Carl'),
    createPerson('student', 'Dani'),
    createPerson('student', 'Clara'),
  ]);
  for (const person of [dropped, completed, deactivated, classmate]) await enroll(person.id, school.course.id as string);
  await ownerQuery(
    `update public.enrollments set status = case user_id when $1 then 'dropped' else 'completed' end
      where course_id = $3 and user_id in ($1, $2)`,
    [dropped.id, completed.id, school.course.id],
  );
  await ownerQuery('update public.users set is_active = false where id = $1', [deactivated.id]);
});

afterAll(async () => {
  await ownerQuery('update public.users set is_active = true where id = $1', [deactivated?.id]).catch(() => undefined);
  await closeDb();
});

type Row = { user_id: string; kind: string; course_id: string | null; data: Record<string, unknown> };

async function about(subjectId: unknown, kind?: string): Promise<Row[]> {
  const { rows } = await ownerQuery<Row>(
    `select user_id, kind, course_id, data from public.notifications
      where subject_id = $1 and ($2::text is null or kind = $2) order by user_id`,
    [subjectId, kind ?? null],
  );
  return rows;
}

/** A row written by `person` through the API (the service role's writes tell nobody). */
async function insertAs(person: Person, table: string, values: Record<string, unknown>): Promise<string> {
  const { data, error } = await person.client.from(table).insert(values).select('id').single();
  if (error) throw new Error(`insert into ${table}: ${error.message}`);
  return (data as { id: string }).id;
}

const liveClass = (courseId: unknown, hours: number) => ({
  course_id: courseId,
  title: 'Class',
  scheduled_date: hoursFromNow(hours),
  type: 'live',
  meeting_link: 'https://meet.example.org/class',
});

const recipients = (rows: Row[]) => rows.map((row) => row.user_id).sort();
const activeStudents = () => [school.student.id, classmate.id].sort();

describe('who is told', () => {
  it("tells the course's active students when its teacher schedules, moves and cancels a class", async () => {
    const { data: created, error } = await school.teacher.client
      .from('classes')
      .insert({
        course_id: school.course.id,
        title: 'Past tense',
        scheduled_date: hoursFromNow(30),
        type: 'live',
        meeting_link: 'https://meet.example.org/past',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = created?.id as string;
    const scheduled = await about(id, 'class_scheduled');
    expect(recipients(scheduled)).toEqual(activeStudents());
    expect(scheduled[0]?.data).toMatchObject({ title: 'Past tense', courseTitle: 'Spanish A1', duration: 60 });

    // A new title only: nobody needs to change their plans.
    expect((await school.teacher.client.from('classes').update({ title: 'Past tenses' }).eq('id', id)).error).toBeNull();
    expect(await about(id, 'class_moved')).toEqual([]);

    const moved = hoursFromNow(50);
    expect((await school.teacher.client.from('classes').update({ scheduled_date: moved }).eq('id', id)).error).toBeNull();
    const movedRows = await about(id, 'class_moved');
    expect(recipients(movedRows)).toEqual(activeStudents());
    expect(new Date(movedRows[0]?.data.scheduledDate as string).getTime()).toBe(new Date(moved).getTime());
    expect(new Date(movedRows[0]?.data.previousDate as string).getTime()).toBeLessThan(new Date(moved).getTime());

    expect((await school.teacher.client.from('classes').update({ meeting_link: 'https://meet.example.org/new' }).eq('id', id)).error).toBeNull();
    expect(await about(id, 'class_moved')).toHaveLength(4);

    expect((await school.teacher.client.from('classes').delete().eq('id', id).select('id')).data).toHaveLength(1);
    expect(recipients(await about(id, 'class_cancelled'))).toEqual(activeStudents());
  });

  it('tells nobody about a class of another course, and nothing about a class that already ended', async () => {
    const other = await insertAs(school.otherTeacher, 'classes', liveClass(school.otherCourse.id, 5));
    expect(recipients(await about(other, 'class_scheduled'))).toEqual([school.otherStudent.id]);
    const past = await insertAs(school.teacher, 'classes', liveClass(school.course.id, -5));
    expect(await about(past)).toEqual([]);
  });

  it("tells nobody about the service role's writes (seeds, loads), as for the enrolment alerts", async () => {
    const loaded = await createClass(school.course.id as string, { scheduled_date: hoursFromNow(8) });
    expect(await about(loaded.id)).toEqual([]);
  });

  it('does not tell the person acting, even when they are an active student of the course', async () => {
    // An administrator enrolled in a course (written straight into the table) moving its class.
    await ownerQuery(`insert into public.enrollments (course_id, user_id, status) values ($1, $2, 'active')`, [
      school.course.id,
      school.admin.id,
    ]);
    try {
      const courseClass = await createClass(school.course.id as string, { scheduled_date: hoursFromNow(20) });
      expect((await school.admin.client.from('classes').update({ duration: 90 }).eq('id', courseClass.id)).error).toBeNull();
      const rows = await about(courseClass.id, 'class_moved');
      expect(recipients(rows)).toEqual(activeStudents());
    } finally {
      await ownerQuery('delete from public.enrollments where user_id = $1', [school.admin.id]);
    }
  });

  it("tells the course's active students about a new material, not about a general one", async () => {
    const { data, error } = await school.teacher.client
      .from('materials')
      .insert({ title: 'Irregular verbs', type: 'link', url: 'https://example.org/verbs', course_id: school.course.id })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect(recipients(await about(data?.id, 'material_added'))).toEqual(activeStudents());

    const general = await service
      .from('materials')
      .insert({ title: 'Library', type: 'link', url: 'https://example.org/lib' })
      .select('id')
      .single();
    expect(await about(general.data?.id)).toEqual([]);
  });

  it('tells them about a new active activity (also one on a class), and about a draft only once it is published', async () => {
    const activity = (values: Record<string, unknown>) =>
      insertAs(school.teacher, 'activities', { description: 'Do it', created_by: school.teacher.id, ...values });
    const direct = await activity({ course_id: school.course.id, title: 'Write a letter', due_date: hoursFromNow(72) });
    const rows = await about(direct, 'activity_added');
    expect(recipients(rows)).toEqual(activeStudents());
    expect(rows[0]?.course_id).toBe(school.course.id);

    const onClass = await activity({ class_id: school.courseClass.id, title: 'Class quiz' });
    expect((await about(onClass, 'activity_added'))[0]?.course_id).toBe(school.course.id);

    const draft = await activity({ course_id: school.course.id, title: 'Draft', is_active: false });
    expect(await about(draft)).toEqual([]);
    expect((await school.teacher.client.from('activities').update({ is_active: true }).eq('id', draft)).error).toBeNull();
    expect(recipients(await about(draft, 'activity_added'))).toEqual(activeStudents());
  });

  it('tells the student, and only the student, about a grade or feedback on their work', async () => {
    const activity = await createActivity({ course_id: school.course.id, title: 'Postcard', max_points: 10 });
    const [mine, theirs] = await Promise.all([
      createSubmission({ activity_id: activity.id, student_id: school.student.id }),
      createSubmission({ activity_id: activity.id, student_id: classmate.id }),
    ]);
    const graded = await school.teacher.client
      .from('activity_submissions')
      .update({ grade: 8, feedback: 'Good' })
      .eq('id', mine.id)
      .select('id');
    expect(graded.error).toBeNull();
    const rows = await about(activity.id, 'submission_graded');
    expect(recipients(rows)).toEqual([school.student.id]);
    expect(rows[0]?.data).toMatchObject({ title: 'Postcard', grade: 8, maxPoints: 10, submissionId: mine.id });

    // Feedback alone is news too; the same grade saved again is not.
    await school.teacher.client.from('activity_submissions').update({ feedback: 'Check the accents' }).eq('id', theirs.id);
    await school.teacher.client.from('activity_submissions').update({ grade: 8 }).eq('id', mine.id);
    expect(recipients(await about(activity.id, 'submission_graded'))).toEqual([school.student.id, classmate.id].sort());
  });

  it('tells a student an administrator enrolled, not one who enrolled themselves', async () => {
    const [byAdmin, self] = await Promise.all([createPerson('student', 'Ana'), createPerson('student', 'Sol')]);
    const reply = await school.admin.client.rpc('enroll_user_in_course', {
      user_uuid: byAdmin.id,
      course_uuid: school.course.id,
    });
    expect(reply.error).toBeNull();
    const selfReply = await self.client.rpc('enroll_user_in_course', { user_uuid: self.id, course_uuid: school.course.id });
    expect(selfReply.error).toBeNull();
    const { rows } = await ownerQuery<{ user_id: string }>(
      `select user_id from public.notifications where kind = 'enrollment_confirmed' and user_id in ($1, $2)`,
      [byAdmin.id, self.id],
    );
    expect(rows.map((row) => row.user_id)).toEqual([byAdmin.id]);
  });
});

describe('who may read and write them', () => {
  let mineId: string;

  beforeAll(async () => {
    const courseClass = await insertAs(school.teacher, 'classes', liveClass(school.course.id, 60));
    const rows = await ownerQuery<{ id: string }>(
      `select id from public.notifications where subject_id = $1 and user_id = $2`,
      [courseClass, school.student.id],
    );
    mineId = rows.rows[0]?.id as string;
    expect(mineId).toBeTruthy();
  });

  it('lets the recipient read their own, and nobody else (another student, the teacher, an administrator, anon)', async () => {
    const own = await school.student.client.from('notifications').select('id, user_id').eq('id', mineId);
    expect(own.data).toEqual([{ id: mineId, user_id: school.student.id }]);
    for (const other of [classmate.client, school.teacher.client, school.admin.client, anonClient()]) {
      const seen = await other.from('notifications').select('id').eq('id', mineId);
      expect(seen.data ?? []).toEqual([]);
    }
  });

  it('refuses an insert by anyone through the API, a forged one of their own included', async () => {
    const forged = { user_id: school.student.id, kind: 'submission_graded', data: { title: 'A+', grade: 100 } };
    expectDenied(await school.student.client.from('notifications').insert(forged));
    expectDenied(await school.teacher.client.from('notifications').insert(forged));
    expectDenied(await school.admin.client.from('notifications').insert(forged));
    const anon = await anonClient().from('notifications').insert(forged);
    expect(anon.error?.code).toBe('42501');
  });

  it('refuses updates and deletes through the API, of their own and of others', async () => {
    for (const client of [school.student.client, classmate.client, school.teacher.client, school.admin.client]) {
      const update = await client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', mineId).select('id');
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('notifications').delete().eq('id', mineId).select('id');
      expect(remove.error?.code).toBe('42501');
    }
    const { rows } = await ownerQuery<{ read_at: Date | null }>('select read_at from public.notifications where id = $1', [mineId]);
    expect(rows).toEqual([{ read_at: null }]);
  });

  it('marks read only the caller’s own: another person naming the id changes nothing', async () => {
    for (const client of [classmate.client, school.teacher.client, school.admin.client]) {
      const reply = await client.rpc('mark_notifications_read', { ids: [mineId] });
      expect(reply.error).toBeNull();
      expect(reply.data).toBe(0);
    }
    const anon = await anonClient().rpc('mark_notifications_read', { ids: [mineId] });
    expect(anon.error?.code).toBe('42501');
    const { rows } = await ownerQuery<{ read_at: Date | null }>('select read_at from public.notifications where id = $1', [mineId]);
    expect(rows[0]?.read_at).toBeNull();

    const mine = await school.student.client.rpc('mark_notifications_read', { ids: [mineId] });
    expect(mine.data).toBe(1);
    const after = await ownerQuery<{ read_at: Date | null }>('select read_at from public.notifications where id = $1', [mineId]);
    expect(after.rows[0]?.read_at).toBeInstanceOf(Date);
  });

  it('marks all of the caller’s own read when no ids are given, and nobody else’s', async () => {
    const unread = async (userId: string) =>
      Number((await ownerQuery<{ n: string }>('select count(*) n from public.notifications where user_id = $1 and read_at is null', [userId])).rows[0]?.n);
    const classmateBefore = await unread(classmate.id);
    expect(classmateBefore).toBeGreaterThan(0);
    const reply = await school.student.client.rpc('mark_notifications_read', {});
    expect(reply.error).toBeNull();
    expect(await unread(school.student.id)).toBe(0);
    expect(await unread(classmate.id)).toBe(classmateBefore);
  });

  it('refuses the service-only functions to API users', async () => {
    for (const client of [school.student.client, school.admin.client, anonClient()]) {
      expect((await client.rpc('queue_due_reminders')).error).toBeTruthy();
      expect((await client.rpc('claim_notification_mail', {})).error).toBeTruthy();
    }
  });
});

describe('preferences', () => {
  it('are each person’s own: another student cannot read, choose, change or reset them', async () => {
    const mine = await school.student.client
      .from('notification_preferences')
      .insert({ user_id: school.student.id, kind: 'material_added', in_app: true, by_email: true })
      .select('kind, in_app, by_email');
    expect(mine.error).toBeNull();

    expect((await classmate.client.from('notification_preferences').select('kind').eq('user_id', school.student.id)).data).toEqual([]);
    expect((await school.admin.client.from('notification_preferences').select('kind').eq('user_id', school.student.id)).data).toEqual([]);
    expectDenied(
      await classmate.client
        .from('notification_preferences')
        .insert({ user_id: school.student.id, kind: 'class_moved', in_app: false, by_email: true }),
    );
    expectNoRows(
      await classmate.client.from('notification_preferences').update({ by_email: false }).eq('user_id', school.student.id).select('kind'),
    );
    expectNoRows(await classmate.client.from('notification_preferences').delete().eq('user_id', school.student.id).select('kind'));
    const anon = await anonClient().from('notification_preferences').insert({ user_id: school.student.id, kind: 'class_moved', in_app: true, by_email: true });
    expect(anon.error?.code).toBe('42501');
    const { rows } = await ownerQuery('select kind, in_app, by_email from public.notification_preferences where user_id = $1', [school.student.id]);
    expect(rows).toEqual([{ kind: 'material_added', in_app: true, by_email: true }]);
  });

  it('refuse neither channel and an unknown kind', async () => {
    const neither = await classmate.client
      .from('notification_preferences')
      .insert({ user_id: classmate.id, kind: 'class_moved', in_app: false, by_email: false });
    expect(neither.error?.code).toBe('23514');
    const unknown = await classmate.client
      .from('notification_preferences')
      .insert({ user_id: classmate.id, kind: 'gossip', in_app: true, by_email: true });
    expect(unknown.error?.code).toBe('23503');
  });

  it('leave a kind out of the app when the person chose email only', async () => {
    const chosen = await classmate.client
      .from('notification_preferences')
      .upsert({ user_id: classmate.id, kind: 'material_added', in_app: false, by_email: true });
    expect(chosen.error).toBeNull();
    const { data } = await school.teacher.client
      .from('materials')
      .insert({ title: 'Idioms', type: 'link', url: 'https://example.org/idioms', course_id: school.course.id })
      .select('id')
      .single();
    // (The mail side: notification-mail.test.ts.)
    const told = recipients(await about(data?.id));
    expect(told).toContain(school.student.id);
    expect(told).not.toContain(classmate.id);
  });
});

describe('message_received (20261130000400_messages.sql; the rest in messages.test.ts)', () => {
  it('tells the recipient only, respects their preference, and nobody else reads it', async () => {
    const { data: conversation } = await school.student.client.rpc('start_conversation', { other_id: school.teacher.id });
    const sent = await school.student.client
      .from('messages')
      .insert({ conversation_id: conversation, body: '¿Hay clase mañana?' })
      .select('id')
      .single();
    expect(sent.error).toBeNull();
    const rows = await about(conversation, 'message_received');
    expect(recipients(rows)).toEqual([school.teacher.id]);
    expect(rows[0]?.course_id).toBeNull();
    for (const person of [school.student, classmate, school.otherTeacher, school.admin]) {
      const { data } = await person.client.from('notifications').select('id').eq('subject_id', conversation as string);
      expect(data).toEqual([]);
    }

    // A person who chose email only for messages gets none in the app.
    const { data: other } = await classmate.client.rpc('start_conversation', { other_id: school.teacher.id });
    await school.teacher.client
      .from('notification_preferences')
      .upsert({ user_id: school.teacher.id, kind: 'message_received', in_app: false, by_email: true });
    await classmate.client.from('messages').insert({ conversation_id: other, body: 'Hola' });
    expect(await about(other, 'message_received')).toEqual([]);
    const { rows: mail } = await ownerQuery(
      `select user_id from private.notification_mail where kind = 'message_received' and subject_id = $1`,
      [other],
    );
    expect(mail.map((row) => row.user_id)).toEqual([school.teacher.id]);
  });
});
