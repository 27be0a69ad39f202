import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  type School,
  closeDb,
  createClass,
  createCourse,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  ownerQuery,
  service,
} from './fixtures';
import { rowsReadFrom, statementReads } from './plan-reads';

// get_class_management (20261122001600_read_models_classes.sql): Class Management in one request, the
// figures (class_stats()'s answer for the caller), the number of classes matching the filters and one
// page of them with their course and attendance, through the caller's row-level security. Expected
// classes and counts are read here by the database owner, never from the function under test. The
// classes of this file sit in a window of time of their own, far ahead, so the date bounds single them
// out from every other class of the database.

type Figures = { total: number; live: number; recorded: number; total_minutes: number };
type Attendance = {
  class_id: string;
  roster_count: number;
  attended_count: number;
  attendance_rate: number | null;
};
type ClassRow = {
  id: string;
  course_id: string;
  title: string;
  description: string;
  scheduled_date: string;
  duration: number;
  type: string;
  meeting_link: string | null;
  recording_url: string | null;
  created_at: string;
  course: { title: string; teacher_id: string | null } | null;
  attendance: Attendance | null;
};
type Answer = { stats: Figures; total: number; classes: ClassRow[] };
type Args = {
  search?: string;
  course_uuid?: string;
  teacher_uuid?: string;
  date_from?: string;
  date_to?: string;
  descending?: boolean;
  page?: number;
  page_size?: number;
};

/** Class Management's fields of a class, as the screen read them from PostgREST before. */
const CLASS_FIELDS =
  'id, course_id, title, description, scheduled_date, duration, type, meeting_link, recording_url, created_at';

const DAY = 86_400_000;
/** A window of time no other test uses: some day three to thirty years ahead, at a whole hour. */
const start =
  Math.floor((Date.now() + (1_000 + Math.random() * 9_000) * DAY) / 3_600_000) * 3_600_000;
const at = (days: number) => new Date(start + days * DAY).toISOString();
const WINDOW = { date_from: at(0), date_to: at(30) };

let school: School;
/** Two more students of Spanish A1 (school.course); Sara (school.student) is the first. */
let ana: Person;
let ben: Person;
/** The window's classes by name. */
const lesson: Record<string, { id: string; scheduled_date: string }> = {};

async function call(client: SupabaseClient, args: Args): Promise<Answer> {
  const { data, error } = await client.rpc('get_class_management', args);
  expect(error).toBeNull();
  return data as Answer;
}

async function figuresOf(client: SupabaseClient): Promise<Figures> {
  const { data, error } = await client.rpc('class_stats');
  expect(error).toBeNull();
  return (data as Figures[])[0] as Figures;
}

/**
 * The ids of the window's classes that `where` keeps, in the screen's order, as the owner reads them
 * (`cl` the class, `k` its course).
 */
async function expectedIds(
  where: string,
  params: unknown[] = [],
  { descending = false, from = WINDOW.date_from, to = WINDOW.date_to } = {},
): Promise<string[]> {
  const direction = descending ? 'desc' : 'asc';
  const { rows } = await ownerQuery<{ id: string }>(
    `select cl.id::text as id
       from public.classes cl join public.courses k on k.id = cl.course_id
      where cl.scheduled_date >= $1 and cl.scheduled_date <= $2 and (${where})
      order by cl.scheduled_date ${direction}, cl.id ${direction}`,
    [from, to, ...params],
  );
  return rows.map((row) => row.id);
}

const idsOf = (answer: Answer) => answer.classes.map((row) => row.id);

