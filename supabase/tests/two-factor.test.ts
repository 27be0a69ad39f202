import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { accessClaims, enrollVerifiedTotp } from '../../local-supabase/tests/totp';
import { errorMessageKey } from '../../shared-data/src/rules/error-messages';
import { createClass, createCourse, createPerson, service, type Person } from './fixtures';

// System Settings → Security → two-factor: when on, the database refuses administrators' writes (and
// teachers' writes to the tables they manage) from a session that has not passed its second factor (the
// access token's aal claim is aal1). Students are never affected; reads are not affected.

const REFUSAL = 'Two-factor sign-in is required for this account';

async function setTwoFactor(on: boolean): Promise<void> {
  const { data, error } = await service.from('app_settings').select('security').eq('id', 1).single();
  if (error) throw error;
  const security = { ...(data.security as Record<string, unknown>), twoFactorAuth: on };
  const saved = await service.from('app_settings').update({ security }).eq('id', 1).select('security').single();
  if (saved.error) throw saved.error;
  expect((saved.data.security as { twoFactorAuth: boolean }).twoFactorAuth).toBe(on);
}

function expectTwoFactorRefusal(result: { error: PostgrestError | null }): void {
  expect(result.error).not.toBeNull();
  expect(result.error?.code).toBe('42501');
  expect(result.error?.message).toBe(REFUSAL);
}

async function aalOf(client: SupabaseClient): Promise<string | undefined> {
  const { data } = await client.auth.getSession();
  return accessClaims(data.session?.access_token ?? '..').aal;
}

const passwordOf = (person: Person) => `pw-2fa-${person.id}`;

/** The person on a new client, signed in with the password only (aal1). */
async function passwordOnly(person: Person): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: person.email, password: passwordOf(person) });
  if (error) throw error;
  return client;
}

let admin: Person;
let teacher: Person;
let student: Person;
// Staff who never set up an authenticator: while the school requires it they may read but not write
// from their (aal1) sessions; those who set one up get nothing at aal1 (two-factor-everyone.test.ts).
let adminWithout: Person;
let teacherWithout: Person;
let courseWithout: { id: string };
let adminAal2: SupabaseClient;
let teacherAal2: SupabaseClient;
let course: { id: string };
let otherCourse: { id: string };

beforeAll(async () => {
  [admin, teacher, student, adminWithout, teacherWithout] = await Promise.all([
    createPerson('admin'),
    createPerson('teacher'),
    createPerson('student'),
    createPerson('admin'),
    createPerson('teacher'),
  ]);
  courseWithout = await createCourse({ teacher_id: teacherWithout.id });
  course = await createCourse({ teacher_id: teacher.id });
  otherCourse = await createCourse({ teacher_id: teacher.id });
  // createPerson does not return the password; give admin and teacher a known one (this ends their first
  // sessions), then one session each that passes the second factor. Later password sign-ins are aal1.
  for (const person of [admin, teacher, adminWithout, teacherWithout]) {
    const { error } = await service.auth.admin.updateUserById(person.id, { password: passwordOf(person) });
    if (error) throw error;
  }
  adminAal2 = await passwordOnly(admin);
  teacherAal2 = await passwordOnly(teacher);
  await enrollVerifiedTotp(adminAal2);
  await enrollVerifiedTotp(teacherAal2);
  await setTwoFactor(true);
});

afterAll(async () => {
  await setTwoFactor(false);
});

