import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, anonClient, signInAs } from '../../local-supabase/tests/support';
import {
  type School,
  asUser,
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

// class_stats() (20261122001600_read_models_classes.sql): Class Management's figures over the classes the
// caller may read. The expected figures are counted here by the database owner (no RLS) from each
// person's own rule: a teacher's courses, an admin's everything, a student's active enrolments.

type Stats = { total: number; live: number; recorded: number; total_minutes: number };

const COUNT = `count(*)::int as total,
               count(*) filter (where cl.type = 'live')::int as live,
               count(*) filter (where cl.type = 'recorded')::int as recorded,
               coalesce(sum(cl.duration), 0)::int as total_minutes`;

async function expected(sql: string, params: unknown[] = []): Promise<Stats> {
  const { rows } = await ownerQuery<Stats>(`select ${COUNT} from public.classes cl ${sql}`, params);
  return rows[0] as Stats;
}

const ofTeacher = (teacherId: string) =>
  expected('join public.courses c on c.id = cl.course_id where c.teacher_id = $1', [teacherId]);

const ofStudent = (studentId: string) =>
  expected(
    `where exists (select 1 from public.enrollments e
                    where e.course_id = cl.course_id and e.user_id = $1 and e.status = 'active')`,
    [studentId],
  );

/** The caller's figures through the API, as the screen asks for them. */
async function statsOf(client: SupabaseClient): Promise<Stats> {
  const { data, error } = await client.rpc('class_stats');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
  const [row] = data as Array<Record<keyof Stats, number>>;
  return {
    total: Number(row?.total),
    live: Number(row?.live),
    recorded: Number(row?.recorded),
    total_minutes: Number(row?.total_minutes),
  };
}

let school: School;
let demoTeacher: SupabaseClient;
let demoAdmin: SupabaseClient;
let demoStudent: SupabaseClient;
const created: string[] = [];

beforeAll(async () => {
  school = await createSchool();
  [demoTeacher, demoAdmin, demoStudent] = await Promise.all([
    signInAs(DEMO_ACCOUNTS.teacher.email),
    signInAs(DEMO_ACCOUNTS.admin.email),
    signInAs(DEMO_ACCOUNTS.student.email),
  ]);
  // Give the school's teacher a recorded class and a longer one, so the figures differ by type.
  await Promise.all([
    createClass(school.course.id, { title: 'Listening', type: 'recorded', meeting_link: null, duration: 45 }),
    createClass(school.inactiveCourse.id, { title: 'Archived', duration: 90 }),
  ]);
});

afterAll(async () => {
  if (created.length > 0) await service.from('classes').delete().in('id', created);
  await closeDb();
});

describe('class_stats() as the demo teacher', () => {
  it('counts the classes of their own courses, by type, with their minutes', async () => {
    const stats = await statsOf(demoTeacher);
    expect(stats).toEqual(await ofTeacher(DEMO_ACCOUNTS.teacher.id));
    // The seed gives Daniel live and recorded classes.
    expect(stats.live).toBeGreaterThan(0);
    expect(stats.recorded).toBeGreaterThan(0);
    expect(stats.total).toBe(stats.live + stats.recorded);
  });

  it('equals what the teacher reads from classes themselves, in the same snapshot', async () => {
    const { rows } = await asUser(DEMO_ACCOUNTS.teacher.id, (db) =>
      db.query<Stats & { visible: number; visible_live: number; visible_minutes: number }>(
        `select s.total::int, s.live::int, s.recorded::int, s.total_minutes::int,
                (select count(*)::int from public.classes) as visible,
                (select count(*)::int from public.classes where type = 'live') as visible_live,
                (select coalesce(sum(duration), 0)::int from public.classes) as visible_minutes
           from public.class_stats() s`,
      ),
    );
    const [row] = rows;
    expect(row?.total).toBe(row?.visible);
    expect(row?.live).toBe(row?.visible_live);
    expect(row?.total_minutes).toBe(row?.visible_minutes);
  });

  it('follows a class scheduled in, then removed from, one of their courses', async () => {
    const before = await statsOf(demoTeacher);
    const { data: courses } = await service.from('courses').select('id').eq('teacher_id', DEMO_ACCOUNTS.teacher.id).limit(1);
    const extra = await createClass(courses?.[0]?.id as string, { type: 'recorded', meeting_link: null, duration: 30 });
    created.push(extra.id);
    expect(await statsOf(demoTeacher)).toEqual({
      total: before.total + 1,
      live: before.live,
      recorded: before.recorded + 1,
      total_minutes: before.total_minutes + 30,
    });
    await service.from('classes').delete().eq('id', extra.id);
    expect(await statsOf(demoTeacher)).toEqual(before);
  });
});

describe('class_stats() as another teacher', () => {
  it("counts only their own courses' classes, none of the demo teacher's", async () => {
    const { teacher, otherTeacher } = school;
    const mine = await statsOf(teacher.client);
    expect(mine).toEqual(await ofTeacher(teacher.id));
    // Spanish A1 (Greetings, Listening) and the inactive course (Archived) are theirs.
    expect(mine).toEqual({ total: 3, live: 2, recorded: 1, total_minutes: 60 + 45 + 90 });
    expect(await statsOf(otherTeacher.client)).toEqual(await ofTeacher(otherTeacher.id));
    expect(mine.total).not.toBe((await statsOf(demoTeacher)).total);
  });

  it("does not move when the demo teacher's courses gain a class", async () => {
    const { teacher } = school;
    const before = await statsOf(teacher.client);
    const { data: courses } = await service.from('courses').select('id').eq('teacher_id', DEMO_ACCOUNTS.teacher.id).limit(1);
    const extra = await createClass(courses?.[0]?.id as string);
    created.push(extra.id);
    expect(await statsOf(teacher.client)).toEqual(before);
    await service.from('classes').delete().eq('id', extra.id);
  });

  it('is all zeros for a teacher without courses', async () => {
    const newcomer = await createPerson('teacher', 'Nora');
    expect(await statsOf(newcomer.client)).toEqual({ total: 0, live: 0, recorded: 0, total_minutes: 0 });
  });
});

describe('class_stats() as an admin', () => {
  it('counts every class of the school', async () => {
    const everything = await expected('');
    expect(await statsOf(demoAdmin)).toEqual(everything);
    expect(await statsOf(school.admin.client)).toEqual(everything);
  });
});

describe('class_stats() as a student', () => {
  it('counts the classes of the courses they are actively enrolled in', async () => {
    const { student, otherStudent } = school;
    expect(await statsOf(student.client)).toEqual(await ofStudent(student.id));
    expect(await statsOf(student.client)).toEqual({ total: 2, live: 1, recorded: 1, total_minutes: 60 + 45 });
    expect(await statsOf(otherStudent.client)).toEqual(await ofStudent(otherStudent.id));
    expect(await statsOf(demoStudent)).toEqual(await ofStudent(DEMO_ACCOUNTS.student.id));
  });

  it('counts nothing for a student enrolled nowhere, and stops counting a dropped course', async () => {
    const { outsider } = school;
    expect(await statsOf(outsider.client)).toEqual({ total: 0, live: 0, recorded: 0, total_minutes: 0 });

    const course = await createCourse({ teacher_id: school.teacher.id });
    await createClass(course.id, { duration: 30 });
    const leaver = await createPerson('student', 'Leo');
    await enroll(leaver.id, course.id);
    expect(await statsOf(leaver.client)).toEqual({ total: 1, live: 1, recorded: 0, total_minutes: 30 });
    await leaver.client.rpc('unenroll_user_from_course', { user_uuid: leaver.id, course_uuid: course.id });
    expect(await statsOf(leaver.client)).toEqual({ total: 0, live: 0, recorded: 0, total_minutes: 0 });
    await service.from('courses').delete().eq('id', course.id);
  });
});

describe('class_stats() without a session', () => {
  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().rpc('class_stats'));
  });

  it('may be executed by signed-in users only, and runs as the caller', async () => {
    const { rows } = await ownerQuery<{ anon: boolean; authenticated: boolean; definer: boolean; search_path: boolean }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              p.prosecdef as definer,
              coalesce(p.proconfig @> array['search_path=""'], false) as search_path
         from pg_proc p where p.oid = 'public.class_stats()'::regprocedure`,
    );
    expect(rows).toEqual([{ anon: false, authenticated: true, definer: false, search_path: true }]);
  });
});