beforeAll(async () => {
  school = await createSchool();
  [ana, ben] = await Promise.all([createPerson('student', 'Ana'), createPerson('student', 'Ben')]);
  await Promise.all([enroll(ana.id, school.course.id), enroll(ben.id, school.course.id)]);
  const { course, otherCourse, inactiveCourse } = school;
  await Promise.all(
    (
      [
        ['kickoff', course.id, { scheduled_date: at(1), description: 'Introductions' }],
        [
          'sale',
          course.id,
          { scheduled_date: at(2), title: 'Prices: 50% off', type: 'recorded', meeting_link: null },
        ],
        ['offers', course.id, { scheduled_date: at(3), title: 'Comparing 500 offers' }],
        // Same start as "offers": the id decides their order.
        ['twin', course.id, { scheduled_date: at(3), title: 'Snake_case words' }],
        ['snake', course.id, { scheduled_date: at(4), description: 'Snake-case and CAMEL case' }],
        ['idioms', otherCourse.id, { scheduled_date: at(2), title: 'Idioms 50% faster' }],
        ['archived', inactiveCourse.id, { scheduled_date: at(5), title: 'Archived lesson' }],
        ['edge', course.id, { scheduled_date: WINDOW.date_to, title: 'Last of the window' }],
        ['outside', course.id, { scheduled_date: at(31), title: 'After the window' }],
      ] as const
    ).map(async ([name, courseId, values]) => {
      const row = await createClass(courseId, values);
      lesson[name] = { id: row.id, scheduled_date: row.scheduled_date as string };
    }),
  );
});

afterAll(async () => {
  const { course, otherCourse, inactiveCourse } = school;
  await service.from('courses').delete().in('id', [course.id, otherCourse.id, inactiveCourse.id]);
  await closeDb();
});

describe('get_class_management as an administrator', () => {
  it("answers every class of the window in the page's order, and class_stats' figures", async () => {
    const answer = await call(school.admin.client, WINDOW);

    const expected = await expectedIds('true');
    expect(expected).toHaveLength(8);
    expect(answer.total).toBe(expected.length);
    expect(idsOf(answer)).toEqual(expected);
    // Every course's classes, the other teacher's and the inactive course's included.
    expect(idsOf(answer)).toEqual(expect.arrayContaining([lesson.idioms?.id, lesson.archived?.id]));
    expect(answer.stats).toEqual(await figuresOf(school.admin.client));
  });

  it("filters by a teacher: only the classes of that teacher's courses", async () => {
    const answer = await call(school.admin.client, {
      ...WINDOW,
      teacher_uuid: school.otherTeacher.id,
    });
    expect(idsOf(answer)).toEqual([lesson.idioms?.id]);
    expect(answer.total).toBe(1);
  });

  it('filters by a course', async () => {
    const answer = await call(school.admin.client, {
      ...WINDOW,
      course_uuid: school.inactiveCourse.id,
    });
    expect(idsOf(answer)).toEqual([lesson.archived?.id]);
    expect(answer.total).toBe(1);
  });
});

describe('get_class_management as a teacher', () => {
  it('answers the classes of their own courses, as the screen asks, with their figures', async () => {
    const { teacher } = school;
    const answer = await call(teacher.client, { ...WINDOW, teacher_uuid: teacher.id });

    const expected = await expectedIds('k.teacher_id = $3', [teacher.id]);
    expect(expected).toHaveLength(7);
    expect(idsOf(answer)).toEqual(expected);
    expect(answer.total).toBe(7);
    expect(idsOf(answer)).not.toContain(lesson.idioms?.id);
    expect(answer.stats).toEqual(await figuresOf(teacher.client));
    // Asked without the teacher filter, the policies give the same classes.
    expect(idsOf(await call(teacher.client, WINDOW))).toEqual(expected);
  });

  it("gets nothing of another teacher's, whichever teacher or course is asked for", async () => {
    const { teacher, otherTeacher, otherCourse } = school;
    const theirs = await call(teacher.client, { ...WINDOW, teacher_uuid: otherTeacher.id });
    expect(theirs).toMatchObject({ total: 0, classes: [] });
    // The figures stay the caller's own, whatever the filters.
    expect(theirs.stats).toEqual(await figuresOf(teacher.client));
    expect(await call(teacher.client, { ...WINDOW, course_uuid: otherCourse.id })).toMatchObject({
      total: 0,
      classes: [],
    });
    // And the other teacher sees none of this teacher's classes.
    const other = await call(otherTeacher.client, { ...WINDOW, teacher_uuid: teacher.id });
    expect(other).toMatchObject({ total: 0, classes: [] });
    expect(idsOf(await call(otherTeacher.client, WINDOW))).toEqual([lesson.idioms?.id]);
  });

  it('combines a teacher and a course filter', async () => {
    const { teacher, course, inactiveCourse } = school;
    const answer = await call(teacher.client, {
      ...WINDOW,
      teacher_uuid: teacher.id,
      course_uuid: inactiveCourse.id,
    });
    expect(idsOf(answer)).toEqual([lesson.archived?.id]);
    const active = await call(teacher.client, {
      ...WINDOW,
      teacher_uuid: teacher.id,
      course_uuid: course.id,
    });
    expect(idsOf(active)).toEqual(await expectedIds('cl.course_id = $3', [course.id]));
  });
});

