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
  ownerQuery,
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

// 20261201008701 runs after the spoken-work read models (20261201008600_spoken_work_read_models.sql) and
// re-creates the same views and function: it must keep their columns, in their places, before its own.
describe('with the spoken-work read models', () => {
  async function columnsOf(view: string): Promise<string[]> {
    const { rows } = await ownerQuery<{ name: string }>(
      `select a.attname as name from pg_attribute a
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [`public.${view}`],
    );
    return rows.map((row) => row.name);
  }

  it('keeps the spoken-work columns in their places, with the rubric columns after them', async () => {
    const activityColumns = await columnsOf('activity_list');
    expect(activityColumns.slice(activityColumns.indexOf('my_submitted_at'))).toEqual([
      'my_submitted_at',
      'recording_limit_seconds',
      'my_feedback_audio',
      'skills',
      'cefr_level',
      'rubric',
      'rubric_id',
      'my_rubric_scores',
    ]);
    const submissionColumns = await columnsOf('submission_list');
    expect(submissionColumns.slice(submissionColumns.indexOf('file_names'))).toEqual([
      'file_names',
      'feedback_audio',
      'rubric_scores',
    ]);
  });

  it('carries a grade by rubric levels with recorded feedback to the student, the grader and the management read', async () => {
    const course = await createCourse({ teacher_id: teacher.id, cefr_level: 'A2' });
    await enroll(student.id, course.id);
    const spoken = await createActivity({
      course_id: course.id,
      max_points: 10,
      skills: ['speaking'],
      rubric: RUBRIC,
      recording_limit_seconds: 120,
    });
    const submission = await createSubmission({ activity_id: spoken.id, student_id: student.id });
    const feedbackAudio = `${spoken.id}/${submission.id}/feedback.webm`;
    // What the grading dialog sends: the levels and the recorded feedback in one update.
    const graded = await teacher.client
      .from('activity_submissions')
      .update({ rubric_scores: { flu: 'flu-1' }, feedback_audio: feedbackAudio })
      .eq('id', submission.id)
      .select('grade, feedback_audio')
      .single();
    expect(graded.error).toBeNull();
    expect(Number(graded.data!.grade)).toBe(2);
    expect(graded.data!.feedback_audio).toBe(feedbackAudio);

    const own = await student.client
      .from('activity_list')
      .select('recording_limit_seconds, my_feedback_audio, skills, cefr_level, my_rubric_scores')
      .eq('id', spoken.id)
      .single();
    expect(own.data).toEqual({
      recording_limit_seconds: 120,
      my_feedback_audio: feedbackAudio,
      skills: ['speaking'],
      cefr_level: 'A2',
      my_rubric_scores: { flu: 'flu-1' },
    });

    const grading = await teacher.client
      .from('submission_list')
      .select('feedback_audio, rubric_scores')
      .eq('id', submission.id)
      .single();
    expect(grading.data).toEqual({
      feedback_audio: feedbackAudio,
      rubric_scores: { flu: 'flu-1' },
    });

    const managed = await teacher.client.rpc('get_activity_management', { course_uuid: course.id });
    const rows = (managed.data as { activities: Record<string, unknown>[] }).activities;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: spoken.id,
      recording_limit_seconds: 120,
      skills: ['speaking'],
      cefr_level: 'A2',
      rubric: RUBRIC,
      rubric_id: null,
    });
  });
});
