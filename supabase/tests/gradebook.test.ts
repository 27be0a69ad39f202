import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  closeDb,
  createActivity,
  createClass,
  createCourse,
  createPerson,
  createSubmission,
  enroll,
  hoursFromNow,
  service,
} from './fixtures';

// get_course_gradebook and courses.grade_weights (20261201008000_gradebook.sql): one read of a course's
// students × activities with states, late flags and weighted totals; the course's teacher and admins see
// every student, a student only their own row, anyone else nothing.

type Gradebook = {
  course: { id: string; grade_weights: Record<string, number> };
  activities: Array<{ id: string; type: string; max_points: number }>;
  students: Array<{
    id: string;
    enrollment_status: string;
    earned: number;
    possible: number;
    total: number | null;
    /** One grade (or null) per activity. */
    grades: Array<number | null>;
    /** One letter per activity: g graded, s submitted, m missing, o open; a capital when late. */
    marks: string;
  }>;
} | null;

let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let first: Person;
let second: Person;
let dropped: Person;
let outsider: Person;
let courseId: string;
let activityIds: string[];

async function gradebook(person: Person | null, course = courseId): Promise<Gradebook> {
  const client = person ? person.client : anonClient();
  const { data, error } = await client.rpc('get_course_gradebook', { course_uuid: course });
  if (error) throw error;
  return data as Gradebook;
}

async function setWeights(weights: unknown, by: Person = teacher) {
  return by.client
    .from('courses')
    .update({ grade_weights: weights })
    .eq('id', courseId)
    .select('id');
}

beforeAll(async () => {
  [teacher, otherTeacher, admin, first, second, dropped, outsider] = await Promise.all([
    createPerson('teacher', 'Gabriela'),
    createPerson('teacher', 'Otro'),
    createPerson('admin', 'Ada'),
    createPerson('student', 'Ana'),
    createPerson('student', 'Bruno'),
    createPerson('student', 'Ciro'),
    createPerson('student', 'Dora'),
  ]);
  const course = await createCourse({ teacher_id: teacher.id, title: 'Gradebook course' });
  courseId = course.id;
  const otherCourse = await createCourse({ teacher_id: otherTeacher.id });
  const klass = await createClass(courseId);
  await Promise.all([first, second, dropped].map((p) => enroll(p.id, courseId)));
  await service
    .from('enrollments')
    .update({ status: 'dropped' })
    .eq('user_id', dropped.id)
    .eq('course_id', courseId);

  // In due-date order: two past (late work allowed), one in two days, one undated on a class.
  const quiz = await createActivity({
    course_id: courseId,
    type: 'quiz',
    title: 'Quiz',
    max_points: 10,
    due_date: hoursFromNow(-48),
    allow_late_submission: true,
  });
  const homework = await createActivity({
    course_id: courseId,
    type: 'homework',
    title: 'Homework',
    max_points: 20,
    due_date: hoursFromNow(-24),
    allow_late_submission: true,
  });
  const essay = await createActivity({
    course_id: courseId,
    type: 'assignment',
    title: 'Essay',
    max_points: 50,
    due_date: hoursFromNow(48),
  });
  const classQuiz = await createActivity({
    class_id: klass.id,
    type: 'quiz',
    title: 'Class quiz',
    max_points: 10,
  });
  // Neither counts: an inactive activity of the course and another course's activity.
  await createActivity({
    course_id: courseId,
    type: 'quiz',
    title: 'Hidden',
    max_points: 10,
    is_active: false,
    due_date: hoursFromNow(-72),
  });
  await createActivity({
    course_id: otherCourse.id,
    type: 'quiz',
    title: 'Elsewhere',
    max_points: 10,
    due_date: hoursFromNow(-72),
  });
  activityIds = [quiz.id, homework.id, essay.id, classQuiz.id];

  await createSubmission({
    activity_id: quiz.id,
    student_id: first.id,
    grade: 8,
    status: 'graded',
  });
  await createSubmission({
    activity_id: homework.id,
    student_id: first.id,
    grade: 15,
    status: 'graded',
  });
  await createSubmission({ activity_id: essay.id, student_id: first.id });
});