describe('two-factor required (twoFactorAuth on)', () => {
  it('the sessions are what the test means: aal2 after the code, aal1 with the password only', async () => {
    expect(await aalOf(adminAal2)).toBe('aal2');
    expect(await aalOf(teacherAal2)).toBe('aal2');
    expect(await aalOf(student.client)).toBe('aal1');
  });

  it('refuses an administrator writing from an aal1 session, and allows it at aal2', async () => {
    const aal1 = await passwordOnly(admin);
    expect(await aalOf(aal1)).toBe('aal1');
    expectTwoFactorRefusal(await aal1.from('courses').update({ description: 'aal1 edit' }).eq('id', course.id));
    expectTwoFactorRefusal(await aal1.from('courses').insert({ title: 'Sneaky', language: 'Spanish' }));
    expectTwoFactorRefusal(await aal1.from('users').update({ bio: 'aal1' }).eq('id', admin.id));

    const allowed = await adminAal2.from('courses').update({ description: 'aal2 edit' }).eq('id', course.id).select('description');
    expect(allowed.error).toBeNull();
    expect(allowed.data).toEqual([{ description: 'aal2 edit' }]);
  });

  it('refuses an administrator at aal1 inside a security definer function too', async () => {
    const aal1 = await passwordOnly(admin);
    const reply = await aal1.rpc('enroll_user_in_course', { user_uuid: student.id, course_uuid: otherCourse.id });
    expectTwoFactorRefusal(reply);
    const { data } = await service.from('enrollments').select('id').eq('user_id', student.id).eq('course_id', otherCourse.id);
    expect(data).toEqual([]);
  });

  it('lets an administrator without an authenticator read at aal1, but not write', async () => {
    const aal1 = await passwordOnly(adminWithout);
    const { data, error } = await aal1.from('courses').select('id').eq('id', course.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: course.id }]);
    expectTwoFactorRefusal(await aal1.from('courses').update({ description: 'no factor' }).eq('id', course.id));
    // One who set an authenticator up reads nothing at aal1.
    expectTwoFactorRefusal(await (await passwordOnly(admin)).from('courses').select('id').eq('id', course.id));
  });

  it("refuses a teacher's writes to their courses' classes at aal1 and allows them at aal2", async () => {
    const aal1 = await passwordOnly(teacher);
    const values = {
      course_id: course.id,
      title: 'Two-factor class',
      scheduled_date: new Date(Date.now() + 72 * 3_600_000).toISOString(),
      type: 'live',
      meeting_link: 'https://meet.example.org/2fa',
    };
    expectTwoFactorRefusal(await aal1.from('classes').insert(values));
    const saved = await teacherAal2.from('classes').insert(values).select('id');
    expect(saved.error).toBeNull();
    expect(saved.data).toHaveLength(1);

    const existing = await createClass(course.id);
    expectTwoFactorRefusal(await aal1.from('classes').delete().eq('id', existing.id));
    expectTwoFactorRefusal(await aal1.from('courses').update({ description: 'teacher aal1' }).eq('id', course.id));
  });

  it('lets a teacher without an authenticator edit their own profile at aal1 (not a table teachers manage)', async () => {
    const aal1 = await passwordOnly(teacherWithout);
    const { data, error } = await aal1.from('users').update({ bio: 'Still me' }).eq('id', teacherWithout.id).select('bio');
    expect(error).toBeNull();
    expect(data).toEqual([{ bio: 'Still me' }]);
    expectTwoFactorRefusal(await aal1.from('courses').update({ description: 'no factor' }).eq('id', courseWithout.id));
  });

  it('never affects students: they enroll and edit their profile from an aal1 session', async () => {
    expect(await aalOf(student.client)).toBe('aal1');
    const reply = await student.client.rpc('enroll_user_in_course', { user_uuid: student.id, course_uuid: course.id });
    expect(reply.error).toBeNull();
    expect((reply.data as { success: boolean }).success).toBe(true);
    const profile = await student.client.from('users').update({ bio: 'Student bio' }).eq('id', student.id).select('bio');
    expect(profile.error).toBeNull();
    expect(profile.data).toEqual([{ bio: 'Student bio' }]);
  });

  it('keeps aal2 across a token refresh, so the refreshed session may still write', async () => {
    const { data, error } = await adminAal2.auth.refreshSession();
    expect(error).toBeNull();
    expect(accessClaims(data.session?.access_token ?? '..').aal).toBe('aal2');
    const saved = await adminAal2.from('courses').update({ description: 'after refresh' }).eq('id', course.id);
    expect(saved.error).toBeNull();
  });

  it('shows the refusal as the twoFactorRequired message', async () => {
    const aal1 = await passwordOnly(admin);
    const { error } = await aal1.from('courses').update({ description: 'x' }).eq('id', course.id);
    const failure = { code: 'UPDATE_COURSE_ERROR', message: error?.message ?? '', details: { code: error?.code } };
    expect(errorMessageKey(failure)).toBe('twoFactorRequired');
  });
});

describe('two-factor not required (twoFactorAuth off)', () => {
  it('lets administrators and teachers write from aal1 sessions', async () => {
    await setTwoFactor(false);
    try {
      const adminAal1 = await passwordOnly(adminWithout);
      const saved = await adminAal1.from('courses').update({ description: 'off' }).eq('id', course.id).select('description');
      expect(saved.error).toBeNull();
      expect(saved.data).toEqual([{ description: 'off' }]);
      const teacherAal1 = await passwordOnly(teacherWithout);
      const edited = await teacherAal1
        .from('courses')
        .update({ description: 'teacher off' })
        .eq('id', courseWithout.id)
        .select('id');
      expect(edited.error).toBeNull();
      expect(edited.data).toHaveLength(1);
      // Whoever set an authenticator up still needs it for their own account.
      expectTwoFactorRefusal(await (await passwordOnly(admin)).from('courses').select('id').limit(1));
    } finally {
      await setTwoFactor(true);
    }
  });
});

describe('two_factor_required_for_me()', () => {
  it('is true for admins and teachers while twoFactorAuth is on, false for students and when off', async () => {
    const ask = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('two_factor_required_for_me');
      expect(error).toBeNull();
      return data;
    };
    expect(await ask(adminAal2)).toBe(true);
    expect(await ask(await passwordOnly(teacher))).toBe(true);
    expect(await ask(student.client)).toBe(false);
    await setTwoFactor(false);
    try {
      expect(await ask(adminAal2)).toBe(false);
    } finally {
      await setTwoFactor(true);
    }
  });

  it('refuses anonymous callers', async () => {
    const { error } = await anonClient().rpc('two_factor_required_for_me');
    expect(error).not.toBeNull();
  });
});
