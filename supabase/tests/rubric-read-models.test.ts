import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  closeDb,
  createActivity,
  createCourse,
  createMaterial,
  createPerson,
  createSubmission,
  enroll,
} from './fixtures';

// The read models of issue 32's screens (20261201008701_rubric_read_models.sql): the activity lists, the
// grading panel, the materials library and My Courses carry skills, CEFR level, rubric and chosen levels,
// each to whom row-level security already shows the row, and a student's own levels only.

const RUBRIC = {
  title: 'Speaking',
  criteria: [
    {
      id: 'flu',
      title: 'Fluency',
      levels: [
        { id: 'flu-1', title: 'Hesitant', points: 2 },
        { id: 'flu-2', title: 'Fluent', points: 8.5 },
      ],
    },
  ],
};

let teacher: Person;
let otherTeacher: Person;
let student: Person;
let classmate: Person;
let courseId: string;
let activityId: string;

beforeAll(async () => {
  [teacher, otherTeacher, student, classmate] = await Promise.all([
    createPerson('teacher', 'Gabriela'),
    createPerson('teacher', 'Otro'),
    createPerson('student', 'Ana'),
    createPerson('student', 'Bruno'),
  ]);
  courseId = (await createCourse({ teacher_id: teacher.id, cefr_level: 'B1' })).id;
  await Promise.all([enroll(student.id, courseId), enroll(classmate.id, courseId)]);
  activityId = (
    await createActivity({
      course_id: courseId,
      max_points: 10,
      skills: ['speaking', 'grammar'],
      rubric: RUBRIC,
    })
  ).id;
  const [mine] = await Promise.all([
    createSubmission({ activity_id: activityId, student_id: student.id }),
    createSubmission({ activity_id: activityId, student_id: classmate.id }),
  ]);
  const graded = await teacher.client
    .from('activity_submissions')
    .update({ rubric_scores: { flu: 'flu-2' }, feedback: 'Clear' })
    .eq('id', mine.id)
    .select('grade')
    .single();
  expect(graded.error).toBeNull();
  expect(Number(graded.data!.grade)).toBe(8.5);
});

afterAll(closeDb);

describe('activity_list', () => {
  it('gives the student the activity’s rubric, skills, level and their own chosen levels', async () => {
    const { data, error } = await student.client
      .from('activity_list')
      .select('skills, cefr_level, rubric, rubric_id, my_rubric_scores, my_grade')
      .eq('id', activityId)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      skills: ['speaking', 'grammar'],
      cefr_level: 'B1',
      rubric: RUBRIC,
      rubric_id: null,
      my_rubric_scores: { flu: 'flu-2' },
    });
    expect(Number(data!.my_grade)).toBe(8.5);
  });

  it('never shows a classmate another student’s levels', async () => {
    const { data } = await classmate.client
      .from('activity_list')
      .select('my_rubric_scores, my_grade')
      .eq('id', activityId)
      .single();
    expect(data).toEqual({ my_rubric_scores: null, my_grade: null });
  });

  it('is in the management screen’s one read, for the course’s teacher and nobody else', async () => {
    const mine = await teacher.client.rpc('get_activity_management', { course_uuid: courseId });
    const row = (mine.data as { activities: Record<string, unknown>[] }).activities[0];
    expect(row).toMatchObject({
      id: activityId,
      skills: ['speaking', 'grammar'],
      cefr_level: 'B1',
      rubric: RUBRIC,
    });
    const other = await otherTeacher.client.rpc('get_activity_management', {
      course_uuid: courseId,
    });
    expect((other.data as { activities: unknown[] }).activities).toEqual([]);
  });
});

describe('submission_list', () => {
  it('gives the grader the chosen levels, and a student only their own submission', async () => {
    const graded = await teacher.client
      .from('submission_list')
      .select('student_id, rubric_scores')
      .eq('activity_id', activityId);
    expect(graded.data).toHaveLength(2);
    expect(graded.data!.find((row) => row.student_id === student.id)?.rubric_scores).toEqual({
      flu: 'flu-2',
    });
    const own = await classmate.client
      .from('submission_list')
      .select('student_id, rubric_scores')
      .eq('activity_id', activityId);
    expect(own.data).toEqual([{ student_id: classmate.id, rubric_scores: null }]);
    const other = await otherTeacher.client
      .from('submission_list')
      .select('id')
      .eq('activity_id', activityId);
    expect(other.data).toEqual([]);
  });
});

describe('material_list and my_courses', () => {
  it('carry the CEFR level (a material takes its course’s unless given one)', async () => {
    const material = await createMaterial({ course_id: courseId, skill: 'speaking' });
    const { data } = await student.client
      .from('material_list')
      .select('skill, cefr_level')
      .eq('id', material.id)
      .single();
    expect(data).toEqual({ skill: 'speaking', cefr_level: 'B1' });
    const course = await teacher.client
      .from('my_courses')
      .select('cefr_level')
      .eq('id', courseId)
      .eq('relation', 'teacher')
      .single();
    expect(course.data).toEqual({ cefr_level: 'B1' });
  });
});
