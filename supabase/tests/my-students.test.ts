import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  type School,
  closeDb,
  createActivity,
  createClass,
  createCourse,
  createPerson,
  createSchool,
  createSubmission,
  enroll,
  enrolledDaysAgo,
  expectDenied,
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';
import { rowsReadFrom, statementReads } from './plan-reads';

// My Students (20261122001800_read_models_teaching.sql): one row per
// student of the caller's courses (an admin: every student), with figures over the caller's courses
// (get_my_students, the export's pages); the screen in one request (get_my_students_overview: the page,
// the screen's figures and the recent activity) and a student's details. Expected values are computed
// here from rows the database owner reads, never from the functions under test.

type StudentRow = {
  student_id: string;
  first_name: string;
  last_name: string;
  email: string;
  courses: Array<{ course_id: string; course_title: string; progress: number }>;
  course_count: number;
  average_progress: number | null;
  held_classes: number;
  attended_held_classes: number;
  attendance_rate: number | null;
  submission_count: number;
  graded_count: number;
  last_activity_at: string | null;
  at_risk: boolean;
};

type ListReply = { total: number; page: number; page_size: number; students: StudentRow[] };

let school: School;
/** The school's teacher's second course; Sara (school.student) is in both. */
let secondCourse: { id: string; title: string };
let ana: Person;
let ben: Person;
let leaver: Person;

async function setLastNames(people: Array<[Person, string]>) {
  await Promise.all(
    people.map(([person, lastName]) =>
      service.from('users').update({ last_name: lastName }).eq('id', person.id),
    ),
  );
}

beforeAll(async () => {
  school = await createSchool();
  const { teacher, student, otherStudent, course, otherCourse } = school;
  [ana, ben, leaver] = await Promise.all([
    createPerson('student', 'Ana'),
    createPerson('student', 'Ben'),
    createPerson('student', 'Lea'),
  ]);
  const created = await createCourse({ title: 'Business Spanish', teacher_id: teacher.id });
  secondCourse = { id: created.id, title: 'Business Spanish' };
  await Promise.all([
    enroll(student.id, secondCourse.id),
    enroll(student.id, otherCourse.id),
    enroll(ana.id, course.id),
    enroll(ben.id, secondCourse.id),
    enroll(leaver.id, course.id),
    enroll(otherStudent.id, secondCourse.id),
  ]);
  // Enrolled before the classes the tests set in the past.
  await Promise.all(
    (
      [
        [student.id, course.id],
        [student.id, secondCourse.id],
        [student.id, otherCourse.id],
        [ana.id, course.id],
        [ben.id, secondCourse.id],
        [leaver.id, course.id],
        [otherStudent.id, secondCourse.id],
        [otherStudent.id, otherCourse.id],
      ] as const
    ).map(([userId, courseId]) => enrolledDaysAgo(userId, courseId)),
  );
  await leaver.client.rpc('unenroll_user_from_course', {
    user_uuid: leaver.id,
    course_uuid: course.id,
  });
  // The other teacher's student also studies with the school's teacher: both teachers list Oscar.
  await setLastNames([
    [school.student, 'Castro'],
    [ana, 'Abad'],
    [ben, 'Blanco'],
    [leaver, 'Lopez'],
    [school.otherStudent, 'Ortiz'],
    [school.outsider, 'Uribe'],
  ]);
  // Nobody signed in recently, so "active this week" depends only on what the tests record.
  await ownerQuery(
    `update public.users set last_sign_in_at = now() - interval '30 days' where id = any ($1::uuid[])`,
    [[school.student.id, ana.id, ben.id, leaver.id, school.otherStudent.id, school.outsider.id]],
  );

  // Spanish A1: two past classes (Sara attended one, Ana both), one future; graded work for Sara.
  const [past1, past2] = await Promise.all([
    createClass(course.id, { title: 'Past 1', scheduled_date: hoursFromNow(-72) }),
    createClass(course.id, { title: 'Past 2', scheduled_date: hoursFromNow(-48) }),
    createClass(course.id, { title: 'Future', scheduled_date: hoursFromNow(72) }),
  ]);
  await teacher.client.rpc('save_class_attendance', {
    class_uuid: past1.id,
    present_user_ids: [student.id, ana.id],
  });
  await teacher.client.rpc('save_class_attendance', {
    class_uuid: past2.id,
    present_user_ids: [ana.id],
  });
  const submission = await createSubmission({
    activity_id: school.activity.id,
    student_id: student.id,
  });
  await teacher.client
    .from('activity_submissions')
    .update({ grade: 80, feedback: 'Good' })
    .eq('id', submission.id);
  // Work in the other teacher's course, which the school's teacher must never see.
  await createSubmission({ activity_id: school.otherActivity.id, student_id: student.id });
});