describe('get_class_management as a student or without a session', () => {
  it('answers a student the classes of the courses they are enrolled in, and their figures', async () => {
    const { student, course, outsider } = school;
    const answer = await call(student.client, WINDOW);
    expect(idsOf(answer)).toEqual(await expectedIds('cl.course_id = $3', [course.id]));
    expect(answer.stats).toEqual(await figuresOf(student.client));
    expect(await call(outsider.client, WINDOW)).toMatchObject({ total: 0, classes: [] });
  });

  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().rpc('get_class_management', WINDOW));
  });
});

describe('get_class_management filters and pages', () => {
  const asTeacher = (args: Args = {}) =>
    call(school.teacher.client, { ...WINDOW, teacher_uuid: school.teacher.id, ...args });

  it('searches titles and descriptions, case-insensitively, with % and _ taken literally', async () => {
    expect(idsOf(await asTeacher({ search: ' 50% ' }))).toEqual([lesson.sale?.id]);
    // An administrator's "50%" finds the other teacher's class too, never "500 offers".
    const found = await expectedIds('cl.id = any ($3::uuid[])', [
      [lesson.sale?.id, lesson.idioms?.id],
    ]);
    expect(idsOf(await call(school.admin.client, { ...WINDOW, search: '50%' }))).toEqual(found);
    // The total counts every match and the page is cut from them, in either order.
    const latestSecond = await call(school.admin.client, {
      ...WINDOW,
      search: '50%',
      descending: true,
      page: 2,
      page_size: 1,
    });
    expect(latestSecond.total).toBe(2);
    expect(idsOf(latestSecond)).toEqual([found[0]]);
    // An underscore is no single-character wildcard: "Snake-case" is not found.
    expect(idsOf(await asTeacher({ search: 'snake_case' }))).toEqual([lesson.twin?.id]);
    // Matches the description too, whatever the case.
    expect(idsOf(await asTeacher({ search: 'camel CASE' }))).toEqual([lesson.snake?.id]);
    expect(idsOf(await asTeacher({ search: 'introductions' }))).toEqual([lesson.kickoff?.id]);
    expect(await asTeacher({ search: '\\' })).toMatchObject({ total: 0, classes: [] });
    // A blank search is no search.
    expect((await asTeacher({ search: '   ' })).total).toBe(7);
  });

  it('pages the classes in order, with the total of all of them on every page', async () => {
    const all = await expectedIds('k.teacher_id = $3', [school.teacher.id]);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => asTeacher({ page, page_size: 2 })));
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7, 7]);
    expect(pages.map((page) => page.classes.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flatMap(idsOf)).toEqual(all);
    expect(await asTeacher({ page: 5, page_size: 2 })).toMatchObject({ total: 7, classes: [] });
    // Out-of-range page numbers and sizes are brought back in range.
    expect(idsOf(await asTeacher({ page: 0, page_size: 2 }))).toEqual(all.slice(0, 2));
    expect(idsOf(await asTeacher({ page: -3, page_size: 0 }))).toEqual(all.slice(0, 1));
    expect(idsOf(await asTeacher({ page_size: 1000 }))).toEqual(all);
  });

  it('orders by time then id, soonest first or latest first', async () => {
    const ascending = await asTeacher();
    const descending = await asTeacher({ descending: true });
    expect(idsOf(descending)).toEqual(
      await expectedIds('k.teacher_id = $3', [school.teacher.id], { descending: true }),
    );
    expect(idsOf(descending)).toEqual([...idsOf(ascending)].reverse());
    // An administrator's every class too (the time index walked backwards), page by page.
    const everyLatest = await expectedIds('true', [], { descending: true });
    expect(idsOf(await call(school.admin.client, { ...WINDOW, descending: true }))).toEqual(
      everyLatest,
    );
    expect(
      idsOf(
        await call(school.admin.client, { ...WINDOW, descending: true, page: 2, page_size: 3 }),
      ),
    ).toEqual(everyLatest.slice(3, 6));
    // The two classes at the same time, by id.
    const twins = [lesson.offers?.id, lesson.twin?.id].sort();
    expect(idsOf(ascending).filter((id) => twins.includes(id))).toEqual(twins);
    expect(idsOf(await asTeacher({ descending: true, page: 2, page_size: 2 }))).toEqual(
      idsOf(descending).slice(2, 4),
    );
  });

  it('includes both date bounds, and reads either bound alone', async () => {
    const { teacher } = school;
    const sale = lesson.sale?.scheduled_date as string;
    const exactly = await call(teacher.client, { date_from: sale, date_to: sale });
    expect(idsOf(exactly)).toEqual([lesson.sale?.id]);
    const justAfter = new Date(Date.parse(sale) + 1).toISOString();
    expect(idsOf(await call(teacher.client, { date_from: justAfter, date_to: at(2.5) }))).toEqual(
      [],
    );
    // Only an upper bound: everything of theirs up to the window's first class.
    const upTo = await call(teacher.client, {
      teacher_uuid: teacher.id,
      date_to: lesson.kickoff?.scheduled_date,
      descending: true,
      page_size: 1,
    });
    expect(idsOf(upTo)).toEqual([lesson.kickoff?.id]);
    // Only a lower bound: the window's classes and the one after it.
    const from = await call(teacher.client, {
      teacher_uuid: teacher.id,
      date_from: WINDOW.date_from,
    });
    expect(idsOf(from)).toEqual(
      await expectedIds('k.teacher_id = $3', [teacher.id], { to: at(40) }),
    );
    expect(idsOf(from)).toContain(lesson.outside?.id);
    expect(idsOf(from)).toContain(lesson.edge?.id);
  });
});

