import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  closeDb,
  createActivity,
  createCourse,
  createPerson,
  createSubmission,
  enroll,
  service,
} from './fixtures';

// Rubrics (20261201008200_rubrics.sql): a library teachers and admins share, copied onto an activity,
// graded by choosing levels (the grade is their sum), fixed once used. Every rule tried as the wrong role.

const level = (id: string, points: number) => ({ id, title: `Level ${id}`, points });
const SPEAKING = [
  {
    id: 'pron',
    title: 'Pronunciation',
    description: 'Sounds and stress',
    levels: [level('pron-1', 2), level('pron-2', 6), level('pron-3', 10)],
  },
  { id: 'flu', title: 'Fluency', levels: [level('flu-1', 4), level('flu-2', 10)] },
];

let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let student: Person;
let classmate: Person;
let activityId: string;
let submissionId: string;
let classmateSubmissionId: string;
let rubricId: string;

beforeAll(async () => {
  [teacher, otherTeacher, admin, student, classmate] = await Promise.all([
    createPerson('teacher', 'Gabriela'),
    createPerson('teacher', 'Otro'),
    createPerson('admin', 'Ada'),
    createPerson('student', 'Ana'),
    createPerson('student', 'Bruno'),
  ]);
  const course = await createCourse({ teacher_id: teacher.id });
  await Promise.all([enroll(student.id, course.id), enroll(classmate.id, course.id)]);
  activityId = (
    await createActivity({ course_id: course.id, max_points: 20, skills: ['speaking'] })
  ).id;
  submissionId = (await createSubmission({ activity_id: activityId, student_id: student.id })).id;
  classmateSubmissionId = (
    await createSubmission({ activity_id: activityId, student_id: classmate.id })
  ).id;
});

afterAll(closeDb);

describe('the rubric library', () => {
  it('takes a teacher’s rubric, which every teacher and admin reads and no student does', async () => {
    const { data, error } = await teacher.client
      .from('rubrics')
      .insert({ owner_id: teacher.id, title: 'Speaking', criteria: SPEAKING })
      .select('id')
      .single();
    expect(error).toBeNull();
    rubricId = data!.id;
    for (const reader of [teacher, otherTeacher, admin]) {
      expect(
        (await reader.client.from('rubrics').select('id').eq('id', rubricId)).data,
      ).toHaveLength(1);
    }
    expect((await student.client.from('rubrics').select('id').eq('id', rubricId)).data).toEqual([]);
  });

  it('is changed or deleted by the owner or an admin only', async () => {
    expect(
      (
        await otherTeacher.client
          .from('rubrics')
          .update({ title: 'Mine now' })
          .eq('id', rubricId)
          .select('id')
      ).data,
    ).toEqual([]);
    expect(
      (await otherTeacher.client.from('rubrics').delete().eq('id', rubricId).select('id')).data,
    ).toEqual([]);
    expect(
      (
        await student.client
          .from('rubrics')
          .update({ title: 'Mine now' })
          .eq('id', rubricId)
          .select('id')
      ).data,
    ).toEqual([]);
    expect(
      (
        await admin.client
          .from('rubrics')
          .update({ title: 'Speaking (B1)' })
          .eq('id', rubricId)
          .select('title')
      ).data,
    ).toEqual([{ title: 'Speaking (B1)' }]);
  });

  it('refuses a rubric in someone else’s name, or from a student', async () => {
    const forged = await otherTeacher.client
      .from('rubrics')
      .insert({ owner_id: teacher.id, title: 'Forged', criteria: SPEAKING });
    expect(forged.error?.code).toBe('42501');
    const fromStudent = await student.client
      .from('rubrics')
      .insert({ owner_id: student.id, title: 'Mine', criteria: SPEAKING });
    expect(fromStudent.error?.code).toBe('42501');
  });

  it('refuses criteria that are not 1–12 criteria of 2–6 levels with unique ids and points of two decimals', async () => {
    const many = Array.from({ length: 13 }, (_, i) => ({
      id: `c${i}`,
      title: `C${i}`,
      levels: [level(`c${i}-a`, 0), level(`c${i}-b`, 1)],
    }));
    const bad = [
      [],
      many,
      [{ id: 'a', title: 'One level', levels: [level('a-1', 1)] }],
      [{ id: 'a', title: 'Same ids', levels: [level('a', 1), level('a-2', 2)] }],
      [{ id: 'a', title: 'Negative', levels: [level('a-1', -1), level('a-2', 2)] }],
      [{ id: 'a', title: 'Fractions', levels: [level('a-1', 1.005), level('a-2', 2)] }],
      [{ id: 'a', title: ' ', levels: [level('a-1', 1), level('a-2', 2)] }],
    ];
    for (const criteria of bad) {
      const { error } = await teacher.client
        .from('rubrics')
        .insert({ owner_id: teacher.id, title: 'Bad', criteria });
      expect(error?.code, JSON.stringify(criteria).slice(0, 80)).toBe('23514');
    }
  });
});

