import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { accessClaims, enrollVerifiedTotp } from '../../local-supabase/tests/totp';
import { databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import { closeDb, createCourse, createMaterial, createPerson, enroll, ownerQuery, service, type Person } from './fixtures';

// Whoever turned two-factor sign-in on for their own account gets nothing from a session that has not
// passed the code (aal1): every REST request is refused (PostgREST's pre-request hook), stored files are
// hidden, whatever the role and the school setting. Accounts without a verified factor are unaffected.

const REFUSAL = 'Two-factor sign-in is required for this account';

function expectRefused(result: { error: PostgrestError | null }): void {
  expect(result.error, 'expected a refusal').not.toBeNull();
  expect(result.error?.code).toBe('42501');
}

const passwordOf = (person: Person) => `pw-2fa-all-${person.id}`;

async function passwordOnly(person: Person): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: person.email, password: passwordOf(person) });
  if (error) throw error;
  return client;
}

async function aalOf(client: SupabaseClient): Promise<string | undefined> {
  const { data } = await client.auth.getSession();
  return accessClaims(data.session?.access_token ?? '..').aal;
}

let withFactor: Person;
let withoutFactor: Person;
let aal2: SupabaseClient;
let aal1: SupabaseClient;
let course: { id: string };
let material: { id: string };

beforeAll(async () => {
  [withFactor, withoutFactor] = await Promise.all([createPerson('student'), createPerson('student')]);
  const { error } = await service.auth.admin.updateUserById(withFactor.id, { password: passwordOf(withFactor) });
  if (error) throw error;
  course = await createCourse();
  material = await createMaterial({ course_id: course.id });
  await enroll(withFactor.id, course.id);
  await enroll(withoutFactor.id, course.id);
  aal2 = await passwordOnly(withFactor);
  await enrollVerifiedTotp(aal2);
  aal1 = await passwordOnly(withFactor);
});

afterAll(async () => {
  await closeDb();
});

/** What a student reads of the four tables the portal shows them first. */
async function reads(client: SupabaseClient, person: Person) {
  const [users, courses, enrollments, materials] = await Promise.all([
    client.from('users').select('id').eq('id', person.id),
    client.from('courses').select('id').eq('id', course.id),
    client.from('enrollments').select('course_id').eq('user_id', person.id),
    client.from('materials').select('id').eq('id', material.id),
  ]);
  for (const result of [users, courses, enrollments, materials]) expect(result.error).toBeNull();
  return { users: users.data, courses: courses.data, enrollments: enrollments.data, materials: materials.data };
}

describe('a student who turned two-factor sign-in on', () => {
  it('the sessions are what the test means: aal2 after the code, aal1 with the password only', async () => {
    expect(await aalOf(aal2)).toBe('aal2');
    expect(await aalOf(aal1)).toBe('aal1');
    expect(await aalOf(withoutFactor.client)).toBe('aal1');
  });

  it('reads their profile, course, enrolment and material at aal2', async () => {
    expect(await reads(aal2, withFactor)).toEqual({
      users: [{ id: withFactor.id }],
      courses: [{ id: course.id }],
      enrollments: [{ course_id: course.id }],
      materials: [{ id: material.id }],
    });
  });

  it('reads nothing of users, courses, enrollments or materials at aal1: each request is refused', async () => {
    const results = await Promise.all([
      aal1.from('users').select('id').eq('id', withFactor.id),
      aal1.from('courses').select('id').eq('id', course.id),
      aal1.from('enrollments').select('course_id').eq('user_id', withFactor.id),
      aal1.from('materials').select('id').eq('id', material.id),
      aal1.from('course_catalog').select('id').limit(1),
    ]);
    for (const result of results) {
      expectRefused(result);
      expect(result.error?.message).toBe(REFUSAL);
      expect(result.data).toBeNull();
    }
  });

  it('cannot write at aal1, directly or through a security definer function', async () => {
    const profile = await aal1.from('users').update({ bio: 'aal1 bio' }).eq('id', withFactor.id).select('bio');
    expectRefused(profile);
    expect(profile.error?.message).toBe(REFUSAL);
    expectRefused(await aal1.from('users').insert({ id: withFactor.id, email: withFactor.email, role: 'student' }));

    const other = await createCourse();
    expectRefused(await aal1.rpc('enroll_user_in_course', { user_uuid: withFactor.id, course_uuid: other.id }));
    const { data: enrolled } = await service.from('enrollments').select('id').eq('user_id', withFactor.id).eq('course_id', other.id);
    expect(enrolled).toEqual([]);
    expectRefused(await aal1.rpc('unenroll_user_from_course', { user_uuid: withFactor.id, course_uuid: course.id }));

    const { data: bio } = await service.from('users').select('bio').eq('id', withFactor.id).single();
    expect(bio?.bio).not.toBe('aal1 bio');
  });

  it('gets nothing from the data RPCs at aal1, and their answers at aal2', async () => {
    const stats1 = await aal1.rpc('get_student_stats', { student_uuid: withFactor.id });
    expectRefused(stats1);
    expect(stats1.error?.message).toBe(REFUSAL);
    expectRefused(await aal1.rpc('get_app_settings'));

    const stats2 = await aal2.rpc('get_student_stats', { student_uuid: withFactor.id });
    expect(stats2.error).toBeNull();
    expect((stats2.data as { enrolled_courses: number }).enrolled_courses).toBe(1);
    const settings = await aal2.rpc('get_app_settings');
    expect(settings.error).toBeNull();
    expect(settings.data).toHaveProperty('general');
  });

  it('can write at aal2', async () => {
    const saved = await aal2.from('users').update({ bio: 'aal2 bio' }).eq('id', withFactor.id).select('bio');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ bio: 'aal2 bio' }]);
  });

  it('still answers the sign-in page between password and code (public settings, whether required)', async () => {
    expect((await aal1.rpc('get_public_settings')).error).toBeNull();
    const required = await aal1.rpc('two_factor_required_for_me');
    expect(required.error).toBeNull();
    expect(required.data).toBe(false);
  });
});

