import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../local-supabase/src/outbox-client';
import { anonClient, signUpUser } from '../../local-supabase/tests/support';
import {
  type Person,
  closeDb,
  createCourse,
  createPerson,
  expectDenied,
  service,
} from './fixtures';

// The settings that act outside the settings screen (get_public_settings in
// 20261122001000_app_settings.sql, with the billing currency since 20261201007201_price_currency.sql;
// the alerts in 20261122001200_mail.sql): the public branding read, the
// enrolment alert mail and the sign-in limiter's threshold. The settings row is shared by the whole stack,
// so every test puts back what it changed.

let admin: Person;
let teacher: Person;
let student: Person;
let saved: Record<string, Record<string, unknown>>;

const GROUPS = 'general, notifications, security, appearance, email, billing';
const BRANDING_KEYS = [
  'accentColor',
  'contactEmail',
  'currency',
  'defaultLanguage',
  'primaryColor',
  'secondaryColor',
  'siteName',
  'theme',
];

async function settings(): Promise<Record<string, Record<string, unknown>>> {
  const { data, error } = await service.from('app_settings').select(GROUPS).single();
  if (error) throw error;
  return data as Record<string, Record<string, unknown>>;
}

/** Changes some keys of one group, as the service role (the row's other keys are kept). */
async function setGroup(group: string, values: Record<string, unknown>): Promise<void> {
  const current = await settings();
  const { error } = await service
    .from('app_settings')
    .update({ [group]: { ...current[group], ...values } })
    .eq('id', 1);
  if (error) throw error;
}

beforeAll(async () => {
  [admin, teacher, student] = await Promise.all([
    createPerson('admin', 'Ada'),
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sofía'),
  ]);
  saved = await settings();
});

afterAll(async () => {
  await service.from('app_settings').update(saved).eq('id', 1);
  await closeDb();
});

describe('get_public_settings', () => {
  beforeAll(async () => {
    await setGroup('general', { siteName: 'Escuela Faro', defaultLanguage: 'es' });
    await setGroup('appearance', { theme: 'dark', primaryColor: '#7C3AED' });
    await setGroup('security', { sessionTimeout: 45 });
  });

  it('gives an anonymous visitor the branding and theme, and nothing else', async () => {
    const { data, error } = await anonClient().rpc('get_public_settings');
    expect(error).toBeNull();
    expect(Object.keys(data as object).sort()).toEqual(BRANDING_KEYS);
    expect(data).toMatchObject({
      siteName: 'Escuela Faro',
      defaultLanguage: 'es',
      theme: 'dark',
      primaryColor: '#7C3AED',
    });
    const text = JSON.stringify(data);
    expect(text).not.toContain('smtp');
    expect(text).not.toContain('maxLoginAttempts');
    expect(text).not.toContain('sessionTimeout');
  });

  it('gives every signed-in role the branding plus the session timeout', async () => {
    for (const person of [admin, teacher, student]) {
      const { data, error } = await person.client.rpc('get_public_settings');
      expect(error).toBeNull();
      expect(Object.keys(data as object).sort()).toEqual(
        [...BRANDING_KEYS, 'sessionTimeout'].sort(),
      );
      expect(data).toMatchObject({ siteName: 'Escuela Faro', sessionTimeout: 45 });
    }
  });

  it('follows what an admin saves', async () => {
    const current = await settings();
    const { error } = await admin.client
      .from('app_settings')
      .update({ general: { ...current.general, siteName: 'Escuela Norte' } })
      .eq('id', 1)
      .select('id')
      .single();
    expect(error).toBeNull();
    expect((await anonClient().rpc('get_public_settings')).data).toMatchObject({
      siteName: 'Escuela Norte',
    });
  });

  it('gives everyone the billing currency for prices, and no other billing setting', async () => {
    await setGroup('billing', {
      currency: 'GBP',
      legalName: 'Faro Escuela de Idiomas S.L.',
      address: 'Calle del Faro 7, Cádiz',
      taxId: 'B-11223344',
      taxRate: 21,
      refundOnDrop: 'none',
      paymentTermsDays: 30,
    });
    for (const client of [anonClient(), student.client, teacher.client, admin.client]) {
      const { data, error } = await client.rpc('get_public_settings');
      expect(error).toBeNull();
      expect(data).toMatchObject({ currency: 'GBP' });
      const keys = Object.keys(data as object);
      for (const key of [
        'legalName',
        'address',
        'taxId',
        'taxRate',
        'invoiceMode',
        'refundOnDrop',
        'paymentTermsDays',
        'billing',
        'schoolName',
      ]) {
        expect(keys).not.toContain(key);
      }
      const text = JSON.stringify(data);
      expect(text).not.toContain('Faro Escuela de Idiomas');
      expect(text).not.toContain('Calle del Faro');
      expect(text).not.toContain('B-11223344');
      expect(text).not.toContain('pro_rata');
    }

    // An admin's change of currency shows on the next read, a visitor's too.
    await setGroup('billing', { currency: 'USD' });
    expect((await anonClient().rpc('get_public_settings')).data).toMatchObject({ currency: 'USD' });
    expect((await student.client.rpc('get_public_settings')).data).toMatchObject({
      currency: 'USD',
    });
  });

  it('does not open the rest of the row to anonymous visitors or non-admins', async () => {
    const anon = anonClient();
    expectDenied(await anon.from('app_settings').select('*'));
    expect((await anon.rpc('get_app_settings')).error?.code).toBe('42501');
    expect((await student.client.from('app_settings').select('*')).data).toEqual([]);
    const { error } = await teacher.client
      .from('app_settings')
      .update({ general: { ...saved.general, siteName: 'Taken over' } })
      .eq('id', 1)
      .select('id');
    // RLS hides the row from a teacher's update: nothing changes.
    expect(error).toBeNull();
    expect((await anon.rpc('get_public_settings')).data).not.toMatchObject({
      siteName: 'Taken over',
    });
  });
});

