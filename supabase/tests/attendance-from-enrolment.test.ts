import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  asUser,
  closeDb,
  createClass,
  createCourse,
  createPerson,
  enroll,
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';

// A class counts for a student only from their enrolment on (enrolled_at <= the class's start), and a
// class's roster is the students enrolled (active or completed) when it took place. Issue 29 item 1:
// a student enrolled today read "1 of 13 classes" and a past class's rate dropped when someone joined.

let teacher: Person;
let early: Person; // enrolled before every class, present at both held classes
let middle: Person; // enrolled between the two held classes, present at the second
let late: Person; // enrolled today, after both held classes
let course: { id: string };
let first: { id: string };
let second: { id: string };

const daysAgo = (days: number) => hoursFromNow(-24 * days);

async function setEnrolledAt(userId: string, at: string) {
  await ownerQuery(
    `update public.enrollments set enrolled_at = $3 where user_id = $1 and course_id = $2`,
    [userId, course.id, at],
  );
}

async function markPresent(classId: string, userId: string) {
  await ownerQuery(
    `insert into public.class_attendance (class_id, user_id, attended) values ($1, $2, true)`,
    [classId, userId],
  );
}

beforeAll(async () => {
  [teacher, early, middle, late] = await Promise.all([
    createPerson('teacher'),
    createPerson('student', 'Early'),
    createPerson('student', 'Middle'),
    createPerson('student', 'Late'),
  ]);
  course = await createCourse({ teacher_id: teacher.id });
  first = await createClass(course.id, {
    title: 'Ten days ago',
    scheduled_date: daysAgo(10),
    duration: 60,
  });
  second = await createClass(course.id, {
    title: 'Three days ago',
    scheduled_date: daysAgo(3),
    duration: 60,
  });
  await createClass(course.id, {
    title: 'Next week',
    scheduled_date: hoursFromNow(24 * 7),
    duration: 60,
  });

  await enroll(early.id, course.id);
  await enroll(middle.id, course.id);
  await setEnrolledAt(early.id, daysAgo(20));
  await setEnrolledAt(middle.id, daysAgo(5));
  await markPresent(first.id, early.id);
  await markPresent(second.id, early.id);
  await markPresent(second.id, middle.id);
  // The later joiner arrives after both classes were marked.
  await enroll(late.id, course.id);
});

afterAll(async () => {
  await closeDb();
});

type StudentFigures = {
  student_id: string;
  held_classes: number;
  attended_held_classes: number;
  attendance_rate: number | null;
  total_classes: number;
};

async function myStudents(): Promise<StudentFigures[]> {
  const { data, error } = await teacher.client.rpc('get_my_students', { course_uuid: course.id });
  expect(error).toBeNull();
  return (data as { students: StudentFigures[] }).students;
}