afterAll(async () => {
  await service.from('courses').delete().eq('id', secondCourse.id);
  await closeDb();
});

async function listOf(
  client: SupabaseClient,
  args: Record<string, unknown> = {},
): Promise<ListReply> {
  const { data, error } = await client.rpc('get_my_students', { page_size: 1000, ...args });
  expect(error).toBeNull();
  return data as ListReply;
}

const idsOf = (reply: ListReply) => reply.students.map((row) => row.student_id);

/** Owner's answer: who is actively enrolled in the teacher's courses. */
async function studentsOfTeacher(teacherId: string): Promise<string[]> {
  const { rows } = await ownerQuery<{ id: string }>(
    `select distinct e.user_id::text as id from public.enrollments e join public.courses c on c.id = e.course_id
      where c.teacher_id = $1 and e.status = 'active'`,
    [teacherId],
  );
  return rows.map((row) => row.id).sort();
}

describe('get_my_students as a teacher', () => {
  it('lists each student of their courses once, by last name', async () => {
    const { teacher, student, otherStudent } = school;
    const reply = await listOf(teacher.client);
    expect([...idsOf(reply)].sort()).toEqual(await studentsOfTeacher(teacher.id));
    expect(reply.total).toBe(reply.students.length);
    expect(idsOf(reply)).toEqual([ana.id, ben.id, student.id, otherStudent.id]);
    expect(idsOf(reply)).not.toContain(leaver.id);
    expect(idsOf(reply)).not.toContain(school.outsider.id);
  });

  it("gives each student's courses with the teacher and their figures over those courses only", async () => {
    const { teacher, student, course } = school;
    const reply = await listOf(teacher.client);
    const sara = reply.students.find((row) => row.student_id === student.id) as StudentRow;
    expect(sara.courses.map((c) => c.course_id).sort()).toEqual(
      [course.id, secondCourse.id].sort(),
    );
    expect(sara.course_count).toBe(2);

    const { rows: enrolments } = await ownerQuery<{ progress: string }>(
      `select e.progress::text from public.enrollments e join public.courses c on c.id = e.course_id
        where e.user_id = $1 and e.status = 'active' and c.teacher_id = $2`,
      [student.id, teacher.id],
    );
    const mean = enrolments.reduce((sum, row) => sum + Number(row.progress), 0) / enrolments.length;
    expect(Number(sara.average_progress)).toBeCloseTo(mean, 2);
    // Spanish A1 held two classes and she attended one; Business Spanish has held none.
    expect(sara).toMatchObject({ held_classes: 2, attended_held_classes: 1 });
    expect(Number(sara.attendance_rate)).toBe(50);
    // Her essay for the other teacher is not counted; the postcard is, and it is graded.
    expect(sara).toMatchObject({ submission_count: 1, graded_count: 1 });

    const anaRow = reply.students.find((row) => row.student_id === ana.id) as StudentRow;
    expect(Number(anaRow.attendance_rate)).toBe(100);
    const benRow = reply.students.find((row) => row.student_id === ben.id) as StudentRow;
    expect(benRow.attendance_rate).toBeNull();
  });

  it('searches first name, last name, full name and email, with wildcards taken literally', async () => {
    const { teacher, student } = school;
    expect(idsOf(await listOf(teacher.client, { search: 'ana' }))).toEqual([ana.id]);
    expect(idsOf(await listOf(teacher.client, { search: 'BLANCO' }))).toEqual([ben.id]);
    expect(idsOf(await listOf(teacher.client, { search: 'Sara Castro' }))).toEqual([student.id]);
    expect(idsOf(await listOf(teacher.client, { search: student.email.slice(0, 12) }))).toEqual([
      student.id,
    ]);
    expect((await listOf(teacher.client, { search: '%' })).total).toBe(0);
    expect((await listOf(teacher.client, { search: '   ' })).total).toBe(4);
  });

  it("filters by one of their courses; another teacher's course gives nothing", async () => {
    const { teacher, student, course, otherCourse, otherStudent } = school;
    expect(idsOf(await listOf(teacher.client, { course_uuid: course.id }))).toEqual([
      ana.id,
      student.id,
    ]);
    const second = await listOf(teacher.client, { course_uuid: secondCourse.id });
    expect(idsOf(second)).toEqual([ben.id, student.id, otherStudent.id]);
    // The figures still span all the teacher's courses.
    expect(second.students.find((row) => row.student_id === student.id)?.course_count).toBe(2);
    expect((await listOf(teacher.client, { course_uuid: otherCourse.id })).total).toBe(0);
  });

  it('pages the list on the server', async () => {
    const { teacher } = school;
    const all = idsOf(await listOf(teacher.client));
    const { data, error } = await teacher.client.rpc('get_my_students', { page: 2, page_size: 3 });
    expect(error).toBeNull();
    expect(data).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(idsOf(data as ListReply)).toEqual(all.slice(3));
    const capped = await teacher.client.rpc('get_my_students', { page_size: 5000 });
    expect(capped.data).toMatchObject({ page_size: 1000 });
  });
});

