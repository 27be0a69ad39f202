import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { createCourse, createPerson, createSchool, enroll, expectDenied, service, type Person, type School } from './fixtures';

// enroll_students_in_course(course, emails): an administrator enrols a list of students in one call.
// All or nothing: either every row is enrolled, or nobody is and each row says why it would not be.

type Row = { email: string; user_id: string | null; status: string };
type Reply = { success: boolean; enrolled: number; seats_left: number; error?: string; rows: Row[] };

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

async function activeEmails(courseId: string): Promise<string[]> {
  const { data } = await service
    .from('enrollments')
    .select('users!inner(email)')
    .eq('course_id', courseId)
    .eq('status', 'active');
  return ((data ?? []) as unknown as Array<{ users: { email: string } }>).map((row) => row.users.email).sort();
}

async function enrolledCount(courseId: string): Promise<number> {
  const { data } = await service.from('courses').select('enrolled_count').eq('id', courseId).single();
  return data?.enrolled_count as number;
}

async function bulk(person: Person, courseId: string, emails: string[]) {
  return person.client.rpc('enroll_students_in_course', { course_uuid: courseId, emails });
}

describe('who may enrol in bulk', () => {
  it('a teacher, a student and an anonymous caller are refused (42501), and nobody is enrolled', async () => {
    const { teacher, student, outsider, course } = school;
    const before = await activeEmails(course.id);
    for (const person of [teacher, student]) {
      expectDenied(await bulk(person, course.id, [outsider.email]));
    }
    // A student cannot use it even for themselves (self-enrolment is enroll_user_in_course).
    expectDenied(await bulk(outsider, course.id, [outsider.email]));
    const anonymous = await anonClient().rpc('enroll_students_in_course', {
      course_uuid: course.id,
      emails: [outsider.email],
    });
    expect(anonymous.error).toBeTruthy();
    expect(await activeEmails(course.id)).toEqual(before);
  });
});

describe('an administrator enrols a list', () => {
  it('enrols every row in one call, matching emails whatever their case and spaces', async () => {
    const { admin, teacher } = school;
    const course = await createCourse({ teacher_id: teacher.id, max_students: 5 });
    const [ana, ben] = await Promise.all([createPerson('student', 'Ana'), createPerson('student', 'Ben')]);
    const { data, error } = await bulk(admin, course.id, [`  ${ana.email.toUpperCase()} `, ben.email]);
    expect(error).toBeNull();
    const reply = data as Reply;
    expect(reply.success).toBe(true);
    expect(reply.enrolled).toBe(2);
    expect(reply.rows.map((row) => [row.user_id, row.status])).toEqual([
      [ana.id, 'enrolled'],
      [ben.id, 'enrolled'],
    ]);
    expect(await activeEmails(course.id)).toEqual([ana.email, ben.email].sort());
    expect(await enrolledCount(course.id)).toBe(2);
  });

  it('re-activates a dropped enrolment', async () => {
    const { admin, teacher } = school;
    const course = await createCourse({ teacher_id: teacher.id });
    const dropped = await createPerson('student', 'Dora');
    await enroll(dropped.id, course.id);
    await service.from('enrollments').update({ status: 'dropped' }).eq('course_id', course.id);
    const reply = (await bulk(admin, course.id, [dropped.email])).data as Reply;
    expect(reply.success).toBe(true);
    expect(await activeEmails(course.id)).toEqual([dropped.email]);
  });

  it('enrols nobody when a row is refused, and says why for each row', async () => {
    const { admin, teacher } = school;
    const course = await createCourse({ teacher_id: teacher.id, max_students: 10 });
    const [fine, already, completed, inactive] = await Promise.all([
      createPerson('student', 'Fina'),
      createPerson('student', 'Al'),
      createPerson('student', 'Cleo'),
      createPerson('student', 'Ines'),
    ]);
    await enroll(already.id, course.id);
    await enroll(completed.id, course.id);
    await service.from('enrollments').update({ status: 'completed' }).eq('user_id', completed.id);
    await service.from('users').update({ is_active: false }).eq('id', inactive.id);

    const { data, error } = await bulk(admin, course.id, [
      fine.email,
      already.email,
      completed.email,
      'nobody-at-all@example.com',
      teacher.email,
      inactive.email,
      fine.email.toUpperCase(),
      'not an email',
    ]);
    expect(error).toBeNull();
    const reply = data as Reply;
    expect(reply.success).toBe(false);
    expect(reply.enrolled).toBe(0);
    expect(reply.rows.map((row) => row.status)).toEqual([
      'ready',
      'already_enrolled',
      'already_completed',
      'unknown_email',
      'not_student',
      'inactive',
      'duplicate',
      'invalid_email',
    ]);
    expect(await activeEmails(course.id)).toEqual([already.email]);
  });

  it('never fills a course beyond its places: the rows past the last seat say full, nobody is enrolled', async () => {
    const { admin, teacher } = school;
    const course = await createCourse({ teacher_id: teacher.id, max_students: 3 });
    const [first, ...others] = await Promise.all(
      ['Pia', 'Quim', 'Rut', 'Sol'].map((name) => createPerson('student', name)),
    );
    await enroll(first!.id, course.id);
    const reply = (await bulk(admin, course.id, others.map((person) => person.email))).data as Reply;
    expect(reply.success).toBe(false);
    expect(reply.seats_left).toBe(2);
    expect(reply.rows.map((row) => row.status)).toEqual(['ready', 'ready', 'course_full']);
    expect(await enrolledCount(course.id)).toBe(1);
  });

  it('two lists racing for the last seats: the course never holds more than its places', async () => {
    const { admin, teacher } = school;
    const course = await createCourse({ teacher_id: teacher.id, max_students: 2 });
    const emails = (
      await Promise.all(['Uli', 'Vera', 'Wim', 'Xia'].map((name) => createPerson('student', name)))
    ).map((person) => person.email);
    const replies = await Promise.all([
      bulk(admin, course.id, emails.slice(0, 2)),
      bulk(admin, course.id, emails.slice(2)),
    ]);
    const successes = replies.filter((reply) => (reply.data as Reply | null)?.success).length;
    expect(successes).toBe(1);
    expect(await enrolledCount(course.id)).toBe(2);
    expect((await activeEmails(course.id)).length).toBe(2);
  });

  it('refuses a closed or unknown course, and a list that is empty or too long, with a clear code', async () => {
    const { admin, inactiveCourse, outsider } = school;
    const closed = (await bulk(admin, inactiveCourse.id, [outsider.email])).data as Reply;
    expect(closed).toMatchObject({ success: false, error: 'course_closed', enrolled: 0 });
    const unknown = (await bulk(admin, '00000000-0000-4000-8000-000000000000', [outsider.email])).data as Reply;
    expect(unknown).toMatchObject({ success: false, error: 'course_not_found' });
    const empty = await bulk(admin, inactiveCourse.id, []);
    expect(empty.error?.code).toBe('22023');
    const tooMany = await bulk(
      admin,
      inactiveCourse.id,
      Array.from({ length: 1001 }, (_, index) => `student${index}@example.com`),
    );
    expect(tooMany.error?.code).toBe('22023');
  });
});