describe('a student without two-factor sign-in', () => {
  it('reads and writes from an aal1 session as before', async () => {
    expect(await reads(withoutFactor.client, withoutFactor)).toEqual({
      users: [{ id: withoutFactor.id }],
      courses: [{ id: course.id }],
      enrollments: [{ course_id: course.id }],
      materials: [{ id: material.id }],
    });
    const saved = await withoutFactor.client.from('users').update({ bio: 'no factor' }).eq('id', withoutFactor.id).select('bio');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ bio: 'no factor' }]);
    const stats = await withoutFactor.client.rpc('get_student_stats', { student_uuid: withoutFactor.id });
    expect(stats.error).toBeNull();
  });
});

describe('storage', () => {
  /** Objects of the avatars bucket the user sees, as PostgREST/storage would run it with `aal`. */
  async function visibleAvatars(userId: string, aal: string, name: string): Promise<number> {
    const client = await connect(databaseUrl());
    try {
      await client.query('begin');
      await client.query(`insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2)`, [name, userId]);
      // One of the user's live sessions, as their access token names it.
      const { rows: sessions } = await client.query<{ id: string }>(
        'select id from auth.sessions where user_id = $1 limit 1',
        [userId],
      );
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: userId, role: 'authenticated', aal, session_id: sessions[0]?.id }),
      ]);
      const { rows } = await client.query<{ count: string }>(`select count(*) from storage.objects where name = $1`, [name]);
      return Number(rows[0]?.count);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  }

  it('hides storage objects from an aal1 session of an account with a factor', async () => {
    const name = `${withFactor.id}/avatar-2fa.png`;
    expect(await visibleAvatars(withFactor.id, 'aal2', name)).toBe(1);
    expect(await visibleAvatars(withFactor.id, 'aal1', name)).toBe(0);
    expect(await visibleAvatars(withoutFactor.id, 'aal1', `${withoutFactor.id}/avatar-2fa.png`)).toBe(1);
  });
});

describe('the schema', () => {
  it('runs the check before every REST request (called by the authenticator role\'s pre-request hook)', async () => {
    const { rows } = await ownerQuery<{ setting: string }>(
      `select unnest(r.rolconfig) as setting from pg_roles r where r.rolname = 'authenticator'`,
    );
    // private.check_request (20261128004200_session_check.sql) checks the session, then this rule.
    expect(rows.map((row) => row.setting)).toContain('pgrst.db_pre_request=private.check_request');
    const { rows: hook } = await ownerQuery<{ body: string }>(
      `select prosrc as body from pg_proc where oid = 'private.check_request'::regproc`,
    );
    expect(hook[0]?.body).toContain('private.require_second_factor_request()');
  });

  it('leaves query plans alone: no policy or trigger of its own on the tables of public', async () => {
    const { rows } = await ownerQuery<{ name: string }>(
      `select tablename as name from pg_policies
        where schemaname = 'public' and (qual like '%second_factor%' or qual like '%has_verified_factor%')`,
    );
    expect(rows).toEqual([]);
  });
});