describe('get_my_students as someone else', () => {
  it("shows another teacher only their own students, never the school's teacher's", async () => {
    const { otherTeacher, otherStudent, student } = school;
    const reply = await listOf(otherTeacher.client);
    expect([...idsOf(reply)].sort()).toEqual(await studentsOfTeacher(otherTeacher.id));
    expect([...idsOf(reply)].sort()).toEqual([otherStudent.id, student.id].sort());
    const sara = reply.students.find((row) => row.student_id === student.id) as StudentRow;
    expect(sara.courses.map((c) => c.course_id)).toEqual([school.otherCourse.id]);
    expect(idsOf(reply)).not.toContain(ana.id);
  });

  it('gives a student nothing, not even themselves', async () => {
    expect(await listOf(school.student.client)).toMatchObject({ total: 0, students: [] });
  });

  it('gives an admin every student profile, enrolled or not', async () => {
    const { admin, outsider, student } = school;
    const { rows } = await ownerQuery<{ total: number }>(
      `select count(*)::int as total from public.users where role = 'student'`,
    );
    const reply = await listOf(admin.client);
    expect(reply.total).toBe(rows[0]?.total);
    expect(idsOf(reply)).toEqual(expect.arrayContaining([outsider.id, student.id, leaver.id]));
    const outsiderRow = reply.students.find((row) => row.student_id === outsider.id) as StudentRow;
    expect(outsiderRow).toMatchObject({ courses: [], course_count: 0, average_progress: null });
    // An admin's figures span every course.
    const sara = reply.students.find((row) => row.student_id === student.id) as StudentRow;
    expect(sara.course_count).toBe(3);
    expect(
      idsOf(await listOf(admin.client, { course_uuid: school.otherCourse.id })).sort(),
    ).toEqual([school.otherStudent.id, student.id].sort());
  });

  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().rpc('get_my_students'));
  });
});

type Stats = {
  students: number;
  active_this_week: number;
  average_progress: number | null;
  at_risk: number;
};

type Event = {
  kind: string;
  at: string;
  student_id: string;
  course_id: string;
  item_title: string;
};

type Overview = ListReply & { stats: Stats; recent_activity: Event[] };

async function overviewOf(
  client: SupabaseClient,
  args: Record<string, unknown> = {},
): Promise<Overview> {
  const { data, error } = await client.rpc('get_my_students_overview', args);
  expect(error).toBeNull();
  return data as Overview;
}

describe('get_my_students_overview: the page', () => {
  it('is the page get_my_students answers, with the same filters, for every caller', async () => {
    const { teacher, otherTeacher, student, admin, course, otherCourse } = school;
    const variants: Array<Record<string, unknown>> = [
      {},
      { search: 'ana' },
      { search: 'CASTRO' },
      { search: '%' },
      { course_uuid: course.id },
      { course_uuid: secondCourse.id, page: 2, page_size: 2 },
      { course_uuid: otherCourse.id },
      { page: 2, page_size: 3 },
      { page_size: 5000 },
    ];
    for (const person of [teacher, otherTeacher, student, admin]) {
      for (const args of variants) {
        const overview = await overviewOf(person.client, args);
        const { data, error } = await person.client.rpc('get_my_students', args);
        expect(error).toBeNull();
        const { stats: _stats, recent_activity: _events, ...page } = overview;
        expect(page, `${person.role} ${JSON.stringify(args)}`).toEqual(data);
      }
    }
  });

  it("lists the teacher's students once each, by last name then first name, a page at a time", async () => {
    const { teacher } = school;
    const { rows } = await ownerQuery<{ id: string }>(
      `select u.id::text from public.users u
        where u.id in (select e.user_id from public.enrollments e join public.courses c on c.id = e.course_id
                        where c.teacher_id = $1 and e.status = 'active')
        order by lower(u.last_name), lower(u.first_name), u.id`,
      [teacher.id],
    );
    const expected = rows.map((row) => row.id);
    const first = await overviewOf(teacher.client, { page: 1, page_size: 3 });
    const second = await overviewOf(teacher.client, { page: 2, page_size: 3 });
    expect(first.total).toBe(expected.length);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(expected);
    expect(idsOf(await overviewOf(teacher.client, { course_uuid: school.course.id }))).toEqual([
      ana.id,
      school.student.id,
    ]);
    // Paging past the end answers an empty page, not an error.
    expect(await overviewOf(teacher.client, { page: 9, page_size: 3 })).toMatchObject({
      total: expected.length,
      students: [],
    });
  });

  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().rpc('get_my_students_overview'));
  });
});

