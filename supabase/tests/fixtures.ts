import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import { serviceClient, signUpUser } from '../../local-supabase/tests/support';

// Each test file builds its own small school through the service role, so files never depend on the
// seed or on each other. People sign up through the real auth API and get their role from the service
// role, the way an administrator would promote them.

export type Role = 'student' | 'teacher' | 'admin';

export interface Person {
  id: string;
  email: string;
  role: Role;
  client: SupabaseClient;
  /** The password the person signed up with. */
  password: string;
}

export const service = serviceClient();

type Row = Record<string, unknown> & { id: string };

function must<T>(result: { data: T | null; error: PostgrestError | null }, what: string): T {
  if (result.error || result.data === null) {
    throw new Error(`${what}: ${result.error?.message ?? 'no data'}`);
  }
  return result.data;
}

export async function createPerson(role: Role, firstName: string = role): Promise<Person> {
  const { client, user, email, password } = await signUpUser(role, { first_name: firstName, last_name: 'Tester' });
  if (role !== 'student') {
    must(await service.from('users').update({ role }).eq('id', user.id).select('id').single(), `promote ${email}`);
  }
  return { id: user.id, email, role, client, password };
}

export async function createCourse(values: Record<string, unknown> = {}): Promise<Row> {
  return must(
    await service
      .from('courses')
      .insert({ title: `Course ${Math.random().toString(36).slice(2, 8)}`, language: 'Spanish', ...values })
      .select('*')
      .single(),
    'create course',
  );
}

export async function enroll(userId: string, courseId: string): Promise<string> {
  const reply = must(
    await service.rpc('enroll_user_in_course', { user_uuid: userId, course_uuid: courseId }),
    'enroll',
  ) as { success: boolean; error?: string; enrollment_id?: string };
  if (!reply.success || !reply.enrollment_id) throw new Error(`enroll: ${reply.error}`);
  return reply.enrollment_id;
}

/**
 * Dates an enrolment back `days` days: attendance and progress count a class only from the student's
 * enrolment on, so a test that sets classes in the past enrols its students before them.
 */
export async function enrolledDaysAgo(userId: string, courseId: string, days = 30): Promise<void> {
  must(
    await service
      .from('enrollments')
      .update({ enrolled_at: new Date(Date.now() - days * 24 * HOUR).toISOString() })
      .eq('user_id', userId)
      .eq('course_id', courseId)
      .select('id')
      .single(),
    'date enrolment back',
  );
}

const HOUR = 3_600_000;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

export async function createClass(courseId: string, values: Record<string, unknown> = {}): Promise<Row> {
  return must(
    await service
      .from('classes')
      .insert({
        course_id: courseId,
        title: 'Class',
        scheduled_date: hoursFromNow(48),
        type: 'live',
        meeting_link: 'https://meet.example.org/class',
        ...values,
      })
      .select('*')
      .single(),
    'create class',
  );
}

export async function createActivity(values: Record<string, unknown>): Promise<Row> {
  return must(
    await service
      .from('activities')
      .insert({ title: 'Activity', description: 'Do the work', ...values })
      .select('*')
      .single(),
    'create activity',
  );
}

export async function createMaterial(values: Record<string, unknown> = {}): Promise<Row> {
  return must(
    await service
      .from('materials')
      .insert({ title: 'Material', type: 'link', url: 'https://example.org/reading', ...values })
      .select('*')
      .single(),
    'create material',
  );
}

export async function createSubmission(values: Record<string, unknown>): Promise<Row> {
  return must(
    await service.from('activity_submissions').insert({ submission_text: 'My work', ...values }).select('*').single(),
    'create submission',
  );
}

/**
 * Two teachers with one active course each (and the first with an inactive one too), a student in
 * each course, a student enrolled nowhere, an administrator; one class, activity and material per course,
 * an inactive activity and a general material.
 */
