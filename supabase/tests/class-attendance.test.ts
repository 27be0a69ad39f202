import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  type School,
  closeDb,
  createClass,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';

// Taking attendance (20261123000400_students_attendance.sql): a student's own join time survives the
// teacher's roster, save_class_attendance writes only for the class's teacher or an admin and only for
// actively enrolled students, class_roster lists the course's active students with their marks, and
// class_attendance_summary counts them. Expected figures are counted here by the database owner.

type Mark = {
  attended: boolean;
  attended_at: string | null;
  marked_by: string | null;
  updated_at: string;
};

let school: School;
/** Two more students of Spanish A1 (school.course), and one who dropped it. */
let ana: Person;
let ben: Person;
let leaver: Person;

beforeAll(async () => {
  school = await createSchool();
  [ana, ben, leaver] = await Promise.all([
    createPerson('student', 'Ana'),
    createPerson('student', 'Ben'),
    createPerson('student', 'Lea'),
  ]);
  await Promise.all([
    enroll(ana.id, school.course.id),
    enroll(ben.id, school.course.id),
    enroll(leaver.id, school.course.id),
  ]);
  await leaver.client.rpc('unenroll_user_from_course', {
    user_uuid: leaver.id,
    course_uuid: school.course.id,
  });
});

afterAll(async () => {
  await closeDb();
});

/** A live class of Spanish A1 that started 15 minutes ago: students may mark themselves present. */
const liveNow = () =>
  createClass(school.course.id, { scheduled_date: hoursFromNow(-0.25), duration: 60 });

async function markOf(classId: string, userId: string): Promise<Mark | undefined> {
  const { rows } = await ownerQuery<Mark>(
    `select attended, attended_at::text, marked_by::text, updated_at::text
       from public.class_attendance where class_id = $1 and user_id = $2`,
    [classId, userId],
  );
  return rows[0];
}