describe("get_class_management's rows", () => {
  it("have the shape of PostgREST's page of classes, with the course and the attendance view's row", async () => {
    const { teacher } = school;
    const answer = await call(teacher.client, { ...WINDOW, teacher_uuid: teacher.id });
    const ids = idsOf(answer);
    const { data: classes, error } = await teacher.client
      .from('classes')
      .select(`${CLASS_FIELDS}, course:courses(title, teacher_id)`)
      .in('id', ids)
      .order('scheduled_date')
      .order('id');
    expect(error).toBeNull();
    const { data: figures } = await teacher.client
      .from('class_attendance_figures')
      .select('class_id, roster_count, attended_count, attendance_rate')
      .in('class_id', ids);
    const figuresOf = new Map((figures ?? []).map((row) => [row.class_id, row]));
    expect(answer.classes).toEqual(
      (classes ?? []).map((row) => ({ ...row, attendance: figuresOf.get(row.id) ?? null })),
    );
    expect(Object.keys(answer.classes[0] ?? {})).toEqual([
      ...CLASS_FIELDS.split(', '),
      'course',
      'attendance',
    ]);
    const archived = answer.classes.find((row) => row.id === lesson.archived?.id);
    expect(archived?.course).toEqual({
      title: 'Archived Spanish',
      teacher_id: teacher.id,
    });
  });

  it('carry the attendance of a class with marks: its roster, who was present and the rate', async () => {
    const { teacher, student, course } = school;
    const held = await createClass(course.id, { scheduled_date: at(6), title: 'Held' });
    const { error } = await teacher.client.rpc('save_class_attendance', {
      class_uuid: held.id,
      present_user_ids: [student.id, ana.id],
      absent_user_ids: [ben.id],
    });
    expect(error).toBeNull();
    const { rows } = await ownerQuery<{ roster: number; present: number }>(
      `select (select count(*) from public.enrollments e
                where e.course_id = $2 and e.status <> 'dropped')::int as roster,
              (select count(*) from public.class_attendance a
                where a.class_id = $1 and a.attended)::int as present`,
      [held.id, course.id],
    );
    expect(rows[0]).toEqual({ roster: 3, present: 2 });

    const row = (await call(teacher.client, { ...WINDOW, search: 'Held' })).classes[0];
    expect(row?.attendance).toEqual({
      class_id: held.id,
      roster_count: 3,
      attended_count: 2,
      attendance_rate: 66.7,
    });
    // A student counts only themselves on the roster.
    const own = (await call(student.client, { ...WINDOW, search: 'Held' })).classes[0];
    expect(own?.attendance).toEqual({
      class_id: held.id,
      roster_count: 1,
      attended_count: 1,
      attendance_rate: 100,
    });
    // A class whose course has nobody on its roster: no rate.
    const archived = (await call(teacher.client, { ...WINDOW, search: 'Archived lesson' }))
      .classes[0];
    expect(archived?.attendance).toEqual({
      class_id: lesson.archived?.id,
      roster_count: 0,
      attended_count: 0,
      attendance_rate: null,
    });
    await service.from('classes').delete().eq('id', held.id);
  });
});