export async function createSchool() {
  const [admin, teacher, otherTeacher, student, otherStudent, outsider] = await Promise.all([
    createPerson('admin', 'Ada'),
    createPerson('teacher', 'Tomás'),
    createPerson('teacher', 'Olga'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Oscar'),
    createPerson('student', 'Uma'),
  ]);
  const [course, otherCourse, inactiveCourse] = await Promise.all([
    createCourse({ title: 'Spanish A1', teacher_id: teacher.id, price: 100, max_students: 10 }),
    createCourse({ title: 'English B2', language: 'English', teacher_id: otherTeacher.id, price: 200 }),
    createCourse({ title: 'Archived Spanish', teacher_id: teacher.id, is_active: false }),
  ]);
  const [enrollmentId, otherEnrollmentId] = await Promise.all([
    enroll(student.id, course.id),
    enroll(otherStudent.id, otherCourse.id),
  ]);
  const [courseClass, otherClass] = await Promise.all([
    createClass(course.id, { title: 'Greetings' }),
    createClass(otherCourse.id, { title: 'Idioms' }),
  ]);
  const [activity, otherActivity, inactiveActivity, classActivity] = await Promise.all([
    createActivity({ course_id: course.id, title: 'Write a postcard', created_by: teacher.id }),
    createActivity({ course_id: otherCourse.id, title: 'Essay', created_by: otherTeacher.id }),
    createActivity({ course_id: course.id, title: 'Hidden draft', is_active: false }),
    createActivity({ class_id: courseClass.id, title: 'Greetings quiz', type: 'quiz' }),
  ]);
  const [material, otherMaterial, generalMaterial] = await Promise.all([
    createMaterial({ title: 'Verb table', course_id: course.id, uploaded_by: teacher.id }),
    createMaterial({ title: 'Phrasal verbs', course_id: otherCourse.id, uploaded_by: otherTeacher.id }),
    createMaterial({ title: 'Pronunciation guide', uploaded_by: admin.id }),
  ]);
  return {
    admin,
    teacher,
    otherTeacher,
    student,
    otherStudent,
    outsider,
    course,
    otherCourse,
    inactiveCourse,
    enrollmentId,
    otherEnrollmentId,
    courseClass,
    otherClass,
    activity,
    otherActivity,
    inactiveActivity,
    classActivity,
    material,
    otherMaterial,
    generalMaterial,
  };
}

export type School = Awaited<ReturnType<typeof createSchool>>;

/** A refusal by RLS (insert) or by a column privilege / trigger with SQLSTATE 42501. */
export function expectDenied(result: { error: PostgrestError | null }, message?: string | RegExp): void {
  expect(result.error, 'expected the request to be refused').toBeTruthy();
  expect(result.error?.code).toBe('42501');
  if (typeof message === 'string') expect(result.error?.message).toBe(message);
  else if (message) expect(result.error?.message).toMatch(message);
}

/** An update or delete that RLS filtered down to nothing (PostgREST answers with no rows, no error). */
export function expectNoRows(result: { data: unknown; error: PostgrestError | null }): void {
  expect(result.error).toBeNull();
  expect(result.data).toEqual([]);
}

export function expectRows<T>(result: { data: T[] | null; error: PostgrestError | null }, count?: number): T[] {
  expect(result.error).toBeNull();
  const rows = result.data ?? [];
  if (count !== undefined) expect(rows).toHaveLength(count);
  else expect(rows.length).toBeGreaterThan(0);
  return rows;
}

export const ids = (rows: Array<{ id?: unknown }> | null) => (rows ?? []).map((row) => row.id);

// SQL level: for storage policies (the storage HTTP API is another module) and catalog checks.

// `pg` belongs to local-supabase; its connect() keeps this folder free of a direct dependency.
type DbClient = Awaited<ReturnType<typeof connect>>;
type QueryRow = Record<string, unknown>;

let owner: Promise<DbClient> | undefined;

/** A query as the database owner (trusted: RLS does not apply). */
export async function ownerQuery<R extends QueryRow = QueryRow>(text: string, params: unknown[] = []) {
  owner ??= connect(databaseUrl());
  return (await owner).query<R>(text, params);
}

/** Call from afterAll in files that used asUser or ownerQuery. */
export async function closeDb(): Promise<void> {
  const client = owner;
  owner = undefined;
  await (await client)?.end();
}

/**
 * Runs `work` as the signed-in user `userId` the way PostgREST and the gateway do (role authenticated
 * plus JWT claims, in one transaction) and rolls back, so nothing the test writes stays. The claims name
 * the user's latest session, as a real access token does: the database honours a token only while its
 * session exists (private.session_is_current).
 */
export async function asUser<T>(userId: string, work: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await connect(databaseUrl());
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      'select id from auth.sessions where user_id = $1 order by created_at desc limit 1',
      [userId],
    );
    const session = rows[0] ? { session_id: rows[0].id } : {};
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated', ...session }),
    ]);
    return await work(client);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

/** Runs one statement inside a savepoint, answering whether Postgres allowed it (and its row count). */
export async function attempt(
  client: DbClient,
  sql: string,
  params: unknown[] = [],
): Promise<{ ok: boolean; rowCount: number; error?: string }> {
  await client.query('savepoint attempt');
  try {
    const result = await client.query(sql, params);
    await client.query('release savepoint attempt');
    return { ok: true, rowCount: result.rowCount ?? 0 };
  } catch (error) {
    await client.query('rollback to savepoint attempt');
    return { ok: false, rowCount: 0, error: (error as Error).message };
  }
}
