import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signUpUser } from '../../local-supabase/tests/support';
import {
  type School,
  createCourse,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  expectNoRows,
  expectRows,
  ids,
  service,
} from './fixtures';

type Reply = { success: boolean; error?: string; enrollment_id?: string };

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

async function enrolledCount(courseId: string): Promise<number> {
  const { data } = await service.from('courses').select('enrolled_count').eq('id', courseId).single();
  return data?.enrolled_count as number;
}

async function activeEnrollments(courseId: string): Promise<number> {
  const { count } = await service
    .from('enrollments')
    .select('id', { count: 'exact', head: true })
    .eq('course_id', courseId)
    .eq('status', 'active');
  return count ?? -1;
}

describe('reading enrollments', () => {
  it('a student sees only their own', async () => {
    const { student, enrollmentId, otherEnrollmentId } = school;
    const { data } = await student.client.from('enrollments').select('id').in('id', [enrollmentId, otherEnrollmentId]);
    expect(ids(data)).toEqual([enrollmentId]);
  });

  it("a teacher sees their courses' enrollments and nothing of another teacher's", async () => {
    const { teacher, otherTeacher, course, otherCourse, enrollmentId, otherEnrollmentId } = school;
    const mine = await teacher.client.from('enrollments').select('id').in('course_id', [course.id, otherCourse.id]);
    expect(ids(mine.data)).toEqual([enrollmentId]);
    const theirs = await otherTeacher.client.from('enrollments').select('id').eq('course_id', course.id);
    expect(theirs.data).toEqual([]);
    expect(ids((await otherTeacher.client.from('enrollments').select('id').eq('id', otherEnrollmentId)).data)).toEqual([
      otherEnrollmentId,
    ]);
  });

  it('an admin sees all; anonymous callers nothing', async () => {
    const { admin, enrollmentId, otherEnrollmentId } = school;
    expectRows(await admin.client.from('enrollments').select('id').in('id', [enrollmentId, otherEnrollmentId]), 2);
    expectDenied(await anonClient().from('enrollments').select('id'));
  });
});

describe('writing enrollments directly', () => {
  it('nobody inserts through the API: enrolling goes through enroll_user_in_course', async () => {
    const { student, admin, teacher, outsider, course } = school;
    for (const person of [student, teacher, admin]) {
      expectDenied(await person.client.from('enrollments').insert({ course_id: course.id, user_id: outsider.id }));
    }
    expectDenied(await outsider.client.from('enrollments').insert({ course_id: course.id, user_id: outsider.id }));
  });

  it('nobody deletes through the API, admins included (unenrolling keeps the row)', async () => {
    const { student, admin, enrollmentId } = school;
    expectDenied(await student.client.from('enrollments').delete().eq('id', enrollmentId));
    expectDenied(await admin.client.from('enrollments').delete().eq('id', enrollmentId));
  });

  it('a student drops their own enrollment, freeing the seat, but cannot re-activate it', async () => {
    const { teacher } = school;
    const learner = await createPerson('student', 'Dropper');
    const course = await createCourse({ teacher_id: teacher.id });
    const enrollmentId = await enroll(learner.id, course.id);
    expect(await enrolledCount(course.id)).toBe(1);

    const dropped = await learner.client.from('enrollments').update({ status: 'dropped' }).eq('id', enrollmentId).select('status');
    expect(dropped.data).toEqual([{ status: 'dropped' }]);
    expect(await enrolledCount(course.id)).toBe(0);

    expectNoRows(await learner.client.from('enrollments').update({ status: 'active' }).eq('id', enrollmentId).select('id'));
  });

  it("a student cannot mark themselves completed, touch progress, or touch anybody else's enrollment", async () => {
    const { student, otherStudent, enrollmentId, otherEnrollmentId } = school;
    const completed = await student.client.from('enrollments').update({ status: 'completed' }).eq('id', enrollmentId);
    expectDenied(completed);
    expectDenied(await student.client.from('enrollments').update({ progress: 100 }).eq('id', enrollmentId));
    expectNoRows(
      await student.client.from('enrollments').update({ status: 'dropped' }).eq('id', otherEnrollmentId).select('id'),
    );
    const { data } = await otherStudent.client.from('enrollments').select('status').eq('id', otherEnrollmentId).single();
    expect(data).toEqual({ status: 'active' });
  });

  it("a teacher cannot change their students' enrollments", async () => {
    const { teacher, enrollmentId } = school;
    expectNoRows(await teacher.client.from('enrollments').update({ status: 'completed' }).eq('id', enrollmentId).select('id'));
  });

  it('an admin changes any status and enrolled_count follows', async () => {
    const { admin } = school;
    const learner = await createPerson('student', 'Finisher');
    const course = await createCourse();
    const enrollmentId = await enroll(learner.id, course.id);
    expect(await enrolledCount(course.id)).toBe(1);

    const completed = await admin.client.from('enrollments').update({ status: 'completed' }).eq('id', enrollmentId).select('status');
    expect(completed.data).toEqual([{ status: 'completed' }]);
    expect(await enrolledCount(course.id)).toBe(0);

    await admin.client.from('enrollments').update({ status: 'active' }).eq('id', enrollmentId);
    expect(await enrolledCount(course.id)).toBe(1);
  });

  it('an admin cannot re-activate an enrollment into a full course', async () => {
    const { admin } = school;
    const [first, second] = await Promise.all([createPerson('student', 'First'), createPerson('student', 'Second')]);
    const course = await createCourse({ max_students: 1 });
    const firstEnrollment = await enroll(first.id, course.id);
    await admin.client.from('enrollments').update({ status: 'dropped' }).eq('id', firstEnrollment);
    await enroll(second.id, course.id);

    const { error } = await admin.client.from('enrollments').update({ status: 'active' }).eq('id', firstEnrollment);
    expect(error?.message).toBe('This course is full');
    expect(await enrolledCount(course.id)).toBe(1);
  });
});