describe('the mail queue', () => {
  it('cannot be reached through the API by anyone', async () => {
    for (const client of [anonClient(), student.client, teacher.client, admin.client]) {
      const { data, error } = await client.schema('private').from('mail_queue').select('*');
      expect(data).toBeNull();
      expect(error).not.toBeNull();
    }
  });
});

describe('enrolment alerts', () => {
  let course: Record<string, unknown> & { id: string };

  beforeEach(async () => {
    course = await createCourse({
      title: `Conversación ${Math.random().toString(36).slice(2, 7)}`,
      teacher_id: teacher.id,
    });
    await setGroup('notifications', { emailNotifications: true, enrollmentAlerts: true });
    await setGroup('general', { siteName: 'Escuela Faro', defaultLanguage: 'en' });
    await setGroup('email', { fromName: 'Escuela Faro', fromEmail: 'avisos@faro.test' });
  });

  async function mailsAbout(title: string) {
    return (await readOutbox(teacher.email)).filter((mail) => mail.subject.includes(title));
  }

  it('mails the teacher when a student enrols, from the school sender', async () => {
    const { client, user } = await signUpUser('alerted', { first_name: 'Lucía', last_name: 'Paz' });
    const { data } = await client.rpc('enroll_user_in_course', {
      user_uuid: user.id,
      course_uuid: course.id,
    });
    expect(data).toMatchObject({ success: true });

    const mails = await mailsAbout(String(course.title));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: teacher.email,
      from: 'Escuela Faro <avisos@faro.test>',
      subject: `New enrollment: ${course.title}`,
    });
    expect(mails[0]?.text).toContain('Lucía Paz has enrolled in your course');
    expect(mails[0]?.text).toContain('Escuela Faro');
    expect(mails[0]?.html).toContain('<strong>Lucía Paz</strong>');
  });

  it("is written in the school's default language", async () => {
    await setGroup('general', { defaultLanguage: 'es' });
    const { client, user } = await signUpUser('alerted', { first_name: 'Ana', last_name: 'Ríos' });
    await client.rpc('enroll_user_in_course', { user_uuid: user.id, course_uuid: course.id });

    const [mail] = await mailsAbout(String(course.title));
    expect(mail?.subject).toBe(`Nueva inscripción: ${course.title}`);
    expect(mail?.text).toContain('Ana Ríos se ha inscrito en tu curso');
  });

  it('mails the teacher when an admin enrols a student or re-activates a dropped enrolment', async () => {
    const { user } = await signUpUser('enrolled-by-admin', {
      first_name: 'Eva',
      last_name: 'Sanz',
    });
    await admin.client.rpc('enroll_user_in_course', { user_uuid: user.id, course_uuid: course.id });
    expect(await mailsAbout(String(course.title))).toHaveLength(1);

    await admin.client.rpc('unenroll_user_from_course', {
      user_uuid: user.id,
      course_uuid: course.id,
    });
    const { error } = await admin.client
      .from('enrollments')
      .update({ status: 'active' })
      .eq('course_id', course.id)
      .eq('user_id', user.id);
    expect(error).toBeNull();
    expect(await mailsAbout(String(course.title))).toHaveLength(2);
  });

  it('sends nothing when enrolment alerts are off', async () => {
    await setGroup('notifications', { enrollmentAlerts: false });
    const { client, user } = await signUpUser('quiet');
    const { data } = await client.rpc('enroll_user_in_course', {
      user_uuid: user.id,
      course_uuid: course.id,
    });
    expect(data).toMatchObject({ success: true });
    expect(await mailsAbout(String(course.title))).toEqual([]);
  });

  it('sends nothing when email notifications are off, whatever the alert switch says', async () => {
    await setGroup('notifications', { emailNotifications: false, enrollmentAlerts: true });
    const { client, user } = await signUpUser('quiet');
    await client.rpc('enroll_user_in_course', { user_uuid: user.id, course_uuid: course.id });
    expect(await mailsAbout(String(course.title))).toEqual([]);
  });

  it('sends nothing for a drop, a course without a teacher, or a trusted bulk load', async () => {
    const { client, user } = await signUpUser('dropper');
    await client.rpc('enroll_user_in_course', { user_uuid: user.id, course_uuid: course.id });
    await client.rpc('unenroll_user_from_course', { user_uuid: user.id, course_uuid: course.id });
    expect(await mailsAbout(String(course.title))).toHaveLength(1);

    const orphan = await createCourse({
      title: `Sin profesor ${Math.random().toString(36).slice(2, 7)}`,
    });
    const other = await signUpUser('orphan');
    const reply = await other.client.rpc('enroll_user_in_course', {
      user_uuid: other.user.id,
      course_uuid: orphan.id,
    });
    expect(reply.data).toMatchObject({ success: true });

    const loaded = await signUpUser('bulk');
    await service.rpc('enroll_user_in_course', {
      user_uuid: loaded.user.id,
      course_uuid: course.id,
    });
    expect(await mailsAbout(String(course.title))).toHaveLength(1);
    const aboutOrphan = (await readOutbox()).filter((mail) =>
      mail.subject.includes(String(orphan.title)),
    );
    expect(aboutOrphan).toEqual([]);
  });
});