describe('an activity’s rubric', () => {
  it('is a copy whose best total must fit the activity’s points', async () => {
    const tooMuch = [
      ...SPEAKING,
      { id: 'gram', title: 'Grammar', levels: [level('g-1', 0), level('g-2', 5)] },
    ];
    const refused = await teacher.client
      .from('activities')
      .update({ rubric: { title: 'Speaking', criteria: tooMuch } })
      .eq('id', activityId);
    expect(refused.error?.code).toBe('23514');

    const attached = await teacher.client
      .from('activities')
      .update({ rubric: { title: 'Speaking', criteria: SPEAKING }, rubric_id: rubricId })
      .eq('id', activityId)
      .select('rubric');
    expect(attached.error).toBeNull();
    // Editing the library afterwards does not reach the copy.
    await teacher.client.from('rubrics').update({ title: 'Renamed' }).eq('id', rubricId);
    const { data } = await student.client
      .from('activities')
      .select('rubric')
      .eq('id', activityId)
      .single();
    expect(data!.rubric).toEqual({ title: 'Speaking', criteria: SPEAKING });
  });

  it('cannot be set on another teacher’s activity', async () => {
    const { data } = await otherTeacher.client
      .from('activities')
      .update({ rubric: { title: 'Mine', criteria: SPEAKING } })
      .eq('id', activityId)
      .select('id');
    expect(data).toEqual([]);
  });
});

describe('grading with a rubric', () => {
  it('makes the grade the sum of the chosen levels, stamped as the teacher’s', async () => {
    const { data, error } = await teacher.client
      .from('activity_submissions')
      .update({ rubric_scores: { pron: 'pron-2', flu: 'flu-2' }, feedback: 'Good rhythm' })
      .eq('id', submissionId)
      .select('grade, status, graded_by, rubric_scores')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ grade: 16, status: 'graded', graded_by: teacher.id });
    // The student reads the filled rubric with the grade.
    const mine = await student.client
      .from('activity_submissions')
      .select('grade, rubric_scores')
      .eq('id', submissionId)
      .single();
    expect(mine.data).toEqual({ grade: 16, rubric_scores: { pron: 'pron-2', flu: 'flu-2' } });
  });

  it('needs one known level of every criterion and nothing else', async () => {
    for (const scores of [
      { pron: 'pron-1' },
      { pron: 'pron-1', flu: 'nope' },
      { pron: 'flu-1', flu: 'flu-2' },
      { pron: 'pron-1', flu: 'flu-1', extra: 'pron-2' },
    ]) {
      const { error } = await teacher.client
        .from('activity_submissions')
        .update({ rubric_scores: scores })
        .eq('id', classmateSubmissionId);
      expect(error?.code, JSON.stringify(scores)).toBe('23514');
    }
  });

  it('is refused to the student, a classmate and another teacher', async () => {
    const own = await student.client
      .from('activity_submissions')
      .update({ rubric_scores: { pron: 'pron-3', flu: 'flu-2' } })
      .eq('id', submissionId);
    expect(own.error).not.toBeNull();
    const classmates = await classmate.client
      .from('activity_submissions')
      .update({ rubric_scores: { pron: 'pron-3', flu: 'flu-2' } })
      .eq('id', classmateSubmissionId);
    expect(classmates.error?.code).toBe('42501');
    const other = await otherTeacher.client
      .from('activity_submissions')
      .update({ rubric_scores: { pron: 'pron-3', flu: 'flu-2' } })
      .eq('id', classmateSubmissionId)
      .select('id');
    expect(other.data ?? []).toEqual([]);
    const { data } = await service
      .from('activity_submissions')
      .select('id, grade, rubric_scores')
      .in('id', [submissionId, classmateSubmissionId])
      .order('grade');
    expect(data).toEqual(
      expect.arrayContaining([
        { id: submissionId, grade: 16, rubric_scores: { pron: 'pron-2', flu: 'flu-2' } },
        { id: classmateSubmissionId, grade: null, rubric_scores: null },
      ]),
    );
  });

  it('refuses a typed grade while levels are chosen; cleared levels give the grade back to the grader', async () => {
    const typed = await teacher.client
      .from('activity_submissions')
      .update({ grade: 19 })
      .eq('id', submissionId);
    expect(typed.error?.code).toBe('23514');
    const cleared = await teacher.client
      .from('activity_submissions')
      .update({ rubric_scores: null, grade: 19 })
      .eq('id', submissionId)
      .select('grade')
      .single();
    expect(cleared.data).toEqual({ grade: 19 });
    const again = await teacher.client
      .from('activity_submissions')
      .update({ rubric_scores: { pron: 'pron-1', flu: 'flu-1' } })
      .eq('id', submissionId)
      .select('grade')
      .single();
    expect(again.data).toEqual({ grade: 6 });
  });

  it('fixes the activity’s rubric and its points once used', async () => {
    const changed = await teacher.client
      .from('activities')
      .update({ rubric: { title: 'Speaking', criteria: SPEAKING.slice(0, 1) } })
      .eq('id', activityId);
    expect(changed.error?.code).toBe('23514');
    const fewer = await teacher.client
      .from('activities')
      .update({ max_points: 15 })
      .eq('id', activityId);
    expect(fewer.error?.code).toBe('23514');
    const more = await teacher.client
      .from('activities')
      .update({ max_points: 25 })
      .eq('id', activityId)
      .select('max_points');
    expect(more.data).toEqual([{ max_points: 25 }]);
  });

  it('keeps the activity’s copy when the library rubric is deleted', async () => {
    expect(
      (await teacher.client.from('rubrics').delete().eq('id', rubricId).select('id')).data,
    ).toHaveLength(1);
    const { data } = await service
      .from('activities')
      .select('rubric, rubric_id')
      .eq('id', activityId)
      .single();
    expect(data).toEqual({ rubric: { title: 'Speaking', criteria: SPEAKING }, rubric_id: null });
  });
});