describe('enroll_user_in_course', () => {
  it('enrols the caller and counts the seat', async () => {
    const { client, user } = await signUpUser('self-enrol');
    const course = await createCourse();
    const { data, error } = await client.rpc('enroll_user_in_course', { user_uuid: user.id, course_uuid: course.id });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, enrollment_id: expect.any(String) });
    expect(await enrolledCount(course.id)).toBe(1);
    const own = await client.from('enrollments').select('id, status, progress').eq('course_id', course.id).single();
    expect(own.data).toEqual({ id: (data as Reply).enrollment_id, status: 'active', progress: 0 });
  });

  it('refuses enrolling someone else', async () => {
    const { student, outsider, course } = school;
    const { data } = await student.client.rpc('enroll_user_in_course', { user_uuid: outsider.id, course_uuid: course.id });
    expect(data).toEqual({ success: false, error: 'You can only enroll yourself in a course' });
    expect((await service.from('enrollments').select('id').eq('user_id', outsider.id)).data).toEqual([]);
  });

  it('refuses an inactive course', async () => {
    const { outsider, inactiveCourse } = school;
    const { data } = await outsider.client.rpc('enroll_user_in_course', {
      user_uuid: outsider.id,
      course_uuid: inactiveCourse.id,
    });
    expect(data).toEqual({ success: false, error: 'This course is not open for enrollment' });
  });

  it('refuses a full course', async () => {
    const [first, second] = await Promise.all([createPerson('student', 'Early'), createPerson('student', 'Late')]);
    const course = await createCourse({ max_students: 1 });
    await enroll(first.id, course.id);
    const { data } = await second.client.rpc('enroll_user_in_course', { user_uuid: second.id, course_uuid: course.id });
    expect(data).toEqual({ success: false, error: 'This course is full' });
    expect(await enrolledCount(course.id)).toBe(1);
  });

  it('refuses a duplicate and keeps a single row', async () => {
    const { student, course } = school;
    const { data } = await student.client.rpc('enroll_user_in_course', { user_uuid: student.id, course_uuid: course.id });
    expect(data).toEqual({ success: false, error: 'You are already enrolled in this course' });
    const rows = await service.from('enrollments').select('id').eq('course_id', course.id).eq('user_id', student.id);
    expect(rows.data).toHaveLength(1);
  });

  it('refuses unknown courses, teachers and admins as students, and anonymous callers', async () => {
    const { outsider, teacher, admin, course } = school;
    const missing = await outsider.client.rpc('enroll_user_in_course', {
      user_uuid: outsider.id,
      course_uuid: '00000000-0000-4000-8000-00000000dead',
    });
    expect(missing.data).toEqual({ success: false, error: 'Course not found' });
    const asTeacher = await teacher.client.rpc('enroll_user_in_course', { user_uuid: teacher.id, course_uuid: course.id });
    expect(asTeacher.data).toEqual({ success: false, error: 'Only active students can enroll in courses' });
    const adminEnrolsTeacher = await admin.client.rpc('enroll_user_in_course', { user_uuid: teacher.id, course_uuid: course.id });
    expect(adminEnrolsTeacher.data).toEqual({ success: false, error: 'Only active students can enroll in courses' });
    const anonymous = await anonClient().rpc('enroll_user_in_course', { user_uuid: outsider.id, course_uuid: course.id });
    expect(anonymous.error?.code).toBe('42501');
  });

  it('lets an admin enrol any student (course management "add student")', async () => {
    const { admin } = school;
    const learner = await createPerson('student', 'Added');
    const course = await createCourse();
    const { data } = await admin.client.rpc('enroll_user_in_course', { user_uuid: learner.id, course_uuid: course.id });
    expect((data as Reply).success).toBe(true);
    const again = await admin.client.rpc('enroll_user_in_course', { user_uuid: learner.id, course_uuid: course.id });
    expect(again.data).toEqual({ success: false, error: 'This student is already enrolled in this course' });
  });

  it('gives exactly one of 50 concurrent callers the last seat', async () => {
    const course = await createCourse({ max_students: 3 });
    const [early1, early2] = await Promise.all([createPerson('student', 'Seat1'), createPerson('student', 'Seat2')]);
    await enroll(early1.id, course.id);
    await enroll(early2.id, course.id);

    const racers = [];
    for (let batch = 0; batch < 5; batch += 1) {
      racers.push(...(await Promise.all(Array.from({ length: 10 }, () => signUpUser('racer')))));
    }
    const replies = await Promise.all(
      racers.map(async ({ client, user }) => {
        const { data, error } = await client.rpc('enroll_user_in_course', { user_uuid: user.id, course_uuid: course.id });
        if (error) throw error;
        return data as Reply;
      }),
    );

    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    const refusals = replies.filter((reply) => !reply.success).map((reply) => reply.error);
    expect(refusals).toHaveLength(49);
    expect(new Set(refusals)).toEqual(new Set(['This course is full']));
    expect(await enrolledCount(course.id)).toBe(3);
    expect(await activeEnrollments(course.id)).toBe(3);
  }, 60_000);
});

