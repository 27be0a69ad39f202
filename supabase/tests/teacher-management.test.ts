import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { anonClient, uniqueEmail } from '../../local-supabase/tests/support';
import {
  closeDb,
  createCourse,
  createPerson,
  enroll,
  expectDenied,
  ownerQuery,
  service,
  type Person,
} from './fixtures';

// Teacher Management in the database (20261122001900_read_models_admin.sql, users.specializations and
// reassign_teacher_courses) and the admin-users
// edge function: the admin-only read models (one page of teachers with their figures, the stats),
// specializations that only administrators write, and moving a teacher's courses to another active
// teacher before a deactivation or a delete. Each test builds its own teachers, found by a tag in
// their names, so the rest of the school never changes what is expected.

const FUNCTION_URL = `${API_URL}/functions/v1/admin-users`;
const ONLY_ADMINS = 'Only administrators can manage teachers';
const ONLY_ADMINS_REASSIGN = "Only administrators can reassign a teacher's courses";
const ONLY_ADMINS_SPECIALIZE = 'Only administrators can change specializations';
const REASSIGN_TARGET = 'Courses can only be reassigned to another active teacher';

type CourseSummary = { id: string; title: string; is_active: boolean };
type TeacherRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  is_active: boolean;
  specializations: string[];
  course_count: number;
  active_course_count: number;
  courses: CourseSummary[];
  student_count: number;
  average_rating: number | null;
  review_count: number;
};
type Page = { total: number; items: TeacherRow[] };
type Stats = {
  total_teachers: number;
  active_teachers: number;
  inactive_teachers: number;
  courses_taught: number;
  unassigned_courses: number;
  active_students: number;
  average_rating: number | null;
  review_count: number;
  specializations: string[];
};

const people: string[] = [];
const courses: string[] = [];

afterAll(async () => {
  if (courses.length > 0) await service.from('courses').delete().in('id', courses);
  for (const id of people) await service.auth.admin.deleteUser(id).catch(() => undefined);
  await closeDb();
});

/** A tag no other test's names contain, so a search for it finds exactly this test's teachers. */
const newTag = () => `Tq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

async function person(role: Person['role'], firstName: string): Promise<Person> {
  const someone = await createPerson(role, firstName);
  people.push(someone.id);
  return someone;
}

async function course(values: Record<string, unknown>) {
  const row = await createCourse(values);
  courses.push(row.id);
  return row;
}

async function setProfile(id: string, values: Record<string, unknown>) {
  const { error } = await service.from('users').update(values).eq('id', id);
  if (error) throw new Error(`profile ${id}: ${error.message}`);
}

async function review(courseId: string, studentId: string, rating: number) {
  const { error } = await service
    .from('course_reviews')
    .insert({ course_id: courseId, student_id: studentId, rating });
  if (error) throw new Error(`review: ${error.message}`);
}

async function teacherOf(courseId: string): Promise<string | null> {
  const { rows } = await ownerQuery<{ teacher_id: string | null }>(
    'select teacher_id from public.courses where id = $1',
    [courseId],
  );
  return rows[0]?.teacher_id ?? null;
}

async function pageOf(client: SupabaseClient, args: Record<string, unknown>): Promise<Page> {
  const { data, error } = await client.rpc('get_teacher_management_page', args);
  expect(error).toBeNull();
  return data as Page;
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client is not signed in');
  return data.session.access_token;
}

type Answer = {
  code?: string;
  message?: string;
  details?: Record<string, unknown>;
  user?: { id: string; role: string; is_active: boolean; specializations: string[] };
  temporaryPassword?: string;
  id?: string;
  reassigned?: number;
};

async function call(client: SupabaseClient, body: unknown) {
  const response = await fetch(FUNCTION_URL, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      'content-type': 'application/json',
      authorization: `Bearer ${await tokenOf(client)}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/**
 * A small school of one tag: Ana (2 courses, one inactive; 2 active students, one who dropped;
 * reviews 4 and 5), Bruno (1 course, 1 student, no review) and Carla (deactivated, no course).
 */
