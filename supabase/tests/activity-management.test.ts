import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { MANAGED_ACTIVITY_COLUMNS } from '../../shared-data/src/mappers/activity';
import {
  type School,
  closeDb,
  createActivity,
  createCourse,
  createPerson,
  createSchool,
  expectDenied,
  ownerQuery,
  service,
} from './fixtures';
import { rowsReadFrom, statementReads } from './plan-reads';

// The Activities management screen in one request (20261122001700_read_models_activities.sql):
// get_activity_management answers activity_stats()'s figures, the number of activities matching the
// filters and one page of activity_list rows, newest first, as the caller (row-level security). Expected
// lists are computed here from rows the database owner reads, never from the function under test; the
// rows are compared with what PostgREST answered for the same page of activity_list before.

type Management = {
  stats: {
    total: number;
    active_courses: number;
    scheduled_classes: number;
    due_this_week: number;
  };
  total: number;
  page: number;
  page_size: number;
  activities: Array<Record<string, unknown>>;
};

type Args = {
  search?: string;
  course_uuid?: string;
  activity_type?: string;
  active?: boolean;
  page?: number;
  page_size?: number;
};

const COLUMNS = MANAGED_ACTIVITY_COLUMNS.split(',').map((column) => column.trim());

async function management(client: SupabaseClient, args: Args = {}): Promise<Management> {
  const { data, error } = await client.rpc('get_activity_management', args);
  expect(error).toBeNull();
  return data as Management;
}

async function statsOf(client: SupabaseClient) {
  const { data, error } = await client.rpc('activity_stats');
  expect(error).toBeNull();
  return (data as Management['stats'][])[0];
}

const idsOf = (answer: Management) => answer.activities.map((row) => row.id);

/** The ids of the activities `where` picks (owner's view, `a` activities, `cl` their class), newest first. */
async function expectedIds(where: string, params: unknown[] = []): Promise<string[]> {
  const { rows } = await ownerQuery<{ id: string }>(
    `select a.id from public.activities a left join public.classes cl on cl.id = a.class_id
      where ${where} order by a.created_at desc, a.id`,
    params,
  );
  return rows.map((row) => row.id);
}

/** A teacher's activities: those of their courses and of their courses' classes, inactive ones too. */
const taughtBy = (teacherId: string) =>
  expectedIds(
    `coalesce(a.course_id, cl.course_id) in (select c.id from public.courses c where c.teacher_id = $1)`,
    [teacherId],
  );

let school: School;
let percent: string;
let fifty: string;
let underscore: string;
let backslash: string;

beforeAll(async () => {
  school = await createSchool();
  const { course } = school;
  // Titles and descriptions with LIKE's own characters: a search for them must match them literally.
  const [withPercent, withFifty, withUnderscore, withBackslash] = await Promise.all([
    createActivity({ course_id: course.id, title: 'Discount: 50% off', description: 'Shopping' }),
    createActivity({ course_id: course.id, title: 'Score 50 points', description: 'Half of it' }),
    createActivity({ course_id: course.id, title: 'Name files', description: 'Use snake_case' }),
    createActivity({ course_id: course.id, title: 'Paths', description: 'Type C:\\temp' }),
    createActivity({ course_id: course.id, title: 'Spelling', description: 'Use snakeXcase' }),
  ]);
  percent = withPercent.id as string;
  fifty = withFifty.id as string;
  underscore = withUnderscore.id as string;
  backslash = withBackslash.id as string;
});

afterAll(async () => {
  await closeDb();
});

