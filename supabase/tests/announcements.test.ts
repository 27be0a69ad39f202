import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../local-supabase/src/outbox-client';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  type School,
  asUser,
  closeDb,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  expectNoRows,
  ownerQuery,
  service,
} from './fixtures';

// Course announcements (20261130000300_announcements.sql, docs/announcements.md): the course's teacher and
// administrators write them; the course's active and completed students, its teacher and administrators
// read them; every rule is tried as the wrong person. Posting tells the course's active students
// (announcement_posted), by mail only when the poster ticked "Email it" and the student kept that mail.

let school: School;
let dropped: Person;
let completed: Person;
let noMail: Person;
let hispanohablante: Person;

const tag = () => Math.random().toString(36).slice(2, 8);

async function waitFor<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Nothing of this person's waits to be written or sent any more (so the outbox holds all of it). */
async function settled(person: Person): Promise<void> {
  await waitFor(`the mail of ${person.email}`, async () => {
    const { rows } = await ownerQuery(
      `select 1 from private.notification_mail where user_id = $1
        union all select 1 from private.mail_queue where lower(to_email) = lower($2) and status = 'queued'`,
      [person.id, person.email],
    );
    return rows.length === 0 ? true : undefined;
  });
}

/** An announcement posted by `person` through the API (as the screens do). */
async function post(person: Person, values: Record<string, unknown>): Promise<string> {
  const { data, error } = await person.client
    .from('announcements')
    .insert({
      course_id: school.course.id,
      title: `News ${tag()}`,
      body: 'Hello **class**',
      ...values,
    })
    .select('id')
    .single();
  if (error) throw new Error(`post: ${error.message}`);
  return (data as { id: string }).id;
}

async function exists(id: string): Promise<boolean> {
  const { rows } = await ownerQuery('select 1 from public.announcements where id = $1', [id]);
  return rows.length === 1;
}

beforeAll(async () => {
  school = await createSchool();
  [dropped, completed, noMail, hispanohablante] = await Promise.all([
    createPerson('student', 'Dora'),
    createPerson('student', 'Carl'),
    createPerson('student', 'Nico'),
    createPerson('student', 'Lucía'),
  ]);
  for (const person of [dropped, completed, noMail, hispanohablante]) {
    await enroll(person.id, school.course.id as string);
  }
  await ownerQuery(
    `update public.enrollments set status = case user_id when $1 then 'dropped' else 'completed' end
      where course_id = $3 and user_id in ($1, $2)`,
    [dropped.id, completed.id, school.course.id],
  );
  const choices = await Promise.all([
    noMail.client
      .from('notification_preferences')
      .upsert({ user_id: noMail.id, kind: 'announcement_posted', in_app: true, by_email: false }),
    hispanohablante.client.from('users').update({ language: 'es' }).eq('id', hispanohablante.id),
  ]);
  for (const choice of choices) expect(choice.error).toBeNull();
});

afterAll(async () => {
  await closeDb();
});