async function tagSchool() {
  const tag = newTag();
  const [admin, ana, bruno, carla, sara, tom, uma] = await Promise.all([
    person('admin', `${tag}Admin`),
    person('teacher', `${tag}Ana`),
    person('teacher', `${tag}Bruno`),
    person('teacher', `${tag}Carla`),
    person('student', `${tag}Sara`),
    person('student', `${tag}Tom`),
    person('student', `${tag}Uma`),
  ]);
  await Promise.all([
    setProfile(ana.id, { specializations: ['Business Spanish', `${tag} Grammar`] }),
    setProfile(bruno.id, { specializations: [`${tag} Conversation`] }),
    setProfile(carla.id, { specializations: [`${tag} Grammar`], is_active: false }),
  ]);
  const anaOld = await course({ title: `${tag} Archived`, teacher_id: ana.id, is_active: false });
  const anaNew = await course({ title: `${tag} Spanish A1`, teacher_id: ana.id });
  const brunoCourse = await course({ title: `${tag} English B1`, teacher_id: bruno.id });
  await Promise.all([
    enroll(sara.id, anaNew.id),
    enroll(tom.id, anaNew.id),
    enroll(uma.id, anaNew.id),
  ]);
  await enroll(sara.id, brunoCourse.id);
  // Uma dropped: she counts among nobody's active students.
  await service
    .from('enrollments')
    .update({ status: 'dropped' })
    .eq('user_id', uma.id)
    .eq('course_id', anaNew.id);
  await Promise.all([review(anaNew.id, sara.id, 4), review(anaNew.id, tom.id, 5)]);
  return { tag, admin, ana, bruno, carla, sara, anaOld, anaNew, brunoCourse };
}

type TagSchool = Awaited<ReturnType<typeof tagSchool>>;
let school: TagSchool;

beforeAll(async () => {
  school = await tagSchool();
});

describe('get_teacher_management_page (administrators)', () => {
  it('lists the teachers by name with their specializations, courses, active students and rating', async () => {
    const { tag, admin, ana, bruno, carla, anaOld, anaNew } = school;
    const page = await pageOf(admin.client, { search: tag });

    expect(page.total).toBe(3);
    expect(page.items.map((row) => row.id)).toEqual([ana.id, bruno.id, carla.id]);
    const [anaRow, brunoRow, carlaRow] = page.items;
    expect(anaRow).toMatchObject({
      first_name: `${tag}Ana`,
      email: ana.email,
      is_active: true,
      specializations: ['Business Spanish', `${tag} Grammar`],
      course_count: 2,
      active_course_count: 1,
      student_count: 2,
      average_rating: 4.5,
      review_count: 2,
    });
    // Newest course first.
    expect(anaRow?.courses).toEqual([
      { id: anaNew.id, title: `${tag} Spanish A1`, is_active: true },
      { id: anaOld.id, title: `${tag} Archived`, is_active: false },
    ]);
    expect(brunoRow).toMatchObject({
      course_count: 1,
      student_count: 1,
      average_rating: null,
      review_count: 0,
    });
    expect(carlaRow).toMatchObject({
      is_active: false,
      course_count: 0,
      courses: [],
      student_count: 0,
      average_rating: null,
    });
  });

  it('searches first name, last name, the full name and email, ignoring case; % is a plain character', async () => {
    const { tag, admin, ana, bruno } = school;
    const ids = async (search: string) =>
      (await pageOf(admin.client, { search })).items.map((row) => row.id);

    expect(await ids(`${tag}ana`.toUpperCase())).toEqual([ana.id]);
    expect(await ids(ana.email.toUpperCase())).toEqual([ana.id]);
    expect(await ids(`${tag}Bruno Tester`)).toEqual([bruno.id]);
    expect(await ids(`${tag}%`)).toEqual([]);
    // Students and administrators are not teachers.
    expect(await ids(`${tag}Sara`)).toEqual([]);
    expect(await ids(`${tag}Admin`)).toEqual([]);
  });

  it('filters by one specialization and by status', async () => {
    const { tag, admin, ana, bruno, carla } = school;
    const ids = async (args: Record<string, unknown>) =>
      (await pageOf(admin.client, { search: tag, ...args })).items.map((row) => row.id);

    expect(await ids({ specialization: `${tag} Grammar` })).toEqual([ana.id, carla.id]);
    expect(await ids({ specialization: `${tag} Conversation` })).toEqual([bruno.id]);
    expect(await ids({ specialization: `${tag} Grammar`, is_active: true })).toEqual([ana.id]);
    expect(await ids({ is_active: false })).toEqual([carla.id]);
  });

  it('answers one page and the total of every match', async () => {
    const { tag, admin, ana, bruno, carla } = school;
    const first = await pageOf(admin.client, { search: tag, page_number: 1, page_size: 2 });
    const second = await pageOf(admin.client, { search: tag, page_number: 2, page_size: 2 });
    expect(first.total).toBe(3);
    expect(first.items.map((row) => row.id)).toEqual([ana.id, bruno.id]);
    expect(second.items.map((row) => row.id)).toEqual([carla.id]);
  });

  it('is refused to teachers, students and visitors', async () => {
    const { ana, sara } = school;
    for (const client of [ana.client, sara.client]) {
      expectDenied(await client.rpc('get_teacher_management_page', {}), ONLY_ADMINS);
      expectDenied(await client.rpc('get_teacher_management_stats'), ONLY_ADMINS);
    }
    const visitor = await anonClient().rpc('get_teacher_management_page', {});
    expect(visitor.error).toBeTruthy();
    expect(visitor.data).toBeNull();
  });

  it('replaces the teacher_overview view, which is gone', async () => {
    const { error } = await school.admin.client.from('teacher_overview').select('id').limit(1);
    expect(error).toBeTruthy();
  });
});