afterAll(closeDb);

describe('the gradebook for the course’s teacher', () => {
  it('has every active student × every active activity of the course and its classes, in due-date order', async () => {
    const book = await gradebook(teacher);
    expect(book!.activities.map((a) => a.id)).toEqual(activityIds);
    expect(book!.students.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
    const ana = book!.students.find((s) => s.id === first.id)!;
    expect(ana.grades).toEqual([8, 15, null, null]);
    // Both graded pieces came in after their due dates; the essay waits for a grade; the class quiz
    // is not due.
    expect(ana.marks).toBe('GGso');
    const bruno = book!.students.find((s) => s.id === second.id)!;
    expect(bruno.grades).toEqual([null, null, null, null]);
    expect(bruno.marks).toBe('mmoo');
  });

  it('totals graded and missing work by points when the course sets no weights', async () => {
    expect((await setWeights({})).error).toBeNull();
    const book = await gradebook(teacher);
    const ana = book!.students.find((s) => s.id === first.id)!;
    // (8 + 15) / (10 + 20): the essay waits for a grade and the class quiz is not due.
    expect(ana).toMatchObject({ earned: 23, possible: 30, total: 76.7 });
    expect(book!.students.find((s) => s.id === second.id)).toMatchObject({
      earned: 0,
      possible: 30,
      total: 0,
    });
  });

  it('weights each type’s share by the course’s weights, leaving out types weighted 0', async () => {
    expect((await setWeights({ quiz: 75, homework: 25 })).data).toHaveLength(1);
    let ana = (await gradebook(teacher))!.students.find((s) => s.id === first.id)!;
    // 75 × 8/10 + 25 × 15/20 = 78.75 of 100.
    expect(ana.total).toBe(78.8);

    expect((await setWeights({ quiz: 0, homework: 10, assignment: 90 })).data).toHaveLength(1);
    ana = (await gradebook(teacher))!.students.find((s) => s.id === first.id)!;
    // Only homework has counted work among the weighted types.
    expect(ana.total).toBe(75);
    expect((await setWeights({})).error).toBeNull();
  });
});

describe('weights', () => {
  it('refuse unknown types and anything but whole numbers from 0 to 100', async () => {
    for (const weights of [
      { exam: 10 },
      { quiz: 101 },
      { quiz: -1 },
      { quiz: 2.5 },
      { quiz: '10' },
      [10],
    ]) {
      const { error } = await setWeights(weights);
      expect(error?.code, JSON.stringify(weights)).toBe('23514');
    }
  });

  it('are set by the course’s teacher or an admin, never by another teacher or a student', async () => {
    await service.from('courses').update({ grade_weights: {} }).eq('id', courseId);
    expect((await setWeights({ quiz: 10 }, otherTeacher)).data).toEqual([]);
    expect((await setWeights({ quiz: 10 }, first)).data ?? []).toEqual([]);
    const { data } = await service
      .from('courses')
      .select('grade_weights')
      .eq('id', courseId)
      .single();
    expect(data!.grade_weights).toEqual({});
    expect((await setWeights({ quiz: 10 }, admin)).data).toHaveLength(1);
    expect((await setWeights({}, admin)).data).toHaveLength(1);
  });
});

describe('who reads the gradebook', () => {
  it('gives an admin every student', async () => {
    expect((await gradebook(admin))!.students).toHaveLength(2);
  });

  it('gives a student of the course their own row only', async () => {
    const book = await gradebook(first);
    expect(book!.students.map((s) => s.id)).toEqual([first.id]);
    expect(book!.students[0]).toMatchObject({ grades: [8, 15, null, null], marks: 'GGso' });
    expect((await gradebook(second))!.students.map((s) => s.id)).toEqual([second.id]);
  });

  it('gives nothing to a dropped student, a student of no course, another teacher or a visitor', async () => {
    expect(await gradebook(dropped)).toBeNull();
    expect(await gradebook(outsider)).toBeNull();
    expect(await gradebook(otherTeacher)).toBeNull();
    const { error } = await anonClient().rpc('get_course_gradebook', { course_uuid: courseId });
    expect(error).not.toBeNull();
  });
});