describe('get_my_students_overview: the figures', () => {
  async function statsOf(client: SupabaseClient): Promise<Stats> {
    const { stats } = await overviewOf(client);
    return {
      ...stats,
      average_progress: stats.average_progress === null ? null : Number(stats.average_progress),
    };
  }

  /** From the owner's enrolments: each student's mean progress over the teacher's courses. */
  async function expectedFor(teacherId: string) {
    const { rows } = await ownerQuery<{ user_id: string; progress: string }>(
      `select e.user_id::text, e.progress::text from public.enrollments e join public.courses c on c.id = e.course_id
        where c.teacher_id = $1 and e.status = 'active'`,
      [teacherId],
    );
    const byStudent = new Map<string, number[]>();
    for (const row of rows)
      byStudent.set(row.user_id, [...(byStudent.get(row.user_id) ?? []), Number(row.progress)]);
    const averages = [...byStudent.values()].map(
      (values) => Math.round((100 * values.reduce((a, b) => a + b, 0)) / values.length) / 100,
    );
    return {
      students: byStudent.size,
      average: averages.reduce((a, b) => a + b, 0) / averages.length,
    };
  }

  it('counts the teacher’s students, their mean progress and those at risk', async () => {
    const { teacher } = school;
    const stats = await statsOf(teacher.client);
    const expected = await expectedFor(teacher.id);
    expect(stats.students).toBe(expected.students);
    expect(stats.average_progress).toBeCloseTo(expected.average, 2);
    // At risk is each student's own flag (the rule's cases: at-risk.test.ts), counted over all of them.
    const everyone = (await overviewOf(teacher.client, { page_size: 1000 })).students;
    expect(everyone).toHaveLength(expected.students);
    expect(stats.at_risk).toBe(everyone.filter((row) => row.at_risk).length);
  });

  it('keeps the figures over every student whatever the filters and the page', async () => {
    const { teacher, course } = school;
    const all = await statsOf(teacher.client);
    for (const args of [{ search: 'ana' }, { course_uuid: course.id }, { page: 3, page_size: 1 }]) {
      const { stats } = await overviewOf(teacher.client, args);
      expect({ ...stats, average_progress: Number(stats.average_progress) }).toEqual(all);
    }
  });

  it('counts as active this week those who attended or handed in work in the last 7 days', async () => {
    const { teacher, otherTeacher } = school;
    // Sara and Ana attended (today's save stamped them), Sara handed in work; Ben and Oscar did nothing.
    expect((await statsOf(teacher.client)).active_this_week).toBe(2);
    // Sara's essay for the other teacher's course is recent too; Oscar did nothing.
    expect((await statsOf(otherTeacher.client)).active_this_week).toBe(1);
    await ownerQuery(
      `update public.users set last_sign_in_at = now() - interval '1 day' where id = $1`,
      [ben.id],
    );
    expect((await statsOf(teacher.client)).active_this_week).toBe(3);
    await ownerQuery(
      `update public.users set last_sign_in_at = now() - interval '30 days' where id = $1`,
      [ben.id],
    );
    // Work handed in 8 days ago is not this week's.
    await ownerQuery(
      `update public.activity_submissions set submitted_at = now() - interval '8 days'
        where student_id = $1 and activity_id = $2`,
      [school.student.id, school.otherActivity.id],
    );
    try {
      expect((await statsOf(otherTeacher.client)).active_this_week).toBe(0);
    } finally {
      await ownerQuery(
        `update public.activity_submissions set submitted_at = now()
          where student_id = $1 and activity_id = $2`,
        [school.student.id, school.otherActivity.id],
      );
    }
    expect((await statsOf(otherTeacher.client)).active_this_week).toBe(1);
  });

  it('is empty for a student, everything for an admin', async () => {
    const { student, admin } = school;
    expect(await statsOf(student.client)).toEqual({
      students: 0,
      active_this_week: 0,
      average_progress: null,
      at_risk: 0,
    });
    const { rows } = await ownerQuery<{ total: number }>(
      `select count(*)::int as total from public.users where role = 'student'`,
    );
    expect((await statsOf(admin.client)).students).toBe(rows[0]?.total);
  });
});