describe('get_teacher_management_stats (administrators)', () => {
  it('counts every teacher, their courses, students and reviews, and names the specializations in use', async () => {
    const { tag, admin } = school;
    // The same figures, counted here by the database owner from each definition.
    const { rows } = await ownerQuery<Record<string, string | null>>(`
      with t as (select id, is_active from public.users where role = 'teacher'),
           c as (select id from public.courses where teacher_id in (select id from t))
      select (select count(*) from t) as total,
             (select count(*) from t where is_active) as active,
             (select count(*) from t where not is_active) as inactive,
             (select count(*) from c) as courses,
             (select count(*) from public.courses where teacher_id is null) as unassigned,
             (select count(distinct user_id) from public.enrollments
               where status = 'active' and course_id in (select id from c)) as students,
             (select round(avg(rating), 2) from public.course_reviews
               where course_id in (select id from c)) as rating,
             (select count(*) from public.course_reviews where course_id in (select id from c)) as reviews`);
    const expected = rows[0]!;

    const { data, error } = await admin.client.rpc('get_teacher_management_stats');
    expect(error).toBeNull();
    const stats = data as Stats;
    expect(stats).toMatchObject({
      total_teachers: Number(expected.total),
      active_teachers: Number(expected.active),
      inactive_teachers: Number(expected.inactive),
      courses_taught: Number(expected.courses),
      unassigned_courses: Number(expected.unassigned),
      active_students: Number(expected.students),
      review_count: Number(expected.reviews),
    });
    expect(stats.average_rating).toBe(expected.rating === null ? null : Number(expected.rating));
    expect(stats.inactive_teachers).toBeGreaterThanOrEqual(1);
    // Each label once, whoever has it (Ana and Carla share the grammar one).
    const mine = stats.specializations.filter((label) => label.startsWith(tag));
    expect(mine).toEqual([`${tag} Conversation`, `${tag} Grammar`]);
    expect(stats.specializations.filter((label) => label === 'Business Spanish')).toHaveLength(1);
  });
});

describe('specializations', () => {
  it('only an administrator changes them: a teacher or student editing their own row is refused', async () => {
    const { admin, ana, sara } = school;
    expectDenied(
      await ana.client
        .from('users')
        .update({ specializations: ['Anything'] })
        .eq('id', ana.id),
      ONLY_ADMINS_SPECIALIZE,
    );
    expectDenied(
      await sara.client
        .from('users')
        .update({ specializations: ['Teaching'] })
        .eq('id', sara.id),
      ONLY_ADMINS_SPECIALIZE,
    );
    // Their own personal fields still save.
    const renamed = await ana.client
      .from('users')
      .update({ location: 'Quito' })
      .eq('id', ana.id)
      .select('location, specializations')
      .single();
    expect(renamed.error).toBeNull();
    expect(renamed.data?.specializations).toEqual(['Business Spanish', `${school.tag} Grammar`]);

    const { rows } = await ownerQuery<{ specializations: string[] }>(
      'select specializations from public.users where id = $1',
      [sara.id],
    );
    expect(rows[0]?.specializations).toEqual([]);
    void admin;
  });

  it('an administrator changes them within the limits: 10 labels of 1–40 characters, none twice', async () => {
    const teacher = await person('teacher', `${newTag()}Limits`);
    const { admin } = school;
    const save = (specializations: string[]) =>
      admin.client
        .from('users')
        .update({ specializations })
        .eq('id', teacher.id)
        .select('specializations')
        .single();

    const saved = await save(['Phonetics', 'Business English']);
    expect(saved.error).toBeNull();
    expect(saved.data?.specializations).toEqual(['Phonetics', 'Business English']);

    const tooMany = await save(Array.from({ length: 11 }, (_, index) => `Topic ${index + 1}`));
    expect(tooMany.error?.message).toContain('users_specializations_count');
    for (const wrong of [[' Padded'], [''], ['x'.repeat(41)], ['Grammar', 'grammar']]) {
      const refused = await save(wrong);
      expect(refused.error?.message, JSON.stringify(wrong)).toContain(
        'users_specializations_items',
      );
    }
    expect((await save(['x'.repeat(40)])).error).toBeNull();
  });
});