describe('max login attempts', () => {
  // The gateway keeps the setting for 2 s (LOCAL_SUPABASE_SETTINGS_CACHE_SECONDS).
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_200));

  afterAll(async () => {
    await setGroup('security', { maxLoginAttempts: saved.security?.maxLoginAttempts ?? 5 });
    // The next file must not meet this file's cached threshold.
    await settle();
  });

  async function failures(email: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      const { error } = await anonClient().auth.signInWithPassword({
        email,
        password: `wrong-${attempt}`,
      });
      statuses.push(error?.status ?? 200);
    }
    return statuses;
  }

  it('with 3, refuses the 4th attempt with 429 even with the right password', async () => {
    await setGroup('security', { maxLoginAttempts: 3 });
    await settle();
    const { email, password } = await signUpUser('three-tries');
    expect(await failures(email, 3)).toEqual([400, 400, 400]);
    const fourth = await anonClient().auth.signInWithPassword({ email, password });
    expect(fourth.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('with 10, lets the right password in after 4 failures', async () => {
    await setGroup('security', { maxLoginAttempts: 10 });
    await settle();
    const { email, password } = await signUpUser('ten-tries');
    expect(await failures(email, 4)).toEqual([400, 400, 400, 400]);
    const fifth = await anonClient().auth.signInWithPassword({ email, password });
    expect(fifth.error).toBeNull();
    expect(fifth.data.session).not.toBeNull();
  });
});
