import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  createClass,
  createCourse,
  createPerson,
  enroll,
  expectDenied,
  ids,
  service,
} from './fixtures';

// My Courses for teachers (teacher_courses migration): the teacher rows of `my_courses` carry the
// average progress of the course's active students; the student rows are what they were.

type Row = Record<string, unknown> & { id: string };

let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let keen: Person;
let halfway: Person;
let idle: Person;
let leaver: Person;
let taught: Row;
let unstaffed: Row;
let archived: Row;
let theirs: Row;

beforeAll(async () => {
  [teacher, otherTeacher, admin, keen, halfway, idle, leaver] = await Promise.all([
    createPerson('teacher', 'Teo'),
    createPerson('teacher', 'Otto'),
    createPerson('admin', 'Alma'),
    createPerson('student', 'Keen'),
    createPerson('student', 'Half'),
    createPerson('student', 'Idle'),
    createPerson('student', 'Leaver'),
  ]);
  [taught, unstaffed, archived, theirs] = await Promise.all([
    createCourse({ title: 'Progress: taught', teacher_id: teacher.id }),
    createCourse({ title: 'Progress: no students yet', teacher_id: teacher.id }),
    createCourse({ title: 'Progress: archived', teacher_id: teacher.id, is_active: false }),
    createCourse({ title: 'Progress: theirs', teacher_id: otherTeacher.id }),
  ]);
  // Three classes and no activity: a student's progress is the share of the classes attended.
  const classes = await Promise.all(
    [1, 2, 3].map((n) => createClass(taught.id, { title: `Lesson ${n}` })),
  );
  for (const student of [keen, halfway, idle, leaver]) await enroll(student.id, taught.id);
  await enroll(keen.id, theirs.id);

  const attended = [
    ...classes.map((c) => ({ class_id: c.id, user_id: keen.id, attended: true })),
    { class_id: classes[0]?.id, user_id: halfway.id, attended: true },
    ...classes.map((c) => ({ class_id: c.id, user_id: leaver.id, attended: true })),
  ];
  const marked = await teacher.client.from('class_attendance').insert(attended);
  expect(marked.error).toBeNull();
  // The leaver attended everything, then dropped the course: no longer one of its students.
  const dropped = await service
    .from('enrollments')
    .update({ status: 'dropped' })
    .eq('course_id', taught.id)
    .eq('user_id', leaver.id)
    .select('id');
  expect(dropped.data).toHaveLength(1);
});

async function teacherRows(person: Person) {
  const { data, error } = await person.client
    .from('my_courses')
    .select('id, relation, progress, enrollment_id, enrollment_status, enrolled_at, enrolled_count')
    .eq('relation', 'teacher')
    .order('title');
  expect(error).toBeNull();
  return data ?? [];
}

describe('my_courses for a teacher', () => {
  it('gives each own course the average progress of its active students, null without students', async () => {
    const rows = await teacherRows(teacher);
    expect(ids(rows)).toEqual([archived.id, unstaffed.id, taught.id]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Keen 3/3 = 100, Half 1/3 = 33.33, Idle 0; the dropped leaver's 100 does not count:
    // (100 + 33.33 + 0) / 3 = 44.44.
    expect(byId.get(taught.id)).toEqual({
      id: taught.id,
      relation: 'teacher',
      progress: 44.44,
      enrollment_id: null,
      enrollment_status: null,
      enrolled_at: null,
      enrolled_count: 3,
    });
    expect(byId.get(unstaffed.id)?.progress).toBeNull();
    expect(byId.get(archived.id)?.progress).toBeNull();
  });

  it("follows the students' progress as attendance changes", async () => {
    const { data: lessons } = await service
      .from('classes')
      .select('id')
      .eq('course_id', taught.id)
      .order('title');
    const marked = await teacher.client
      .from('class_attendance')
      .insert({ class_id: lessons?.[0]?.id, user_id: idle.id, attended: true });
    expect(marked.error).toBeNull();
    try {
      const row = (await teacherRows(teacher)).find((r) => r.id === taught.id);
      // Idle now 1/3 = 33.33: (100 + 33.33 + 33.33) / 3 = 55.55.
      expect(row?.progress).toBe(55.55);
    } finally {
      await service
        .from('class_attendance')
        .delete()
        .eq('user_id', idle.id)
        .eq('class_id', lessons?.[0]?.id as string);
    }
    expect((await teacherRows(teacher)).find((r) => r.id === taught.id)?.progress).toBe(44.44);
  });

  it("shows another teacher only their own course, never this teacher's figures", async () => {
    const rows = await teacherRows(otherTeacher);
    // Keen is the course's one active student, with no class to attend: 0.
    expect(rows).toEqual([expect.objectContaining({ id: theirs.id, progress: 0 })]);
    const asked = await otherTeacher.client
      .from('my_courses')
      .select('id, progress')
      .in('id', [taught.id, unstaffed.id, archived.id]);
    expect(asked.error).toBeNull();
    expect(asked.data).toEqual([]);
  });

  it('gives an administrator teacher rows only for the courses they teach themselves', async () => {
    expect(await teacherRows(admin)).toEqual([]);
    const own = await createCourse({ title: 'Progress: admin-run', teacher_id: admin.id });
    await enroll(halfway.id, own.id);
    const rows = await teacherRows(admin);
    expect(rows).toEqual([expect.objectContaining({ id: own.id, progress: 0, enrolled_count: 1 })]);
    await service.from('courses').delete().eq('id', own.id);
  });

  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().from('my_courses').select('id'));
  });
});

describe('my_courses for a student (unchanged)', () => {
  it("lists the student's own enrollments with their own progress, and no teacher rows", async () => {
    const { data, error } = await halfway.client
      .from('my_courses')
      .select('id, relation, enrollment_status, progress, class_count')
      .order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: taught.id,
        relation: 'student',
        enrollment_status: 'active',
        progress: 33.33,
        class_count: 3,
      },
    ]);
  });

  it('keeps a dropped course out, and shows each course of a student in two courses once', async () => {
    expect((await leaver.client.from('my_courses').select('id')).data).toEqual([]);
    const { data } = await keen.client
      .from('my_courses')
      .select('id, relation, progress')
      .order('title');
    expect(data).toEqual([
      { id: taught.id, relation: 'student', progress: 100 },
      { id: theirs.id, relation: 'student', progress: 0 },
    ]);
  });
});
