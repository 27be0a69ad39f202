import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../local-supabase/src/outbox-client';
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
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';

// Notifications by email and reminders (20261130000200_notifications.sql, send-mail, docs/notifications.md):
// the database stores what happened, send-mail writes the mail in the recipient's language with the
// school's branding and sends it through the school's mail queue; the local stack calls send-mail while
// something waits, as the hosted schedule does every minute. Reminders go out once per person and item.

let school: School;
let hispanohablante: Person;
let inAppOnly: Person;

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
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

beforeAll(async () => {
  school = await createSchool();
  [hispanohablante, inAppOnly] = await Promise.all([
    createPerson('student', 'Lucía'),
    createPerson('student', 'Iris'),
  ]);
  for (const person of [hispanohablante, inAppOnly]) await enroll(person.id, school.course.id as string);
  const spanish = await hispanohablante.client.from('users').update({ language: 'es' }).eq('id', hispanohablante.id);
  expect(spanish.error).toBeNull();
  const choices = await Promise.all([
    hispanohablante.client
      .from('notification_preferences')
      .upsert({ user_id: hispanohablante.id, kind: 'class_moved', in_app: false, by_email: true }),
    inAppOnly.client
      .from('notification_preferences')
      .upsert({ user_id: inAppOnly.id, kind: 'class_moved', in_app: true, by_email: false }),
  ]);
  for (const choice of choices) expect(choice.error).toBeNull();
});

afterAll(async () => {
  await closeDb();
});

describe('notifications by email', () => {
  it('a class move queues a Spanish mail, with the school’s name, for a Spanish-speaking student who chose email', async () => {
    const title = `Subjuntivo ${Math.random().toString(36).slice(2, 7)}`;
    const courseClass = await createClass(school.course.id as string, { title, scheduled_date: hoursFromNow(48) });
    const moved = await school.teacher.client
      .from('classes')
      .update({ scheduled_date: hoursFromNow(72) })
      .eq('id', courseClass.id)
      .select('id');
    expect(moved.error).toBeNull();

    const mail = await waitFor('the Spanish mail', async () =>
      (await readOutbox(hispanohablante.email)).find((m) => m.subject.includes(title)),
    );
    const { data: settings } = await service.from('app_settings').select('general').single();
    const schoolName = (settings?.general as { siteName: string }).siteName;
    expect(mail.subject).toBe(`Cambio de clase: ${title} · ${schoolName}`);
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain(`La clase «${title}» de Spanish A1 pasa del`);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain(schoolName);

    // Email only: nothing in the app for her; the student who chose the app only gets no mail.
    const { rows } = await ownerQuery(
      `select user_id from public.notifications where subject_id = $1 and kind = 'class_moved'`,
      [courseClass.id],
    );
    const told = rows.map((row) => row.user_id);
    expect(told).toContain(inAppOnly.id);
    expect(told).toContain(school.student.id);
    expect(told).not.toContain(hispanohablante.id);
    await settled(inAppOnly);
    expect((await readOutbox(inAppOnly.email)).filter((m) => m.subject.includes(title))).toEqual([]);
    // The English-speaking student (defaults: the app and email) gets it in English.
    await settled(school.student);
    const english = (await readOutbox(school.student.email)).filter((m) => m.subject.includes(title));
    expect(english.map((m) => m.subject)).toEqual([`Class changed: ${title} · ${schoolName}`]);
  });
});

describe('reminders', () => {
  it('reminds each active student once of a live class starting within the hour, however often the schedule runs', async () => {
    const title = `Repaso ${Math.random().toString(36).slice(2, 7)}`;
    const soon = await createClass(school.course.id as string, { title, scheduled_date: hoursFromNow(0.5) });
    const later = await createClass(school.course.id as string, { title: `${title} later`, scheduled_date: hoursFromNow(3) });

    // Two runs at once, then a third: the key per person, item and kind lets one through.
    const runs = await Promise.all([service.rpc('queue_due_reminders'), service.rpc('queue_due_reminders')]);
    for (const run of runs) expect(run.error).toBeNull();
    expect((await service.rpc('queue_due_reminders')).error).toBeNull();

    const { rows } = await ownerQuery<{ user_id: string; n: string }>(
      `select user_id, count(*) n from private.reminders_sent where subject_id = $1 and kind = 'class_reminder' group by user_id`,
      [soon.id],
    );
    expect(rows.map((row) => [row.user_id, Number(row.n)]).sort()).toEqual(
      [school.student.id, hispanohablante.id, inAppOnly.id].sort().map((id) => [id, 1]),
    );
    const inApp = await ownerQuery(
      `select user_id from public.notifications where subject_id = $1 and kind = 'class_reminder'`,
      [soon.id],
    );
    expect(inApp.rows.filter((row) => row.user_id === school.student.id)).toHaveLength(1);
    expect((await ownerQuery('select 1 from private.reminders_sent where subject_id = $1', [later.id])).rows).toEqual([]);

    await settled(hispanohablante);
    const mails = (await readOutbox(hispanohablante.email)).filter((m) => m.subject.includes(title));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(new RegExp(`^Empieza pronto: ${title} · `))]);
  });

  it('reminds of an activity due within 24 hours only those who have not submitted it', async () => {
    const title = `Redacción ${Math.random().toString(36).slice(2, 7)}`;
    // Handed in while the due date was far off; then the due date comes close (the stack's schedule may
    // send the reminders at any moment from then on).
    const activity = await createActivity({ course_id: school.course.id, title, due_date: hoursFromNow(48) });
    await createSubmission({ activity_id: activity.id, student_id: school.student.id });
    const farOff = await createActivity({ course_id: school.course.id, title: `${title} 2`, due_date: hoursFromNow(48) });
    const hidden = await createActivity({ course_id: school.course.id, title: `${title} 3`, due_date: hoursFromNow(6), is_active: false });
    await ownerQuery('update public.activities set due_date = $2 where id = $1', [activity.id, hoursFromNow(12)]);

    expect((await service.rpc('queue_due_reminders')).error).toBeNull();
    const reminded = async (id: unknown) =>
      (
        await ownerQuery<{ user_id: string }>(
          `select user_id from private.reminders_sent where subject_id = $1 and kind = 'activity_reminder'`,
          [id],
        )
      ).rows.map((row) => row.user_id).sort();
    expect(await reminded(activity.id)).toEqual([hispanohablante.id, inAppOnly.id].sort());
    expect(await reminded(farOff.id)).toEqual([]);
    expect(await reminded(hidden.id)).toEqual([]);

    const inApp = await ownerQuery<{ user_id: string; data: { title: string } }>(
      `select user_id, data from public.notifications where subject_id = $1 and kind = 'activity_reminder'`,
      [activity.id],
    );
    expect(inApp.rows.map((row) => row.user_id).sort()).toEqual([hispanohablante.id, inAppOnly.id].sort());
    expect(inApp.rows[0]?.data.title).toBe(title);
  });
});
