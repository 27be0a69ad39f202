import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  closeDb,
  createActivity,
  createClass,
  createCourse,
  createMaterial,
  createPerson,
  createSubmission,
  enroll,
  ownerQuery,
} from './fixtures';

// Skills and CEFR levels (20261201008100_skills_levels.sql): activities carry the skills they train,
// materials one of five, courses an optional CEFR level their new activities and materials take, and
// get_skill_progress reads a student's graded work per skill, overall and per week.

type Progress = {
  skills: Array<{ skill: string; graded: number; average_percent: number }>;
  weeks: Array<{ week: string; skill: string; graded: number; average_percent: number }>;
} | null;

let teacher: Person;
let otherTeacher: Person;
let stranger: Person;
let admin: Person;
let student: Person;
let classmate: Person;
let courseId: string;

async function progress(reader: Person, of: Person = student): Promise<Progress> {
  const { data, error } = await reader.client.rpc('get_skill_progress', { student_uuid: of.id });
  if (error) throw error;
  return data as Progress;
}

beforeAll(async () => {
  [teacher, otherTeacher, stranger, admin, student, classmate] = await Promise.all([
    createPerson('teacher', 'Gabriela'),
    createPerson('teacher', 'Otro'),
    createPerson('teacher', 'Nadie'),
    createPerson('admin', 'Ada'),
    createPerson('student', 'Ana'),
    createPerson('student', 'Bruno'),
  ]);
  const course = await createCourse({ teacher_id: teacher.id, cefr_level: 'B1' });
  courseId = course.id;
  const otherCourse = await createCourse({ teacher_id: otherTeacher.id });
  await Promise.all([
    enroll(student.id, courseId),
    enroll(classmate.id, courseId),
    enroll(student.id, otherCourse.id),
  ]);

  // Two speaking tasks in two weeks (one also grammar), one with no skill, one in the other course.
  const talk = await createActivity({
    course_id: courseId,
    skills: ['speaking', 'grammar'],
    max_points: 10,
  });
  const story = await createActivity({ course_id: courseId, skills: ['speaking'], max_points: 20 });
  const plain = await createActivity({ course_id: courseId, max_points: 10 });
  const essay = await createActivity({
    course_id: otherCourse.id,
    skills: ['writing'],
    max_points: 100,
  });
  await createSubmission({
    activity_id: talk.id,
    student_id: student.id,
    grade: 8,
    graded_at: '2026-11-04T12:00:00Z',
  });
  await createSubmission({
    activity_id: story.id,
    student_id: student.id,
    grade: 12,
    graded_at: '2026-11-11T12:00:00Z',
  });
  await createSubmission({
    activity_id: plain.id,
    student_id: student.id,
    grade: 1,
    graded_at: '2026-11-11T12:00:00Z',
  });
  await createSubmission({
    activity_id: essay.id,
    student_id: student.id,
    grade: 50,
    graded_at: '2026-11-12T12:00:00Z',
  });
  // Handed in, not graded: does not count.
  await createSubmission({ activity_id: talk.id, student_id: classmate.id });
});

afterAll(closeDb);

describe('skills', () => {
  it('are any set of the five on an activity, and one of the five on a material', async () => {
    const activity = await createActivity({
      course_id: courseId,
      skills: ['writing', 'listening'],
    });
    expect(activity.skills).toEqual(['writing', 'listening']);
    expect((await createMaterial({ course_id: courseId, skill: 'speaking' })).skill).toBe(
      'speaking',
    );

    for (const skills of [['cooking'], ['reading', 'reading'], [null]]) {
      const { error } = await teacher.client
        .from('activities')
        .insert({ title: 'Bad', description: 'x', course_id: courseId, skills });
      expect(error?.code, JSON.stringify(skills)).toBe('23514');
    }
    const { error } = await teacher.client
      .from('materials')
      .insert({
        title: 'Bad',
        type: 'link',
        url: 'https://example.org',
        course_id: courseId,
        skill: 'cooking',
      });
    expect(error?.code).toBe('23514');
  });
});

describe('CEFR levels', () => {
  it('are taken from the course by its new activities (of the course or a class) and materials', async () => {
    const klass = await createClass(courseId);
    expect((await createActivity({ course_id: courseId })).cefr_level).toBe('B1');
    expect((await createActivity({ class_id: klass.id })).cefr_level).toBe('B1');
    expect((await createActivity({ course_id: courseId, cefr_level: 'A2' })).cefr_level).toBe('A2');
    expect((await createMaterial({ course_id: courseId })).cefr_level).toBe('B1');
    expect((await createMaterial({})).cefr_level).toBeNull();
  });

  it('are A1 to C2 only', async () => {
    const { error } = await teacher.client
      .from('courses')
      .update({ cefr_level: 'D1' })
      .eq('id', courseId);
    expect(error?.code).toBe('23514');
    const ok = await teacher.client
      .from('courses')
      .update({ cefr_level: 'C1' })
      .eq('id', courseId)
      .select('cefr_level');
    expect(ok.data).toEqual([{ cefr_level: 'C1' }]);
    await teacher.client.from('courses').update({ cefr_level: 'B1' }).eq('id', courseId);
  });
});

describe('progress per skill', () => {
  it('gives the student their graded work per skill, overall and per week', async () => {
    const mine = await progress(student);
    expect(mine!.skills).toEqual([
      { skill: 'grammar', graded: 1, average_percent: 80 },
      { skill: 'speaking', graded: 2, average_percent: 70 },
      { skill: 'writing', graded: 1, average_percent: 50 },
    ]);
    // Weeks start on Monday: 4 November 2026 is a Wednesday, 11 and 12 November the next week's.
    expect(mine!.weeks).toEqual([
      { week: '2026-11-02', skill: 'grammar', graded: 1, average_percent: 80 },
      { week: '2026-11-02', skill: 'speaking', graded: 1, average_percent: 80 },
      { week: '2026-11-09', skill: 'speaking', graded: 1, average_percent: 60 },
      { week: '2026-11-09', skill: 'writing', graded: 1, average_percent: 50 },
    ]);
  });

  it('gives each teacher the work of their own courses only, and an admin all of it', async () => {
    expect((await progress(teacher))!.skills.map((s) => s.skill)).toEqual(['grammar', 'speaking']);
    expect((await progress(otherTeacher))!.skills.map((s) => s.skill)).toEqual(['writing']);
    expect((await progress(admin))!.skills.map((s) => s.skill)).toEqual([
      'grammar',
      'speaking',
      'writing',
    ]);
  });

  it('gives nothing to a classmate, a teacher of none of the student’s courses or a visitor', async () => {
    expect(await progress(classmate)).toBeNull();
    expect(await progress(stranger)).toBeNull();
    const { error } = await anonClient().rpc('get_skill_progress', { student_uuid: student.id });
    expect(error).not.toBeNull();
    // An admin asking about a teacher gets nothing either: progress is a student's.
    expect(await progress(admin, teacher)).toBeNull();
  });

  it('counts work only once it is graded', async () => {
    expect((await progress(teacher, classmate))!.skills).toEqual([]);
    const { rows } = await ownerQuery<{ n: string }>(
      'select count(*) as n from public.activity_submissions where student_id = $1',
      [classmate.id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
