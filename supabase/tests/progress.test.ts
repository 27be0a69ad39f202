import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  createActivity,
  createClass,
  createCourse,
  createPerson,
  createSubmission,
  enroll,
  enrolledDaysAgo,
  hoursFromNow,
  service,
} from './fixtures';

// Formula (progress migration): 50 × attended/classes + 50 × graded/active activities, or the one share
// that exists at full weight, or 0.

let teacher: Person;
let admin: Person;

beforeAll(async () => {
  [teacher, admin] = await Promise.all([createPerson('teacher', 'Paula'), createPerson('admin', 'Pablo')]);
});

async function progressOf(enrollmentId: string): Promise<number> {
  const { data } = await service.from('enrollments').select('progress').eq('id', enrollmentId).single();
  return data?.progress as number;
}

async function mark(classId: string, userId: string, attended: boolean) {
  const { error } = await teacher.client
    .from('class_attendance')
    .upsert({ class_id: classId, user_id: userId, attended }, { onConflict: 'class_id,user_id' });
  if (error) throw error;
}

describe('enrollment progress', () => {
  it('is 0 for a course with neither classes nor activities', async () => {
    const learner = await createPerson('student', 'Zero');
    const course = await createCourse({ teacher_id: teacher.id });
    expect(await progressOf(await enroll(learner.id, course.id))).toBe(0);
  });

  it('weighs attendance and graded work half each, and follows every change', async () => {
    const learner = await createPerson('student', 'Half');
    const course = await createCourse({ teacher_id: teacher.id });
    const enrollmentId = await enroll(learner.id, course.id);
    const [first, second] = await Promise.all([createClass(course.id), createClass(course.id)]);
    const [essay, quiz] = await Promise.all([
      createActivity({ course_id: course.id }),
      createActivity({ class_id: first.id, type: 'quiz' }),
    ]);
    expect(await progressOf(enrollmentId)).toBe(0);

    await mark(first.id, learner.id, true);
    expect(await progressOf(enrollmentId)).toBe(25);

    const work = await createSubmission({ activity_id: essay.id, student_id: learner.id });
    expect(await progressOf(enrollmentId)).toBe(25);
    await teacher.client.from('activity_submissions').update({ grade: 90 }).eq('id', work.id);
    expect(await progressOf(enrollmentId)).toBe(50);

    await mark(second.id, learner.id, true);
    await createSubmission({ activity_id: quiz.id, student_id: learner.id, grade: 5 });
    expect(await progressOf(enrollmentId)).toBe(100);

    // A third class widens the attendance share: 50 × 2/3 + 50.
    const third = await createClass(course.id);
    expect(await progressOf(enrollmentId)).toBe(83.33);

    // Marked absent again, then the class is gone.
    await mark(second.id, learner.id, false);
    expect(await progressOf(enrollmentId)).toBe(66.67);
    await service.from('classes').delete().eq('id', third.id);
    expect(await progressOf(enrollmentId)).toBe(75);

    // An inactive activity no longer counts (graded 1 of 1 active = 50, attended 1 of 2 = 25).
    await service.from('activities').update({ is_active: false }).eq('id', quiz.id);
    expect(await progressOf(enrollmentId)).toBe(75);
    await service.from('activities').update({ is_active: false }).eq('id', essay.id);
    expect(await progressOf(enrollmentId)).toBe(50);
  });

  it('counts the only share there is at full weight', async () => {
    const learner = await createPerson('student', 'Solo');
    const classesOnly = await createCourse({ teacher_id: teacher.id });
    const activitiesOnly = await createCourse({ teacher_id: teacher.id });
    const [inClasses, inActivities] = await Promise.all([enroll(learner.id, classesOnly.id), enroll(learner.id, activitiesOnly.id)]);
    const [lesson] = await Promise.all([createClass(classesOnly.id), createClass(classesOnly.id)]);
    await mark(lesson.id, learner.id, true);
    expect(await progressOf(inClasses)).toBe(50);

    const tasks = await Promise.all([1, 2, 3, 4].map(() => createActivity({ course_id: activitiesOnly.id })));
    await createSubmission({ activity_id: tasks[0]?.id, student_id: learner.id, grade: 10 });
    expect(await progressOf(inActivities)).toBe(25);
  });
});

describe('get_student_stats', () => {
  let learner: Person;

  beforeAll(async () => {
    learner = await createPerson('student', 'Stats');
    const [current, finished, left] = await Promise.all([
      createCourse({ teacher_id: teacher.id }),
      createCourse(),
      createCourse(),
    ]);
    await Promise.all([enroll(learner.id, current.id), enroll(learner.id, finished.id), enroll(learner.id, left.id)]);
    await enrolledDaysAgo(learner.id, current.id);
    const [ninety, thirty] = await Promise.all([
      createClass(current.id, { duration: 90, scheduled_date: hoursFromNow(-48) }),
      createClass(current.id, { duration: 30, scheduled_date: hoursFromNow(-24) }),
    ]);
    await mark(ninety.id, learner.id, true);
    await mark(thirty.id, learner.id, true);
    await admin.client.from('enrollments').update({ status: 'completed' }).eq('course_id', finished.id).eq('user_id', learner.id);
    await learner.client.rpc('unenroll_user_from_course', { user_uuid: learner.id, course_uuid: left.id });
  });

  it("returns the student's figures to the student", async () => {
    const { data, error } = await learner.client.rpc('get_student_stats', { student_uuid: learner.id });
    expect(error).toBeNull();
    // Progress: 100 in the current course (both classes attended, no activities), 0 in the finished one.
    expect(data).toEqual({ enrolled_courses: 1, completed_courses: 1, total_study_hours: 2, average_progress: 50 });
  });

  it("is open to the student's teachers and admins", async () => {
    expect((await teacher.client.rpc('get_student_stats', { student_uuid: learner.id })).data).toMatchObject({
      enrolled_courses: 1,
    });
    expect((await admin.client.rpc('get_student_stats', { student_uuid: learner.id })).data).toMatchObject({
      completed_courses: 1,
    });
  });

  it('is refused to an unrelated student and to a teacher who does not teach them', async () => {
    const [stranger, otherTeacher] = await Promise.all([createPerson('student', 'Nosy'), createPerson('teacher', 'Nosy')]);
    for (const caller of [stranger, otherTeacher]) {
      const { data, error } = await caller.client.rpc('get_student_stats', { student_uuid: learner.id });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
      expect(error?.message).toBe("You are not allowed to view this student's statistics");
    }
  });
});