describe('get_activity_management as a teacher', () => {
  it('answers the figures of activity_stats(), the number of their activities and the first page, newest first', async () => {
    const { teacher } = school;
    const answer = await management(teacher.client);
    const expected = await taughtBy(teacher.id);

    expect(answer.stats).toEqual(await statsOf(teacher.client));
    expect(answer.total).toBe(expected.length);
    expect(answer.page).toBe(1);
    expect(answer.page_size).toBe(12);
    expect(idsOf(answer)).toEqual(expected.slice(0, 12));
    // Their courses' and their classes' activities, the inactive one too; none of another teacher's.
    expect(idsOf(answer)).toEqual(
      expect.arrayContaining([
        school.activity.id,
        school.classActivity.id,
        school.inactiveActivity.id,
      ]),
    );
    expect(idsOf(answer)).not.toContain(school.otherActivity.id);
  });

  it('answers each row as PostgREST answered the same page of activity_list', async () => {
    const { teacher } = school;
    const answer = await management(teacher.client, { page_size: 5 });
    const { data, error } = await teacher.client
      .from('activity_list')
      .select(MANAGED_ACTIVITY_COLUMNS)
      .order('created_at', { ascending: false })
      .order('id')
      .range(0, 4);
    expect(error).toBeNull();

    expect(answer.activities).toEqual(data);
    for (const row of answer.activities) expect(Object.keys(row)).toEqual(COLUMNS);
    // A class activity carries its class and the class's course.
    const all = await management(teacher.client, { page_size: 100 });
    expect(all.activities.find((row) => row.id === school.classActivity.id)).toMatchObject({
      course_id: null,
      class_id: school.courseClass.id,
      effective_course_id: school.course.id,
      course_title: 'Spanish A1',
      class_title: 'Greetings',
      type: 'quiz',
      submission_count: 0,
      graded_count: 0,
    });
  });

  it("filters by course, also through the activity's class, by type and by visibility", async () => {
    const { teacher, course, inactiveCourse } = school;

    const ofCourse = await management(teacher.client, { course_uuid: course.id, page_size: 100 });
    expect(idsOf(ofCourse)).toEqual(
      await expectedIds('coalesce(a.course_id, cl.course_id) = $1', [course.id]),
    );
    expect(idsOf(ofCourse)).toContain(school.classActivity.id);
    expect(ofCourse.total).toBe(ofCourse.activities.length);
    // The figures stay those of everything the teacher may see.
    expect(ofCourse.stats).toEqual(await statsOf(teacher.client));

    const archived = await management(teacher.client, { course_uuid: inactiveCourse.id });
    expect(archived).toMatchObject({ total: 0, activities: [] });

    const quizzes = await management(teacher.client, { activity_type: 'quiz' });
    expect(idsOf(quizzes)).toEqual([school.classActivity.id]);
    expect(quizzes.total).toBe(1);

    const hidden = await management(teacher.client, { active: false });
    expect(idsOf(hidden)).toEqual([school.inactiveActivity.id]);
    const shown = await management(teacher.client, { active: true, page_size: 100 });
    expect(shown.total).toBe((await taughtBy(teacher.id)).length - 1);
    expect(idsOf(shown)).not.toContain(school.inactiveActivity.id);

    const none = await management(teacher.client, {
      course_uuid: course.id,
      activity_type: 'quiz',
      active: false,
    });
    expect(none).toMatchObject({ total: 0, activities: [] });
  });

  it('searches title and description, case-insensitively, with % _ and \\ matched literally', async () => {
    const { teacher } = school;
    const search = async (term: string) =>
      idsOf(await management(teacher.client, { search: term, page_size: 100 }));

    expect(await search('50%')).toEqual([percent]);
    expect(await search('%')).toEqual([percent]);
    expect(await search('50')).toEqual(expect.arrayContaining([percent, fifty]));
    expect(await search('snake_case')).toEqual([underscore]);
    expect(await search(':\\t')).toEqual([backslash]);
    expect(await search('  SHOPPING ')).toEqual([percent]);
    expect(await search('postcard')).toEqual([school.activity.id]);
    // A blank search is no search.
    expect((await management(teacher.client, { search: '   ' })).total).toBe(
      (await taughtBy(teacher.id)).length,
    );
    expect((await management(teacher.client, { search: '50%' })).total).toBe(1);
  });

  it('pages through every activity in order, clamping the page and its size', async () => {
    const { teacher } = school;
    const expected = await taughtBy(teacher.id);
    expect(expected.length).toBeGreaterThan(6);

    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 3); page += 1) {
      const answer = await management(teacher.client, { page, page_size: 3 });
      expect(answer).toMatchObject({ total: expected.length, page, page_size: 3 });
      pages.push(...(idsOf(answer) as string[]));
    }
    expect(pages).toEqual(expected);

    const past = await management(teacher.client, { page: 99, page_size: 3 });
    expect(past).toMatchObject({ total: expected.length, page: 99, activities: [] });
    expect(await management(teacher.client, { page: 0, page_size: 2 })).toMatchObject({
      page: 1,
      page_size: 2,
    });
    expect(await management(teacher.client, { page: -5, page_size: 0 })).toMatchObject({
      page: 1,
      page_size: 1,
    });
    const capped = await management(teacher.client, { page_size: 1000 });
    expect(capped.page_size).toBe(100);
    expect(capped.activities).toHaveLength(Math.min(expected.length, 100));
  });

  it('is empty, with zero figures, for a teacher without courses', async () => {
    const newcomer = await createPerson('teacher', 'Nina');
    expect(await management(newcomer.client)).toEqual({
      stats: { total: 0, active_courses: 0, scheduled_classes: 0, due_this_week: 0 },
      total: 0,
      page: 1,
      page_size: 12,
      activities: [],
    });
  });
});