describe('unenroll_user_from_course', () => {
  it('keeps the row as dropped, frees the seat, and a new enrollment re-activates the same row', async () => {
    const learner = await createPerson('student', 'Leaver');
    const course = await createCourse({ max_students: 1 });
    const enrollmentId = await enroll(learner.id, course.id);

    const { data } = await learner.client.rpc('unenroll_user_from_course', { user_uuid: learner.id, course_uuid: course.id });
    expect(data).toEqual({ success: true, enrollment_id: enrollmentId });
    const row = await learner.client.from('enrollments').select('id, status').eq('course_id', course.id);
    expect(row.data).toEqual([{ id: enrollmentId, status: 'dropped' }]);
    expect(await enrolledCount(course.id)).toBe(0);

    const again = await learner.client.rpc('unenroll_user_from_course', { user_uuid: learner.id, course_uuid: course.id });
    expect(again.data).toEqual({ success: false, error: 'You are not enrolled in this course' });

    const back = await learner.client.rpc('enroll_user_in_course', { user_uuid: learner.id, course_uuid: course.id });
    expect(back.data).toEqual({ success: true, enrollment_id: enrollmentId });
    expect(await enrolledCount(course.id)).toBe(1);
  });

  it('refuses unenrolling someone else, except for admins', async () => {
    const { student, otherStudent, otherCourse, admin } = school;
    const refused = await student.client.rpc('unenroll_user_from_course', {
      user_uuid: otherStudent.id,
      course_uuid: otherCourse.id,
    });
    expect(refused.data).toEqual({ success: false, error: 'You can only unenroll yourself from a course' });

    const learner = await createPerson('student', 'Removed');
    const course = await createCourse();
    await enroll(learner.id, course.id);
    const removed = await admin.client.rpc('unenroll_user_from_course', { user_uuid: learner.id, course_uuid: course.id });
    expect((removed.data as Reply).success).toBe(true);
    expect(await enrolledCount(course.id)).toBe(0);
  });
});

describe("teachers reading their students' profiles", () => {
  it('a teacher sees students actively enrolled in their courses, not other students', async () => {
    const { teacher, student, otherStudent, outsider } = school;
    const { data } = await teacher.client.from('users').select('id').in('id', [student.id, otherStudent.id, outsider.id]);
    expect(ids(data)).toEqual([student.id]);
  });

  it('a dropped student is no longer visible', async () => {
    const { teacher } = school;
    const learner = await createPerson('student', 'Gone');
    const course = await createCourse({ teacher_id: teacher.id });
    await enroll(learner.id, course.id);
    expectRows(await teacher.client.from('users').select('id').eq('id', learner.id), 1);
    await learner.client.rpc('unenroll_user_from_course', { user_uuid: learner.id, course_uuid: course.id });
    expectRows(await teacher.client.from('users').select('id').eq('id', learner.id), 0);
  });
});