describe('who writes announcements', () => {
  it('the course’s teacher posts, edits, pins and deletes; the author is the teacher', async () => {
    const id = await post(school.teacher, { pinned: false });
    const { rows } = await ownerQuery('select author_id from public.announcements where id = $1', [
      id,
    ]);
    expect(rows[0]?.author_id).toBe(school.teacher.id);

    const edited = await school.teacher.client
      .from('announcements')
      .update({ title: 'Edited', pinned: true })
      .eq('id', id)
      .select('title, pinned');
    expect(edited.error).toBeNull();
    expect(edited.data).toEqual([{ title: 'Edited', pinned: true }]);

    const deleted = await school.teacher.client
      .from('announcements')
      .delete()
      .eq('id', id)
      .select('id');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ id }]);
    expect(await exists(id)).toBe(false);
  });

  it('an administrator posts to any course and edits or deletes a teacher’s announcement', async () => {
    const own = await post(school.admin, { course_id: school.otherCourse.id });
    expect(await exists(own)).toBe(true);
    const teachers = await post(school.teacher, {});
    const edited = await school.admin.client
      .from('announcements')
      .update({ body: 'Corrected' })
      .eq('id', teachers)
      .select('body');
    expect(edited.data).toEqual([{ body: 'Corrected' }]);
    const deleted = await school.admin.client
      .from('announcements')
      .delete()
      .eq('id', teachers)
      .select('id');
    expect(deleted.data).toEqual([{ id: teachers }]);
  });

  it('a teacher of another course cannot post, edit or delete this course’s announcements', async () => {
    expectDenied(
      await school.otherTeacher.client
        .from('announcements')
        .insert({ course_id: school.course.id, title: 'Mine now', body: 'x' }),
    );
    const id = await post(school.teacher, {});
    expectNoRows(
      await school.otherTeacher.client
        .from('announcements')
        .update({ title: 'Hijacked' })
        .eq('id', id)
        .select('id'),
    );
    expectNoRows(
      await school.otherTeacher.client.from('announcements').delete().eq('id', id).select('id'),
    );
    const { rows } = await ownerQuery('select title from public.announcements where id = $1', [id]);
    expect(rows[0]?.title).not.toBe('Hijacked');
  });

  it('a student of the course cannot post, edit or delete', async () => {
    expectDenied(
      await school.student.client
        .from('announcements')
        .insert({ course_id: school.course.id, title: 'Party', body: 'x' }),
    );
    const id = await post(school.teacher, {});
    expectNoRows(
      await school.student.client
        .from('announcements')
        .update({ title: 'Party' })
        .eq('id', id)
        .select('id'),
    );
    expectNoRows(
      await school.student.client.from('announcements').delete().eq('id', id).select('id'),
    );
    expect(await exists(id)).toBe(true);
  });

  it('anon can do nothing', async () => {
    const anon = anonClient();
    const id = await post(school.teacher, {});
    expectDenied(
      await anon
        .from('announcements')
        .insert({ course_id: school.course.id, title: 'x', body: 'x' }),
    );
    expectDenied(await anon.from('announcements').update({ title: 'x' }).eq('id', id));
    expectDenied(await anon.from('announcements').delete().eq('id', id));
    expectDenied(await anon.from('announcements').select('id'));
    expect(await exists(id)).toBe(true);
  });

  it('nobody forges the author or moves an announcement to another course', async () => {
    // Posting in the teacher's name, as the teacher of the course naming someone else, as an admin.
    for (const [person, author] of [
      [school.otherTeacher, school.teacher],
      [school.teacher, school.otherTeacher],
      [school.admin, school.teacher],
    ] as const) {
      expectDenied(
        await person.client
          .from('announcements')
          .insert({
            course_id: school.course.id,
            author_id: author.id,
            title: 'Forged',
            body: 'x',
          }),
      );
    }
    const id = await post(school.teacher, {});
    expectDenied(
      await school.teacher.client
        .from('announcements')
        .update({ author_id: school.otherTeacher.id })
        .eq('id', id),
    );
    expectDenied(
      await school.teacher.client
        .from('announcements')
        .update({ course_id: school.inactiveCourse.id })
        .eq('id', id),
    );
  });

  it('the database refuses an empty or too long title or body, by constraint name', async () => {
    const cases = [
      [{ title: '   ' }, 'announcements_title_check'],
      [{ title: 'x'.repeat(201) }, 'announcements_title_check'],
      [{ body: '' }, 'announcements_body_check'],
      [{ body: 'x'.repeat(10_001) }, 'announcements_body_check'],
    ] as const;
    for (const [values, constraint] of cases) {
      const result = await school.teacher.client
        .from('announcements')
        .insert({ course_id: school.course.id, title: 'Fine', body: 'Fine', ...values });
      expect(result.error?.code).toBe('23514');
      expect(result.error?.message).toContain(`"${constraint}"`);
    }
    // At the limits it is accepted.
    expect(
      await exists(
        await post(school.teacher, { title: 'x'.repeat(200), body: 'y'.repeat(10_000) }),
      ),
    ).toBe(true);
  });
});