async function studentJoins(student: Person, classId: string): Promise<Mark> {
  const { error } = await student.client
    .from('class_attendance')
    .upsert(
      { class_id: classId, user_id: student.id, attended: true },
      { onConflict: 'class_id,user_id' },
    );
  expect(error).toBeNull();
  return (await markOf(classId, student.id)) as Mark;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function save(client: SupabaseClient, classId: string, present: string[], absent: string[] = []) {
  return client.rpc('save_class_attendance', {
    class_uuid: classId,
    present_user_ids: present,
    absent_user_ids: absent,
  });
}

describe('a teacher re-saving the roster', () => {
  it('keeps the time a student marked themselves present when joining (table upsert, as before)', async () => {
    const { teacher, student } = school;
    const live = await liveNow();
    const joined = await studentJoins(student, live.id);
    await pause(1100);

    // What the roster used to send: every present student, stamped "now".
    const resaved = await teacher.client
      .from('class_attendance')
      .upsert(
        {
          class_id: live.id,
          user_id: student.id,
          attended: true,
          attended_at: new Date().toISOString(),
        },
        { onConflict: 'class_id,user_id' },
      )
      .select('attended, attended_at')
      .single();
    expect(resaved.error).toBeNull();
    expect(new Date(resaved.data?.attended_at as string).getTime()).toBe(
      new Date(joined.attended_at as string).getTime(),
    );
  });

  it('keeps the join time and who marked it through save_class_attendance', async () => {
    const { teacher, student } = school;
    const live = await liveNow();
    const joined = await studentJoins(student, live.id);
    expect(joined.marked_by).toBe(student.id);
    await pause(1100);

    const { data, error } = await save(teacher.client, live.id, [student.id, ana.id], [ben.id]);
    expect(error).toBeNull();

    expect(await markOf(live.id, student.id)).toEqual(joined);
    const anaMark = await markOf(live.id, ana.id);
    expect(anaMark).toMatchObject({ attended: true, marked_by: teacher.id });
    expect(new Date(anaMark?.attended_at as string).getTime()).toBeGreaterThan(
      new Date(joined.attended_at as string).getTime(),
    );
    expect(await markOf(live.id, ben.id)).toMatchObject({
      attended: false,
      attended_at: null,
      marked_by: teacher.id,
    });
    // The answer is the marks of the students sent.
    const answered = (data as Array<{ user_id: string; attended: boolean }>).map(
      (mark): [string, boolean] => [mark.user_id, mark.attended],
    );
    expect(new Map(answered)).toEqual(
      new Map([
        [student.id, true],
        [ana.id, true],
        [ben.id, false],
      ]),
    );
  });

  it('stamps a new time when a student is marked absent and then present again', async () => {
    const { teacher, student } = school;
    const live = await liveNow();
    const joined = await studentJoins(student, live.id);
    await pause(1100);
    expect((await save(teacher.client, live.id, [], [student.id])).error).toBeNull();
    expect(await markOf(live.id, student.id)).toMatchObject({ attended: false, attended_at: null });
    expect((await save(teacher.client, live.id, [student.id])).error).toBeNull();
    const again = await markOf(live.id, student.id);
    expect(again?.attended).toBe(true);
    expect(new Date(again?.attended_at as string).getTime()).toBeGreaterThan(
      new Date(joined.attended_at as string).getTime(),
    );
  });

  it('does not rewrite a mark that stays the same', async () => {
    const { teacher } = school;
    const live = await liveNow();
    expect((await save(teacher.client, live.id, [], [ana.id])).error).toBeNull();
    const first = await markOf(live.id, ana.id);
    await pause(50);
    expect((await save(teacher.client, live.id, [], [ana.id])).error).toBeNull();
    expect(await markOf(live.id, ana.id)).toEqual(first);
  });
});

describe('save_class_attendance: who may take attendance', () => {
  it("an admin takes any class's attendance", async () => {
    const { admin, otherClass, otherStudent } = school;
    const { error } = await save(admin.client, otherClass.id, [otherStudent.id]);
    expect(error).toBeNull();
    expect(await markOf(otherClass.id, otherStudent.id)).toMatchObject({
      attended: true,
      marked_by: admin.id,
    });
  });

  it('another teacher, a student and anonymous callers are refused, and nothing is written', async () => {
    const { otherTeacher, student } = school;
    const live = await liveNow();
    expectDenied(await save(otherTeacher.client, live.id, [ana.id]));
    // Even a student of the course, even for their own mark, in the class's join window.
    expectDenied(await save(student.client, live.id, [student.id, ana.id]));
    expectDenied(await save(anonClient(), live.id, [ana.id]));
    expect(await markOf(live.id, ana.id)).toBeUndefined();
    expect(await markOf(live.id, student.id)).toBeUndefined();
  });

  it('refuses anyone not actively enrolled in the course, saving none of the marks', async () => {
    const { teacher, outsider, otherStudent } = school;
    const live = await liveNow();
    for (const stranger of [outsider.id, otherStudent.id, leaver.id, school.teacher.id]) {
      const { error } = await save(teacher.client, live.id, [ana.id], [stranger]);
      expect(error?.code).toBe('23514');
      expect(error?.message).toBe('This student is not enrolled in the course of this class');
    }
    expect(await markOf(live.id, ana.id)).toBeUndefined();
  });

  it('refuses a student marked both present and absent, and an unknown class', async () => {
    const { teacher, admin } = school;
    const live = await liveNow();
    const both = await save(teacher.client, live.id, [ana.id], [ana.id]);
    expect(both.error?.code).toBe('22023');
    const unknown = await save(admin.client, '00000000-0000-4000-8000-000000000000', [ana.id]);
    expect(unknown.error?.message).toBe('Class not found');
    // A teacher is not told whether a class they do not teach exists.
    expectDenied(await save(teacher.client, '00000000-0000-4000-8000-000000000000', [ana.id]));
  });

  it('runs as the caller, for signed-in users only', async () => {
    const { rows } = await ownerQuery<{
      anon: boolean;
      authenticated: boolean;
      definer: boolean;
      search_path: boolean;
    }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              p.prosecdef as definer,
              coalesce(p.proconfig @> array['search_path=""'], false) as search_path
         from pg_proc p
        where p.oid in ('public.save_class_attendance(uuid, uuid[], uuid[])'::regprocedure,
                        'public.class_attendance_summary(uuid[])'::regprocedure)`,
    );
    expect(rows).toEqual([
      { anon: false, authenticated: true, definer: false, search_path: true },
      { anon: false, authenticated: true, definer: false, search_path: true },
    ]);
  });
});

describe('class_roster', () => {
  type RosterRow = {
    student_id: string;
    attended: boolean;
    is_marked: boolean;
    first_name: string;
  };

  async function rosterOf(client: SupabaseClient, classId: string) {
    const { data, error } = await client
      .from('class_roster')
      .select('student_id, attended, is_marked, first_name')
      .eq('class_id', classId)
      .order('student_id');
    expect(error).toBeNull();
    return (data ?? []) as RosterRow[];
  }

  it("lists the course's active students with their marks to its teacher; a dropped student is not on it", async () => {
    const { teacher, student, course } = school;
    const live = await liveNow();
    await studentJoins(student, live.id);
    await save(teacher.client, live.id, [], [ben.id]);

    const { rows: expected } = await ownerQuery<{ id: string }>(
      `select e.user_id::text as id from public.enrollments e
        where e.course_id = $1 and e.status = 'active' order by e.user_id`,
      [course.id],
    );
    const roster = await rosterOf(teacher.client, live.id);
    expect(roster.map((row) => row.student_id)).toEqual(expected.map((row) => row.id));
    expect(roster.map((row) => row.student_id)).not.toContain(leaver.id);
    const byId = new Map(roster.map((row) => [row.student_id, row]));
    expect(byId.get(student.id)).toMatchObject({
      attended: true,
      is_marked: true,
      first_name: 'Sara',
    });
    expect(byId.get(ben.id)).toMatchObject({ attended: false, is_marked: true });
    expect(byId.get(ana.id)).toMatchObject({ attended: false, is_marked: false });
  });

  it('shows another teacher nothing, a student only their own row, an admin everything', async () => {
    const { otherTeacher, student, admin, teacher } = school;
    const live = await liveNow();
    expect(await rosterOf(otherTeacher.client, live.id)).toEqual([]);
    expect((await rosterOf(student.client, live.id)).map((row) => row.student_id)).toEqual([
      student.id,
    ]);
    expect(await rosterOf(admin.client, live.id)).toEqual(await rosterOf(teacher.client, live.id));
    expectDenied(
      await anonClient().from('class_roster').select('student_id').eq('class_id', live.id),
    );
  });
});

describe('class_attendance_summary', () => {
  type Summary = {
    class_id: string;
    roster_count: number;
    attended_count: number;
    attendance_rate: number | null;
  };

  async function summaryOf(client: SupabaseClient, classIds: string[]): Promise<Summary[]> {
    const { data, error } = await client.rpc('class_attendance_summary', { class_ids: classIds });
    expect(error).toBeNull();
    return ((data ?? []) as Summary[])
      .map((row) => ({
        ...row,
        attendance_rate: row.attendance_rate === null ? null : Number(row.attendance_rate),
      }))
      .sort((a, b) => a.class_id.localeCompare(b.class_id));
  }

  /** Counted by the owner: the course's active students, and those of them marked present. */
  async function expectedOf(classIds: string[]): Promise<Summary[]> {
    const { rows } = await ownerQuery<{
      class_id: string;
      roster_count: number;
      attended_count: number;
    }>(
      `select cl.id::text as class_id,
              (select count(*) from public.enrollments e
                where e.course_id = cl.course_id and e.status = 'active')::int as roster_count,
              (select count(*) from public.class_attendance a
                 join public.enrollments e on e.user_id = a.user_id and e.course_id = cl.course_id and e.status = 'active'
                where a.class_id = cl.id and a.attended)::int as attended_count
         from public.classes cl where cl.id = any ($1::uuid[]) order by cl.id::text`,
      [classIds],
    );
    return rows
      .map((row) => ({
        ...row,
        attendance_rate:
          row.roster_count > 0
            ? Math.round((1000 * row.attended_count) / row.roster_count) / 10
            : null,
      }))
      .sort((a, b) => a.class_id.localeCompare(b.class_id));
  }

  it("counts each class's roster and who attended, for its teacher, in one request", async () => {
    const { teacher, student, courseClass } = school;
    const live = await liveNow();
    await studentJoins(student, live.id);
    await save(teacher.client, live.id, [ana.id], [ben.id]);
    const empty = await createClass(school.inactiveCourse.id);

    const summary = await summaryOf(teacher.client, [live.id, courseClass.id, empty.id]);
    expect(summary).toEqual(await expectedOf([live.id, courseClass.id, empty.id]));
    const liveRow = summary.find((row) => row.class_id === live.id);
    // Sara joined and Ana was marked present; Ben absent; the dropped student is not counted.
    expect(liveRow).toMatchObject({ roster_count: 3, attended_count: 2, attendance_rate: 66.7 });
    expect(summary.find((row) => row.class_id === empty.id)).toMatchObject({
      roster_count: 0,
      attendance_rate: null,
    });
  });

  it("leaves out another teacher's classes; an admin sees every class; a student counts only themselves", async () => {
    const { teacher, otherTeacher, admin, student, otherClass } = school;
    const live = await liveNow();
    await save(teacher.client, live.id, [ana.id]);

    expect(
      (await summaryOf(teacher.client, [live.id, otherClass.id])).map((row) => row.class_id),
    ).toEqual([live.id]);
    expect(await summaryOf(otherTeacher.client, [live.id])).toEqual([]);
    expect(await summaryOf(admin.client, [live.id, otherClass.id])).toEqual(
      await expectedOf([live.id, otherClass.id]),
    );
    expect(await summaryOf(student.client, [live.id])).toEqual([
      { class_id: live.id, roster_count: 1, attended_count: 0, attendance_rate: 0 },
    ]);
  });

  it('refuses more than 100 classes and anonymous callers', async () => {
    const ids = Array.from({ length: 101 }, () => crypto.randomUUID());
    const { error } = await school.teacher.client.rpc('class_attendance_summary', {
      class_ids: ids,
    });
    expect(error?.code).toBe('22023');
    expectDenied(
      await anonClient().rpc('class_attendance_summary', { class_ids: [school.courseClass.id] }),
    );
  });
});

describe('my_students attendance rate', () => {
  it('counts only the classes that have started', async () => {
    const { teacher, admin } = school;
    const course = await service
      .from('courses')
      .insert({ title: 'Rates', language: 'Spanish', teacher_id: teacher.id })
      .select('id')
      .single();
    const courseId = course.data?.id as string;
    const learner = await createPerson('student', 'Rita');
    await enroll(learner.id, courseId);
    const [past1, , future] = await Promise.all([
      createClass(courseId, { scheduled_date: hoursFromNow(-48) }),
      createClass(courseId, { scheduled_date: hoursFromNow(-24) }),
      createClass(courseId, { scheduled_date: hoursFromNow(48) }),
    ]);
    await save(teacher.client, past1.id, [learner.id]);
    await save(teacher.client, future.id, [learner.id]);

    for (const client of [teacher.client, admin.client]) {
      const { data, error } = await client
        .from('my_students')
        .select(
          'total_classes, held_classes, attended_classes, attended_held_classes, attendance_rate',
        )
        .eq('student_id', learner.id)
        .eq('course_id', courseId)
        .single();
      expect(error).toBeNull();
      expect({ ...data, attendance_rate: Number(data?.attendance_rate) }).toEqual({
        total_classes: 3,
        held_classes: 2,
        attended_classes: 2,
        attended_held_classes: 1,
        attendance_rate: 50,
      });
    }
    await service.from('courses').delete().eq('id', courseId);
  });
});