describe('reassign_teacher_courses', () => {
  async function twoTeachers() {
    const tag = newTag();
    const [from, to] = await Promise.all([
      person('teacher', `${tag}From`),
      person('teacher', `${tag}To`),
    ]);
    const [first, second] = await Promise.all([
      course({ title: `${tag} One`, teacher_id: from.id }),
      course({ title: `${tag} Two`, teacher_id: from.id, is_active: false }),
    ]);
    return { from, to, first, second };
  }

  it('moves every course of a teacher to another active teacher, for an administrator', async () => {
    const { from, to, first, second } = await twoTeachers();
    const { data, error } = await school.admin.client.rpc('reassign_teacher_courses', {
      from_teacher: from.id,
      to_teacher: to.id,
    });
    expect(error).toBeNull();
    expect(data).toBe(2);
    expect(await teacherOf(first.id)).toBe(to.id);
    expect(await teacherOf(second.id)).toBe(to.id);
  });

  it('refuses a new teacher who is inactive, not a teacher, or the same one', async () => {
    const { from, to, first } = await twoTeachers();
    const { admin, carla, sara } = school;
    for (const target of [carla.id, sara.id, admin.id, from.id, randomUUID()]) {
      const refused = await admin.client.rpc('reassign_teacher_courses', {
        from_teacher: from.id,
        to_teacher: target,
      });
      expect(refused.error?.message).toBe(REASSIGN_TARGET);
    }
    expect(await teacherOf(first.id)).toBe(from.id);
    void to;
  });

  it('is refused to teachers (even for their own courses) and students', async () => {
    const { from, to, first } = await twoTeachers();
    for (const caller of [from, to, school.sara]) {
      expectDenied(
        await caller.client.rpc('reassign_teacher_courses', {
          from_teacher: from.id,
          to_teacher: to.id,
        }),
        ONLY_ADMINS_REASSIGN,
      );
    }
    expect(await teacherOf(first.id)).toBe(from.id);
  });
});