describe('get_class_management on a large course', () => {
  it("reads the attendance of the page's classes only", async () => {
    const owner = await createPerson('teacher', 'Bea');
    const course = await createCourse({
      title: 'Crowded course',
      teacher_id: owner.id,
      max_students: 100,
    });
    const STUDENTS = 40;
    const CLASSES = 150;
    const PAGE = 12;
    const setup = [
      {
        // The course's students (their profiles come from the sign-up trigger, at the statement's end).
        sql: `
        with people as (
          insert into auth.users (id, email, raw_user_meta_data)
          select gen_random_uuid(), format('crowd-%s-%s@example.org', $2::text, n),
                 jsonb_build_object('first_name', 'Crowd', 'last_name', n::text)
            from generate_series(1, ${STUDENTS}) n
          returning id
        )
        insert into public.enrollments (course_id, user_id) select $1, p.id from people p`,
        params: [course.id, course.id],
      },
      {
        // Its classes, every student marked present in every one.
        sql: `
        with lessons as (
          insert into public.classes (course_id, title, scheduled_date, type, meeting_link)
          select $1, 'Crowded lesson ' || k, $2::timestamptz + make_interval(hours => k), 'live',
                 'https://meet.example.org/crowd'
            from generate_series(1, ${CLASSES}) k
          returning id, scheduled_date
        )
        insert into public.class_attendance (class_id, user_id, attended, attended_at)
        select l.id, e.user_id, true, l.scheduled_date
          from lessons l cross join public.enrollments e
         where e.course_id = $1`,
        params: [course.id, at(100)],
      },
      { sql: 'analyze public.class_attendance, public.enrollments, public.classes' },
      // The test database is small beside the course: as on a large school, an index is used wherever
      // one serves.
      { sql: 'set local enable_seqscan = off' },
    ];

    try {
      const reads = await statementReads(
        owner.id,
        `select public.get_class_management(teacher_uuid => $1, date_from => $2, page_size => ${PAGE})`,
        [owner.id, at(100)],
        setup,
      );
      // The page's 12 classes: their roster counts and present marks (each mark checked against its
      // enrolment), never the other classes' 5,520 marks.
      expect(rowsReadFrom(reads, 'class_attendance')).toBeLessThanOrEqual(PAGE * STUDENTS);
      expect(rowsReadFrom(reads, 'enrollments')).toBeLessThanOrEqual(2 * PAGE * STUDENTS);
    } finally {
      await service.from('courses').delete().eq('id', course.id);
    }
  });
});

describe('get_class_management in the schema', () => {
  it('runs as the caller, for signed-in users only, and says what it answers', async () => {
    const { rows } = await ownerQuery<{
      anon: boolean;
      authenticated: boolean;
      definer: boolean;
      search_path: boolean;
      stable: boolean;
      comment: string | null;
    }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              p.prosecdef as definer,
              coalesce(p.proconfig @> array['search_path=""'], false) as search_path,
              p.provolatile = 's' as stable,
              obj_description(p.oid, 'pg_proc') as comment
         from pg_proc p
        where p.oid = 'public.get_class_management(text, uuid, uuid, timestamptz, timestamptz, boolean, integer, integer)'::regprocedure`,
    );
    expect(rows).toEqual([
      {
        anon: false,
        authenticated: true,
        definer: false,
        search_path: true,
        stable: true,
        comment: expect.stringContaining('Class Management'),
      },
    ]);
  });

  it('replaces the computed relationship the page of classes embedded', async () => {
    const { rows } = await ownerQuery(
      `select 1 from pg_proc where proname = 'attendance_figures' and pronamespace = 'public'::regnamespace`,
    );
    expect(rows).toEqual([]);
  });
});