describe('attendance counts only from enrolment on', () => {
  it("a student's held classes and rate start at their enrolment", async () => {
    const byId = new Map((await myStudents()).map((s) => [s.student_id, s]));
    expect(byId.get(early.id)).toMatchObject({
      held_classes: 2,
      attended_held_classes: 2,
      attendance_rate: 100,
    });
    expect(byId.get(middle.id)).toMatchObject({
      held_classes: 1,
      attended_held_classes: 1,
      attendance_rate: 100,
    });
    // Enrolled today: nothing held yet for them, only the class still to come.
    expect(byId.get(late.id)).toMatchObject({
      held_classes: 0,
      attended_held_classes: 0,
      attendance_rate: null,
    });
    expect(byId.get(late.id)?.total_classes).toBe(1);
  });

  it('the my_students view agrees', async () => {
    const rows = await asUser(teacher.id, async (client) => {
      const { rows } = await client.query<{
        student_id: string;
        held_classes: number;
        attendance_rate: string | null;
      }>(
        'select student_id, held_classes, attendance_rate from public.my_students where course_id = $1',
        [course.id],
      );
      return new Map(rows.map((row) => [row.student_id, row]));
    });
    expect(rows.get(middle.id)).toMatchObject({ held_classes: 1 });
    expect(Number(rows.get(middle.id)?.attendance_rate)).toBe(100);
    expect(rows.get(late.id)).toMatchObject({ held_classes: 0, attendance_rate: null });
  });

  it("a past class's roster and rate do not change when someone enrols later", async () => {
    const { data, error } = await teacher.client
      .from('class_attendance_figures')
      .select('class_id, roster_count, attended_count, attendance_rate')
      .in('class_id', [first.id, second.id]);
    expect(error).toBeNull();
    const byClass = new Map((data ?? []).map((row) => [row.class_id, row]));
    // Ten days ago only Early was enrolled; three days ago Early and Middle, both present.
    expect(byClass.get(first.id)).toMatchObject({
      roster_count: 1,
      attended_count: 1,
      attendance_rate: 100,
    });
    expect(byClass.get(second.id)).toMatchObject({
      roster_count: 2,
      attended_count: 2,
      attendance_rate: 100,
    });
  });

  it('progress counts the classes from enrolment on', async () => {
    const { data, error } = await service
      .from('enrollments')
      .select('user_id, progress')
      .eq('course_id', course.id);
    expect(error).toBeNull();
    const progress = new Map((data ?? []).map((row) => [row.user_id, Number(row.progress)]));
    // No activities: progress = attended / classes from enrolment on (held or to come).
    expect(progress.get(early.id)).toBeCloseTo((100 * 2) / 3, 2);
    expect(progress.get(middle.id)).toBeCloseTo((100 * 1) / 2, 2);
    expect(progress.get(late.id)).toBe(0);
  });
});

// The attendance dialog reads class_roster and saves through save_class_attendance: a past class lists
// and takes only the students enrolled by its start (issue 29 item 1: it listed later joiners).
describe("a class's roster in the attendance dialog", () => {
  async function rosterOf(classId: string): Promise<string[]> {
    const { data, error } = await teacher.client
      .from('class_roster')
      .select('student_id')
      .eq('class_id', classId);
    expect(error).toBeNull();
    return (data ?? []).map((row) => row.student_id as string).sort();
  }

  it('lists the students enrolled by the class start, not later joiners', async () => {
    expect(await rosterOf(first.id)).toEqual([early.id]);
    expect(await rosterOf(second.id)).toEqual([early.id, middle.id].sort());
  });

  it('refuses the teacher marking a later joiner at a past class, through the function or directly', async () => {
    const saved = await teacher.client.rpc('save_class_attendance', {
      class_uuid: first.id,
      present_user_ids: [late.id],
    });
    expect(saved.error?.code).toBe('23514');
    expect(saved.error?.message).toBe(
      'This student was not enrolled in the course when this class took place',
    );

    const inserted = await teacher.client
      .from('class_attendance')
      .insert({ class_id: second.id, user_id: late.id, attended: true })
      .select('id');
    expect(inserted.error?.code).toBe('23514');
    expect(inserted.error?.message).toBe(
      'This student was not enrolled in the course when this class took place',
    );

    const { rows } = await ownerQuery<{ n: string }>(
      'select count(*)::text as n from public.class_attendance where user_id = $1',
      [late.id],
    );
    expect(rows[0]?.n).toBe('0');
  });

  it('still takes a later joiner at the classes from their enrolment on', async () => {
    const upcoming = await createClass(course.id, {
      title: 'Tomorrow',
      scheduled_date: hoursFromNow(24),
      duration: 60,
    });
    expect(await rosterOf(upcoming.id)).toEqual([early.id, middle.id, late.id].sort());
    const saved = await teacher.client.rpc('save_class_attendance', {
      class_uuid: upcoming.id,
      absent_user_ids: [late.id],
    });
    expect(saved.error).toBeNull();
  });
});