describe('admin-users for teachers', () => {
  it('creates a teacher with specializations (trimmed, repeats dropped) and a one-time password', async () => {
    const email = uniqueEmail('new-teacher');
    const answer = await call(school.admin.client, {
      action: 'create',
      email,
      firstName: 'Nuria',
      lastName: 'Vidal',
      role: 'teacher',
      phone: '+34 600 123 456',
      location: 'Bilbao',
      bio: 'Teaches through theatre.',
      specializations: ['  Drama  in class ', 'Conversation', 'conversation', ''],
    });
    expect(answer.status).toBe(201);
    people.push(answer.body.user!.id);
    expect(answer.body.temporaryPassword).toMatch(/^.{16}$/);
    expect(answer.body.user).toMatchObject({
      role: 'teacher',
      specializations: ['Drama in class', 'Conversation'],
    });
    const page = await pageOf(school.admin.client, { search: email });
    expect(page.items[0]).toMatchObject({
      first_name: 'Nuria',
      specializations: ['Drama in class', 'Conversation'],
    });
  });

  it('refuses specializations past the limits, naming the field', async () => {
    for (const specializations of [
      Array.from({ length: 11 }, (_, index) => `Topic ${index}`),
      ['y'.repeat(41)],
      'Grammar',
    ]) {
      const answer = await call(school.admin.client, {
        action: 'create',
        email: uniqueEmail('refused-teacher'),
        firstName: 'No',
        lastName: 'Body',
        role: 'teacher',
        specializations,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'specializations' },
      });
    }
  });

  it("updates a teacher's specializations; a teacher calling the function changes nothing", async () => {
    const teacher = await person('teacher', `${newTag()}Edit`);
    const saved = await call(school.admin.client, {
      action: 'update',
      id: teacher.id,
      specializations: ['Pronunciation'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user?.specializations).toEqual(['Pronunciation']);

    const refused = await call(teacher.client, {
      action: 'update',
      id: teacher.id,
      specializations: ['Everything'],
    });
    expect(refused.status).toBe(403);
    const { rows } = await ownerQuery<{ specializations: string[] }>(
      'select specializations from public.users where id = $1',
      [teacher.id],
    );
    expect(rows[0]?.specializations).toEqual(['Pronunciation']);
  });

  it('deactivates a teacher after moving their courses to another teacher', async () => {
    const tag = newTag();
    const [leaving, staying] = await Promise.all([
      person('teacher', `${tag}Leaving`),
      person('teacher', `${tag}Staying`),
    ]);
    const taught = await course({ title: `${tag} Course`, teacher_id: leaving.id });
    const answer = await call(school.admin.client, {
      action: 'update',
      id: leaving.id,
      isActive: false,
      reassignTo: staying.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user?.is_active).toBe(false);
    expect(await teacherOf(taught.id)).toBe(staying.id);
  });

  it('deletes a teacher after moving their courses to the chosen teacher', async () => {
    const tag = newTag();
    const [leaving, staying] = await Promise.all([
      person('teacher', `${tag}Leaving`),
      person('teacher', `${tag}Staying`),
    ]);
    const [first, second] = await Promise.all([
      course({ title: `${tag} One`, teacher_id: leaving.id }),
      course({ title: `${tag} Two`, teacher_id: leaving.id }),
    ]);
    const answer = await call(school.admin.client, {
      action: 'delete',
      id: leaving.id,
      reassignTo: staying.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: leaving.id, reassigned: 2 });
    expect(await teacherOf(first.id)).toBe(staying.id);
    expect(await teacherOf(second.id)).toBe(staying.id);
    const gone = await ownerQuery('select 1 from public.users where id = $1', [leaving.id]);
    expect(gone.rowCount).toBe(0);
    // The new teacher's row now shows them.
    const page = await pageOf(school.admin.client, { search: `${tag}Staying` });
    expect(page.items[0]?.courses.map((row) => row.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
  });

  it("deletes a teacher without moving the courses: they keep no teacher ('Unknown')", async () => {
    const tag = newTag();
    const leaving = await person('teacher', `${tag}Leaving`);
    const taught = await course({ title: `${tag} Orphan`, teacher_id: leaving.id });
    const answer = await call(school.admin.client, { action: 'delete', id: leaving.id });
    expect(answer).toEqual({ status: 200, body: { id: leaving.id } });
    expect(await teacherOf(taught.id)).toBeNull();
    const { data } = await school.admin.client
      .from('course_catalog')
      .select('teacher_name')
      .eq('id', taught.id)
      .single();
    expect(data?.teacher_name).toBeNull();
  });

  it('refuses a delete whose new teacher is inactive, and keeps the teacher and the courses', async () => {
    const tag = newTag();
    const leaving = await person('teacher', `${tag}Leaving`);
    const taught = await course({ title: `${tag} Kept`, teacher_id: leaving.id });
    const answer = await call(school.admin.client, {
      action: 'delete',
      id: leaving.id,
      reassignTo: school.carla.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'REASSIGN_TARGET_INVALID',
      message: REASSIGN_TARGET,
      details: { field: 'reassignTo' },
    });
    expect(await teacherOf(taught.id)).toBe(leaving.id);
    const kept = await ownerQuery('select 1 from public.users where id = $1', [leaving.id]);
    expect(kept.rowCount).toBe(1);
  });

  it('a teacher calling delete with reassignTo is refused and nothing moves', async () => {
    const tag = newTag();
    const [victim, intruder] = await Promise.all([
      person('teacher', `${tag}Victim`),
      person('teacher', `${tag}Intruder`),
    ]);
    const taught = await course({ title: `${tag} Mine`, teacher_id: victim.id });
    const answer = await call(intruder.client, {
      action: 'delete',
      id: victim.id,
      reassignTo: intruder.id,
    });
    expect(answer.status).toBe(403);
    expect(await teacherOf(taught.id)).toBe(victim.id);
  });

  it("removes the deleted teacher's avatar from storage", async () => {
    const teacher = await person('teacher', `${newTag()}Photo`);
    const picture = new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
      type: 'image/png',
    });
    const uploaded = await teacher.client.storage
      .from('avatars')
      .upload(`${teacher.id}/avatar.png`, picture, { contentType: 'image/png', upsert: true });
    expect(uploaded.error).toBeNull();
    const objects = async () =>
      (
        await ownerQuery(
          `select name from storage.objects where bucket_id = 'avatars' and name like $1`,
          [`${teacher.id}/%`],
        )
      ).rowCount;
    expect(await objects()).toBe(1);

    const answer = await call(school.admin.client, { action: 'delete', id: teacher.id });
    expect(answer.status).toBe(200);
    expect(await objects()).toBe(0);
  });
});
