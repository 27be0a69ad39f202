import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type School,
  asUser,
  closeDb,
  createClass,
  createSchool,
  enrolledDaysAgo,
  hoursFromNow,
  ownerQuery,
} from './fixtures';

// One clock for every teacher figure (private.class_ends_at, 20261122000500_classes.sql): a class is
// upcoming until it ends (start + duration) and held once it has ended, so a class in progress is upcoming
// on the dashboard and in the Activities figures and not yet held in My Students; "due this week" is from
// now to 168 hours ahead, both ends included. Each test reads every figure in one transaction as the
// teacher, so they all see the same now(); the expected counts come from the owner.

let school: School;

beforeAll(async () => {
  school = await createSchool();
  const { course, student } = school;
  // Classes count for a student from their enrolment on: the student joined before any of these.
  await enrolledDaysAgo(student.id, course.id);
  // Greetings (school.courseClass, in two days) is already upcoming; add one over and one on now.
  await Promise.all([
    createClass(course.id, { title: 'Ended', scheduled_date: hoursFromNow(-3), duration: 60 }),
    createClass(course.id, { title: 'On now', scheduled_date: hoursFromNow(-0.25), duration: 60 }),
  ]);
});

afterAll(async () => {
  await closeDb();
});

type Figures = {
  dashboard: {
    upcoming_class_count: number;
    total_classes: number;
    upcoming_classes: Array<{ title: string }>;
  };
  scheduled: number;
  held: number;
  total: number;
};

describe('a class in progress', () => {
  it('is upcoming on the dashboard and in the Activities figures, and not held in My Students, at one instant', async () => {
    const { teacher, student, course } = school;
    const { rows } = await asUser(teacher.id, (db) =>
      db.query<Figures>(
        `select public.get_teacher_dashboard() as dashboard,
                (select scheduled_classes::int from public.activity_stats()) as scheduled,
                (select held_classes from public.my_students where student_id = $1 and course_id = $2) as held,
                (select total_classes from public.my_students where student_id = $1 and course_id = $2) as total`,
        [student.id, course.id],
      ),
    );
    const figures = rows[0] as Figures;

    const { rows: owner } = await ownerQuery<{ upcoming: number; ended: number }>(
      `select count(*) filter (where cl.scheduled_date + cl.duration * interval '1 minute' > now())::int as upcoming,
              count(*) filter (where cl.scheduled_date + cl.duration * interval '1 minute' <= now())::int as ended
         from public.classes cl join public.courses c on c.id = cl.course_id
        where c.teacher_id = $1`,
      [teacher.id],
    );
    // On now and Greetings are upcoming; Ended is held.
    expect(owner[0]).toEqual({ upcoming: 2, ended: 1 });
    expect(figures.dashboard.upcoming_class_count).toBe(owner[0]?.upcoming);
    expect(figures.scheduled).toBe(owner[0]?.upcoming);
    expect(figures.dashboard.upcoming_classes.map((cls) => cls.title)).toEqual([
      'On now',
      'Greetings',
    ]);
    expect(figures.held).toBe(owner[0]?.ended);
    // Every class is either upcoming or held, never both.
    expect(figures.held + figures.dashboard.upcoming_class_count).toBe(figures.total);
    expect(figures.dashboard.total_classes).toBe(figures.total);
  });
});

describe('due this week', () => {
  it('is from now to 168 hours ahead, both included, whatever the session time zone', async () => {
    const { teacher, course } = school;
    const counts = await asUser(teacher.id, async (db) => {
      // A zone with clock changes: the window is hours, not calendar days.
      await db.query(`set local timezone = 'Europe/Madrid'`);
      const count = async () =>
        (
          await db.query<{ due: number }>(
            `select due_this_week::int as due from public.activity_stats()`,
          )
        ).rows[0]?.due as number;
      const before = await count();
      await db.query(
        `insert into public.activities (title, description, course_id, due_date)
         select 'Due ' || label, 'Boundary', $1, now() + offset_by
           from (values ('now', interval '0'),
                        ('in 168 hours', interval '168 hours'),
                        ('a second ago', interval '-1 second'),
                        ('a second after 168 hours', interval '168 hours 1 second')) as d (label, offset_by)`,
        [course.id],
      );
      return { before, after: await count() };
    });
    expect(counts.after - counts.before).toBe(2);
  });
});