describe('get_activity_management as an administrator, a student and nobody', () => {
  it('answers every activity to an administrator', async () => {
    const { admin } = school;
    const answer = await management(admin.client, { page_size: 100 });
    const expected = await expectedIds('true');

    expect(answer.stats).toEqual(await statsOf(admin.client));
    expect(answer.total).toBe(expected.length);
    expect(idsOf(answer)).toEqual(expected.slice(0, 100));
    expect(answer.stats.total).toBe(answer.total);
    const ofOther = await management(admin.client, { course_uuid: school.otherCourse.id });
    expect(idsOf(ofOther)).toEqual([school.otherActivity.id]);
  });

  it('answers a student the active activities of their courses, as RLS lets them see', async () => {
    const { student, outsider, course } = school;
    const answer = await management(student.client, { page_size: 100 });
    const expected = await expectedIds(
      `a.is_active and coalesce(a.course_id, cl.course_id) in
         (select e.course_id from public.enrollments e where e.user_id = $1 and e.status = 'active')`,
      [student.id],
    );

    expect(answer.stats).toEqual(await statsOf(student.client));
    expect(answer.total).toBe(expected.length);
    expect(idsOf(answer)).toEqual(expected);
    expect(idsOf(answer)).not.toContain(school.inactiveActivity.id);
    expect(await management(outsider.client, { course_uuid: course.id })).toMatchObject({
      total: 0,
      activities: [],
    });
  });

  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().rpc('get_activity_management'));
  });

  it('may be executed by signed-in users only, runs as the caller, and says what it answers', async () => {
    const { rows } = await ownerQuery<{
      anon: boolean;
      authenticated: boolean;
      definer: boolean;
      search_path: boolean;
      volatility: string;
      described: boolean;
    }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              p.prosecdef as definer,
              coalesce(p.proconfig @> array['search_path=""'], false) as search_path,
              p.provolatile::text as volatility,
              obj_description(p.oid, 'pg_proc') is not null as described
         from pg_proc p
        where p.oid = 'public.get_activity_management(text, uuid, text, boolean, integer, integer)'::regprocedure`,
    );
    expect(rows).toEqual([
      {
        anon: false,
        authenticated: true,
        definer: false,
        search_path: true,
        volatility: 's',
        described: true,
      },
    ]);
  });
});

describe('get_activity_management reads what it shows', () => {
  it("counts the submissions of the page's activities only, not of every activity", async () => {
    const owner = await createPerson('teacher', 'Iris');
    const course = await createCourse({
      title: 'Busy activities',
      teacher_id: owner.id,
      max_students: 1000,
    });
    const ACTIVITIES = 40;
    const STUDENTS = 100;
    const PAGE = 12;
    // Inside the measured (rolled back) transaction: 40 activities with 100 submissions each (4,000),
    // with fresh statistics, so the planner sees busy activities.
    const setup = [
      {
        sql: `
        with people as (
          insert into auth.users (id, email, raw_user_meta_data)
          select gen_random_uuid(), format('busy-work-%s-%s@example.org', $2::text, n),
                 jsonb_build_object('first_name', 'Busy', 'last_name', n::text)
            from generate_series(1, ${STUDENTS}) n
          returning id
        ),
        enrolled as (
          insert into public.enrollments (course_id, user_id) select $1, p.id from people p returning user_id
        ),
        tasks as (
          insert into public.activities (title, description, course_id, created_at)
          select 'Busy task ' || k, 'Work', $1, now() - make_interval(mins => k)
            from generate_series(1, ${ACTIVITIES}) k
          returning id
        )
        insert into public.activity_submissions (activity_id, student_id, submission_text)
        select t.id, e.user_id, 'Done' from tasks t cross join enrolled e`,
        params: [course.id, course.id],
      },
      { sql: 'analyze public.activity_submissions, public.activities, public.enrollments' },
      // As on a large school: an index is used wherever one serves.
      { sql: 'set local enable_seqscan = off' },
    ];

    try {
      const reads = await statementReads(
        owner.id,
        `select public.get_activity_management(page_size => ${PAGE})`,
        [],
        setup,
      );
      // The submissions of the 12 activities shown (100 each), never the 4,000 of all 40.
      expect(rowsReadFrom(reads, 'activity_submissions')).toBeGreaterThan(0);
      expect(rowsReadFrom(reads, 'activity_submissions')).toBeLessThanOrEqual(PAGE * STUDENTS);
    } finally {
      await service.from('courses').delete().eq('id', course.id);
    }
  });
});