describe('get_my_students_overview: the recent activity', () => {
  async function activityOf(
    client: SupabaseClient,
    args: Record<string, unknown> = {},
  ): Promise<Event[]> {
    return (await overviewOf(client, args)).recent_activity;
  }

  it("lists the teacher's students' submissions and attendance in their courses, newest first", async () => {
    const { teacher, student, course, otherCourse } = school;
    const events = await activityOf(teacher.client);
    const kinds = events
      .map((event) => `${event.kind}:${event.student_id}:${event.item_title}`)
      .sort();
    expect(kinds).toEqual(
      [
        `attendance:${student.id}:Past 1`,
        `attendance:${ana.id}:Past 1`,
        `attendance:${ana.id}:Past 2`,
        `submission:${student.id}:Write a postcard`,
      ].sort(),
    );
    expect(events.every((event) => event.course_id === course.id)).toBe(true);
    expect(events.some((event) => event.course_id === otherCourse.id)).toBe(false);
    const times = events.map((event) => new Date(event.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps to a limit, and leaves out a student who dropped the course', async () => {
    const { teacher } = school;
    expect(await activityOf(teacher.client, { event_limit: 1 })).toHaveLength(1);
    expect(await activityOf(teacher.client, { event_limit: 0 })).toHaveLength(1);
    // Lea dropped Spanish A1: a mark of hers there (as an import would record it) is not shown.
    const { rows } = await ownerQuery<{ id: string }>(
      `insert into public.class_attendance (class_id, user_id, attended, attended_at)
       select id, $2, true, now() + interval '1 minute' from public.classes where course_id = $1 and title = 'Past 2'
       returning id::text`,
      [school.course.id, leaver.id],
    );
    try {
      const events = await activityOf(teacher.client, { event_limit: 50 });
      expect(events.map((event) => event.student_id)).not.toContain(leaver.id);
    } finally {
      await ownerQuery('delete from public.class_attendance where id = $1', [rows[0]?.id]);
    }
  });

  it('shows another teacher only their course, a student nothing, an admin all of it', async () => {
    const { otherTeacher, student, admin, otherCourse } = school;
    const other = await activityOf(otherTeacher.client);
    expect(other.map((event) => `${event.kind}:${event.student_id}:${event.course_id}`)).toEqual([
      `submission:${student.id}:${otherCourse.id}`,
    ]);
    expect(await activityOf(student.client)).toEqual([]);
    const everything = await activityOf(admin.client, { event_limit: 50 });
    expect(everything.map((event) => event.item_title)).toEqual(
      expect.arrayContaining(['Essay', 'Write a postcard', 'Past 2']),
    );
    // The whole school's newest events are read fifty at a time and cut to the limit asked for.
    for (const limit of [1, 3]) {
      expect(await activityOf(admin.client, { event_limit: limit })).toEqual(
        everything.slice(0, limit),
      );
    }
  });
});

// Each test below builds a school the size of the benchmark's (12,000 submissions) before it reads:
// the data alone takes most of the default 30 s on a loaded two-core machine.
const BUSY_SCHOOL_TIMEOUT_MS = 90_000;

describe('get_my_students_overview reads what it shows, not the whole school', () => {
  it(
    "reads each of the teacher's marks and work at most once, and nothing of another teacher's",
    async () => {
      const [owner, other] = await Promise.all([
        createPerson('teacher', 'Bea'),
        createPerson('teacher', 'Cal'),
      ]);
      const [course, elsewhere] = await Promise.all([
        createCourse({ title: 'Busy course', teacher_id: owner.id, max_students: 1000 }),
        createCourse({ title: 'Busy elsewhere', teacher_id: other.id, max_students: 1000 }),
      ]);
      const CLASSES = 12;
      const ACTIVITIES = 40;
      const STUDENTS = 300;
      const OTHERS = 150;
      const PAGE = 10;
      const LIMIT = 5;
      // Inside the measured (rolled back) transaction, a school the size of the benchmark's: 300
      // students, enrolled a month ago, who attended 12 past classes and handed in 40 activities due
      // yesterday (3,600 marks, 12,000 submissions), and another teacher's course half that size, with
      // fresh statistics, so the planner sees busy classes and activities.
      const busyCourse = `
        with people as (
          insert into auth.users (id, email, raw_user_meta_data)
          select gen_random_uuid(), format('busy-%s-%s@example.org', $3::text, n),
                 jsonb_build_object('first_name', 'Busy', 'last_name', n::text)
            from generate_series(1, $2::int) n
          returning id
        ),
        enrolled as (
          insert into public.enrollments (course_id, user_id, enrolled_at)
          select $1, p.id, now() - interval '30 days' from people p returning user_id
        ),
        lessons as (
          insert into public.classes (course_id, title, scheduled_date, type, meeting_link)
          select $1, 'Busy lesson ' || k, now() - make_interval(days => k), 'live', 'https://meet.example.org/busy'
            from generate_series(1, ${CLASSES}) k
          returning id, scheduled_date
        ),
        marks as (
          insert into public.class_attendance (class_id, user_id, attended, attended_at)
          select l.id, e.user_id, true, l.scheduled_date + make_interval(secs => random() * 600)
            from lessons l cross join enrolled e
        ),
        tasks as (
          insert into public.activities (title, description, course_id, due_date)
          select 'Busy task ' || k, 'Work', $1, now() - interval '1 day' from generate_series(1, ${ACTIVITIES}) k
          returning id
        )
        insert into public.activity_submissions (activity_id, student_id, submission_text, submitted_at)
        select t.id, e.user_id, 'Done', now() - make_interval(days => 2, secs => random() * 86400)
          from tasks t cross join enrolled e`;
      const setup = [
        { sql: busyCourse, params: [course.id, STUDENTS, course.id] },
        { sql: busyCourse, params: [elsewhere.id, OTHERS, elsewhere.id] },
        {
          sql: 'analyze public.class_attendance, public.activity_submissions, public.enrollments, public.classes, public.activities',
        },
        // The test database is small beside the busy course, so the planner may read a whole table
        // where the school's would use its index (one run read 410 enrollments, the whole table): as on
        // a large school, an index is used wherever one serves. A read no index serves still scans.
        { sql: 'set local enable_seqscan = off' },
      ];

      try {
        const reads = await statementReads(
          owner.id,
          `select public.get_my_students_overview(page_size => ${PAGE}, event_limit => ${LIMIT})`,
          [],
          setup,
        );
        // "At Risk" is decided on every student's attendance and work since enrolment
        // (private.enrolment_standing): each of the teacher's marks and submissions once, plus the
        // PAGE + LIMIT students' own figures; never the other course's (its 1,800 marks and 6,000
        // submissions would exceed these bounds).
        expect(rowsReadFrom(reads, 'class_attendance')).toBeLessThanOrEqual(
          (STUDENTS + PAGE + LIMIT) * CLASSES,
        );
        expect(rowsReadFrom(reads, 'activity_submissions')).toBeLessThanOrEqual(
          (STUDENTS + PAGE + LIMIT) * ACTIVITIES,
        );
        expect(rowsReadFrom(reads, 'enrollments')).toBeLessThanOrEqual(STUDENTS + PAGE + LIMIT);
      } finally {
        await service.from('courses').delete().in('id', [course.id, elsewhere.id]);
      }
    },
    BUSY_SCHOOL_TIMEOUT_MS,
  );

  it(
    'answers the newest events across classes and activities, whichever students they belong to',
    async () => {
      const owner = await createPerson('teacher', 'Bo');
      const course = await createCourse({ title: 'Lively class', teacher_id: owner.id });
      const learners = await Promise.all(
        ['Ada', 'Cy', 'Di'].map((name) => createPerson('student', name)),
      );
      await Promise.all(learners.map((learner) => enroll(learner.id, course.id)));
      const lessons = await Promise.all(
        [-5, -3].map((hours) => createClass(course.id, { scheduled_date: hoursFromNow(hours) })),
      );
      const task = await createActivity({ course_id: course.id, title: 'Lively task' });
      for (const learner of learners) {
        for (const lesson of lessons) {
          await owner.client.rpc('save_class_attendance', {
            class_uuid: lesson.id,
            present_user_ids: [learner.id],
          });
        }
        await createSubmission({ activity_id: task.id, student_id: learner.id });
      }
      // Two students marked at once share a time: ties are broken by id, as everywhere.
      await owner.client.rpc('save_class_attendance', {
        class_uuid: lessons[0]?.id,
        absent_user_ids: [learners[0]?.id, learners[1]?.id],
      });
      await owner.client.rpc('save_class_attendance', {
        class_uuid: lessons[0]?.id,
        present_user_ids: [learners[0]?.id, learners[1]?.id],
      });

      try {
        for (const limit of [1, 2, 4, 9]) {
          // (Ties in time are broken by the event's id.)
          const { rows: newest } = await ownerQuery<{ kind: string; id: string }>(
            `select e.kind, e.student_id::text as id from (
             select 'attendance' as kind, a.user_id as student_id, a.attended_at as at, a.id as event_id
               from public.class_attendance a join public.classes cl on cl.id = a.class_id
              where cl.course_id = $1 and a.attended
             union all
             select 'submission', s.student_id, s.submitted_at, s.id
               from public.activity_submissions s where s.activity_id = $2
           ) e order by e.at desc, e.event_id limit $3`,
            [course.id, task.id, limit],
          );
          const events = await activityOfOverview(owner.client, limit);
          expect(
            events.map((event) => ({ kind: event.kind, id: event.student_id })),
            `limit ${limit}`,
          ).toEqual(newest);
        }
      } finally {
        await service.from('courses').delete().eq('id', course.id);
      }
    },
    BUSY_SCHOOL_TIMEOUT_MS,
  );
});

async function activityOfOverview(client: SupabaseClient, limit: number): Promise<Event[]> {
  return (await overviewOf(client, { event_limit: limit })).recent_activity;
}

describe('get_my_student_detail', () => {
  type Detail = {
    student: { id: string; first_name: string };
    courses: Array<{ course_id: string; attendance_rate: number | null }>;
    graded_work: {
      total: number;
      items: Array<{ activity_title: string; grade: number; grade_percent: number }>;
    };
    stats: Record<string, unknown>;
  } | null;

  async function detailOf(client: SupabaseClient, studentId: string): Promise<Detail> {
    const { data, error } = await client.rpc('get_my_student_detail', { student_uuid: studentId });
    expect(error).toBeNull();
    return data as Detail;
  }

  it("gives the teacher a student's courses with them and graded work there", async () => {
    const { teacher, student, course } = school;
    const detail = await detailOf(teacher.client, student.id);
    expect(detail?.student).toMatchObject({ id: student.id, first_name: 'Sara' });
    expect(detail?.courses.map((c) => c.course_id).sort()).toEqual(
      [course.id, secondCourse.id].sort(),
    );
    expect(detail?.graded_work.total).toBe(1);
    expect(detail?.graded_work.items[0]).toMatchObject({ activity_title: 'Write a postcard' });
    expect(Number(detail?.graded_work.items[0]?.grade_percent)).toBe(80);
  });

  it("counts the student's figures over the caller's courses only: another teacher's course is left out", async () => {
    const { teacher, otherTeacher, admin, student } = school;
    // Sara also finished a course of the other teacher, where she attended a long class.
    const finished = await createCourse({ title: 'Idioms II', teacher_id: otherTeacher.id });
    await enroll(student.id, finished.id);
    // Enrolled before the class took place, so it is on the class's roster.
    await enrolledDaysAgo(student.id, finished.id, 10);
    const lesson = await createClass(finished.id, {
      scheduled_date: hoursFromNow(-96),
      duration: 180,
    });
    await otherTeacher.client.rpc('save_class_attendance', {
      class_uuid: lesson.id,
      present_user_ids: [student.id],
    });
    await service
      .from('enrollments')
      .update({ status: 'completed' })
      .eq('user_id', student.id)
      .eq('course_id', finished.id);

    /** The owner's count of Sara's figures over one teacher's courses (null: every course). */
    const expectedStats = async (teacherId: string | null) => {
      const { rows } = await ownerQuery<{
        enrolled_courses: number;
        completed_courses: number;
        total_study_hours: string;
        average_progress: string;
      }>(
        `with mine as (select c.id from public.courses c where $2::uuid is null or c.teacher_id = $2)
         select (select count(*)::int from public.enrollments e
                  where e.user_id = $1 and e.status = 'active' and e.course_id in (select id from mine)) as enrolled_courses,
                (select count(*)::int from public.enrollments e
                  where e.user_id = $1 and e.status = 'completed' and e.course_id in (select id from mine)) as completed_courses,
                (select round(coalesce(sum(cl.duration), 0) / 60.0, 1)::text
                   from public.class_attendance a join public.classes cl on cl.id = a.class_id
                  where a.user_id = $1 and a.attended and cl.course_id in (select id from mine)) as total_study_hours,
                (select coalesce(round(avg(e.progress), 2), 0)::text from public.enrollments e
                  where e.user_id = $1 and e.status <> 'dropped' and e.course_id in (select id from mine)) as average_progress`,
        [student.id, teacherId],
      );
      const row = rows[0];
      return {
        enrolled_courses: row?.enrolled_courses,
        completed_courses: row?.completed_courses,
        total_study_hours: Number(row?.total_study_hours),
        average_progress: Number(row?.average_progress),
      };
    };
    const statsOf = (detail: Detail) => {
      const stats = detail?.stats as Record<string, unknown>;
      return {
        enrolled_courses: stats.enrolled_courses,
        completed_courses: stats.completed_courses,
        total_study_hours: Number(stats.total_study_hours),
        average_progress: Number(stats.average_progress),
      };
    };

    try {
      const mine = statsOf(await detailOf(teacher.client, student.id));
      expect(mine).toEqual(await expectedStats(teacher.id));
      // Spanish A1 and Business Spanish; nothing from the other teacher's two courses.
      expect(mine).toMatchObject({ enrolled_courses: 2, completed_courses: 0 });
      // Past 1 (60 minutes) is the only class of the teacher's that Sara attended.
      expect(mine.total_study_hours).toBe(1);

      const theirs = statsOf(await detailOf(otherTeacher.client, student.id));
      expect(theirs).toEqual(await expectedStats(otherTeacher.id));
      expect(theirs).toMatchObject({
        enrolled_courses: 1,
        completed_courses: 1,
        total_study_hours: 3,
      });

      // An administrator's figures span every course: the student's own statistics.
      const everything = statsOf(await detailOf(admin.client, student.id));
      expect(everything).toEqual(await expectedStats(null));
      const own = await student.client.rpc('get_student_stats', { student_uuid: student.id });
      expect(everything).toEqual(statsOf({ stats: own.data } as Detail));
    } finally {
      await service.from('courses').delete().eq('id', finished.id);
    }
  });

  it('is null for someone who is not their student: another teacher’s, a dropped one, the student themselves', async () => {
    const { teacher, otherTeacher, student, outsider } = school;
    expect(await detailOf(teacher.client, outsider.id)).toBeNull();
    expect(await detailOf(teacher.client, leaver.id)).toBeNull();
    expect(await detailOf(otherTeacher.client, ana.id)).toBeNull();
    expect(await detailOf(student.client, student.id)).toBeNull();
    // The other teacher sees Sara, but only their own course and work.
    const seenByOther = await detailOf(otherTeacher.client, student.id);
    expect(seenByOther?.courses.map((c) => c.course_id)).toEqual([school.otherCourse.id]);
    expect(seenByOther?.graded_work.total).toBe(0);
  });

  it('gives an admin any student, and is refused to anonymous callers', async () => {
    const { admin, outsider, student } = school;
    expect((await detailOf(admin.client, outsider.id))?.courses).toEqual([]);
    expect((await detailOf(admin.client, student.id))?.courses).toHaveLength(3);
    expect(await detailOf(admin.client, school.teacher.id)).toBeNull();
    expectDenied(await anonClient().rpc('get_my_student_detail', { student_uuid: student.id }));
  });
});

describe('the My Students functions', () => {
  it('run as the caller, for signed-in users only', async () => {
    const { rows } = await ownerQuery<{
      name: string;
      anon: boolean;
      authenticated: boolean;
      definer: boolean;
      search_path: boolean;
    }>(
      `select p.proname as name,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              p.prosecdef as definer,
              coalesce(p.proconfig @> array['search_path=""'], false) as search_path
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname like 'get_my_student%'
        order by p.proname`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      'get_my_student_detail',
      'get_my_students',
      'get_my_students_overview',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        anon: false,
        authenticated: true,
        definer: false,
        search_path: true,
      });
    }
  });
});