describe('who reads announcements', () => {
  let id: string;
  let otherId: string;

  beforeAll(async () => {
    id = await post(school.teacher, { title: `Read me ${tag()}` });
    otherId = await post(school.otherTeacher, { course_id: school.otherCourse.id });
  });

  const sees = async (person: Person, announcementId: string) => {
    const { data, error } = await person.client
      .from('announcements')
      .select('id')
      .eq('id', announcementId);
    expect(error).toBeNull();
    return (data ?? []).length === 1;
  };

  it('the course’s active and completed students, its teacher and administrators read it', async () => {
    expect(await sees(school.student, id)).toBe(true);
    expect(await sees(completed, id)).toBe(true);
    expect(await sees(school.teacher, id)).toBe(true);
    expect(await sees(school.admin, id)).toBe(true);
  });

  it('a dropped student, another course’s student, an outsider and another teacher do not', async () => {
    expect(await sees(dropped, id)).toBe(false);
    expect(await sees(school.otherStudent, id)).toBe(false);
    expect(await sees(school.outsider, id)).toBe(false);
    expect(await sees(school.otherTeacher, id)).toBe(false);
    // …and the course's student does not read another course's.
    expect(await sees(school.student, otherId)).toBe(false);
  });

  it('a student whose account is deactivated reads none', async () => {
    await ownerQuery('update public.users set is_active = false where id = $1', [completed.id]);
    try {
      // The gateway refuses a deactivated account's token outright (docs/security.md); were it let
      // through, row security would still show nothing.
      const { data, error } = await completed.client
        .from('announcements')
        .select('id')
        .eq('id', id);
      expect(error?.code ?? 'no error').toBe('PT401');
      expect(data ?? []).toEqual([]);
      const rows = await asUser(
        completed.id,
        async (db) =>
          (await db.query('select id from public.announcements where id = $1', [id])).rows,
      );
      expect(rows).toEqual([]);
    } finally {
      await ownerQuery('update public.users set is_active = true where id = $1', [completed.id]);
    }
  });
});

describe('telling the students (announcement_posted)', () => {
  type Told = { user_id: string; data: { courseTitle?: string; title?: string } };
  const told = async (id: string) =>
    (
      await ownerQuery<Told>(
        `select user_id, data from public.notifications where subject_id = $1 and kind = 'announcement_posted'`,
        [id],
      )
    ).rows;

  it('tells the course’s active students in the app, not the author, dropped or completed students', async () => {
    const title = `Exam ${tag()}`;
    const id = await post(school.teacher, { title });
    const rows = await told(id);
    expect(rows.map((row) => row.user_id).sort()).toEqual(
      [school.student.id, noMail.id, hispanohablante.id].sort(),
    );
    expect(rows[0]?.data).toEqual({ courseTitle: 'Spanish A1', title });
    // An administrator posting: the teacher is not a student, so still only the students.
    const byAdmin = await post(school.admin, {});
    expect((await told(byAdmin)).map((row) => row.user_id).sort()).toEqual(
      [school.student.id, noMail.id, hispanohablante.id].sort(),
    );
  });

  it('an edit tells nobody again', async () => {
    const id = await post(school.teacher, {});
    await school.teacher.client.from('announcements').update({ body: 'Changed' }).eq('id', id);
    expect(await told(id)).toHaveLength(3);
  });

  it('without "Email it" nobody is mailed', async () => {
    const title = `Quiet ${tag()}`;
    const id = await post(school.teacher, { title, email_students: false });
    const { rows } = await ownerQuery(
      `select 1 from private.notification_mail where subject_id = $1`,
      [id],
    );
    expect(rows).toEqual([]);
    await settled(school.student);
    expect(
      (await readOutbox(school.student.email)).filter((m) => m.subject.includes(title)),
    ).toEqual([]);
  });

  it('with "Email it" each active student is mailed in their language, except one who turned that mail off', async () => {
    const title = `Field trip ${tag()}`;
    await post(school.teacher, { title, email_students: true });
    const { data: settings } = await service.from('app_settings').select('general').single();
    const schoolName = (settings?.general as { siteName: string }).siteName;

    const spanish = await waitFor('the Spanish mail', async () =>
      (await readOutbox(hispanohablante.email)).find((m) => m.subject.includes(title)),
    );
    expect(spanish.subject).toBe(`Anuncio nuevo en Spanish A1: ${title} · ${schoolName}`);
    expect(spanish.text).toContain('Hola, Lucía:');
    const english = await waitFor('the English mail', async () =>
      (await readOutbox(school.student.email)).find((m) => m.subject.includes(title)),
    );
    expect(english.subject).toBe(`New announcement in Spanish A1: ${title} · ${schoolName}`);

    await settled(noMail);
    expect((await readOutbox(noMail.email)).filter((m) => m.subject.includes(title))).toEqual([]);
    for (const person of [dropped, completed]) {
      await settled(person);
      expect((await readOutbox(person.email)).filter((m) => m.subject.includes(title))).toEqual([]);
    }
  });
});
