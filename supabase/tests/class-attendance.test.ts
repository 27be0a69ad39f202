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
  enrolledDaysAgo,
  expectDenied,
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';

// Taking attendance (20261122000500_classes.sql, 20261122001600_read_models_classes.sql): a
// student's own join time survives the teacher's roster, while a teacher's or admin's explicit correction
// of it is kept; save_class_attendance writes only for the class's teacher or an admin and only for the
// course's students who have not dropped it (active or completed); class_roster lists those students
// with their marks, and class_attendance_figures (each class of Class Management's page carries its
// row, get_class_management) counts them. Expected figures are counted here by the database owner.

type Mark = {
  attended: boolean;
  attended_at: string | null;
  marked_by: string | null;
  updated_at: string;
};

let school: School;
/** Two more students of Spanish A1 (school.course), one who completed it and one who dropped it. */
let ana: Person;
let ben: Person;
let finisher: Person;
let leaver: Person;

beforeAll(async () => {
  school = await createSchool();
  [ana, ben, finisher, leaver] = await Promise.all([
    createPerson('student', 'Ana'),
    createPerson('student', 'Ben'),
    createPerson('student', 'Fay'),
    createPerson('student', 'Lea'),
  ]);
  await Promise.all([
    enroll(ana.id, school.course.id),
    enroll(ben.id, school.course.id),
    enroll(finisher.id, school.course.id),
    enroll(leaver.id, school.course.id),
  ]);
  // Enrolled before the classes the tests set in the past.
  await Promise.all(
    [school.student, ana, ben, finisher, leaver].map((person) => enrolledDaysAgo(person.id, school.course.id)),
  );
  await leaver.client.rpc('unenroll_user_from_course', {
    user_uuid: leaver.id,
    course_uuid: school.course.id,
  });
  // An administrator closes Fay's enrolment as completed: she was in the class.
  const completed = await service
    .from('enrollments')
    .update({ status: 'completed' })
    .eq('user_id', finisher.id)
    .eq('course_id', school.course.id)
    .select('status')
    .single();
  expect(completed.data).toEqual({ status: 'completed' });
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
  it('keeps the time a student marked themselves present when the teacher writes the mark without a time', async () => {
    const { teacher, student } = school;
    const live = await liveNow();
    const joined = await studentJoins(student, live.id);
    await pause(1100);

    // A table upsert that says "present" again, without a time: the join time stays.
    const resaved = await teacher.client
      .from('class_attendance')
      .upsert(
        { class_id: live.id, user_id: student.id, attended: true },
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

describe('correcting the time a student arrived', () => {
  /** Ten minutes before the given time, as the teacher would type it. */
  const tenMinutesBefore = (iso: string) => new Date(Date.parse(iso) - 10 * 60_000).toISOString();

  it("keeps a teacher's explicit correction of a present student's time, and re-saving the roster keeps it", async () => {
    const { teacher, student } = school;
    const live = await liveNow();
    const joined = await studentJoins(student, live.id);
    const corrected = tenMinutesBefore(joined.attended_at as string);

    const update = await teacher.client
      .from('class_attendance')
      .update({ attended_at: corrected })
      .eq('class_id', live.id)
      .eq('user_id', student.id)
      .select('attended, attended_at, marked_by')
      .single();
    expect(update.error).toBeNull();
    expect(update.data?.attended).toBe(true);
    expect(new Date(update.data?.attended_at as string).getTime()).toBe(Date.parse(corrected));
    expect(update.data?.marked_by).toBe(teacher.id);

    // Taking the roster again (the student still present) does not move the corrected time.
    expect((await save(teacher.client, live.id, [student.id, ana.id])).error).toBeNull();
    const after = await markOf(live.id, student.id);
    expect(new Date(after?.attended_at as string).getTime()).toBe(Date.parse(corrected));
  });

  it("keeps an admin's correction sent with the mark (upsert), like the teacher's", async () => {
    const { admin, student } = school;
    const live = await liveNow();
    const joined = await studentJoins(student, live.id);
    const corrected = tenMinutesBefore(joined.attended_at as string);

    const upsert = await admin.client
      .from('class_attendance')
      .upsert(
        { class_id: live.id, user_id: student.id, attended: true, attended_at: corrected },
        { onConflict: 'class_id,user_id' },
      )
      .select('attended_at, marked_by')
      .single();
    expect(upsert.error).toBeNull();
    expect(new Date(upsert.data?.attended_at as string).getTime()).toBe(Date.parse(corrected));
    expect(upsert.data?.marked_by).toBe(admin.id);
  });

  it('never takes a time from the student: joining stamps now, and a present student cannot move it', async () => {
    const { student } = school;
    const live = await liveNow();
    const before = Date.now();
    const claimed = await student.client
      .from('class_attendance')
      .upsert(
        {
          class_id: live.id,
          user_id: student.id,
          attended: true,
          attended_at: '2020-01-01T00:00:00Z',
        },
        { onConflict: 'class_id,user_id' },
      )
      .select('attended_at')
      .single();
    expect(claimed.error).toBeNull();
    const stamped = Date.parse(claimed.data?.attended_at as string);
    // The database's clock, not the request's claim (a little slack for the two clocks).
    expect(stamped).toBeGreaterThan(before - 60_000);

    const moved = await student.client
      .from('class_attendance')
      .update({ attended_at: tenMinutesBefore(claimed.data?.attended_at as string) })
      .eq('class_id', live.id)
      .eq('user_id', student.id)
      .select('attended_at')
      .single();
    expect(moved.error).toBeNull();
    expect(Date.parse(moved.data?.attended_at as string)).toBe(stamped);
  });

  it('another teacher cannot correct the time', async () => {
    const { otherTeacher, teacher, student } = school;
    const live = await liveNow();
    const joined = await studentJoins(student, live.id);
    const attempt = await otherTeacher.client
      .from('class_attendance')
      .update({ attended_at: tenMinutesBefore(joined.attended_at as string) })
      .eq('class_id', live.id)
      .eq('user_id', student.id)
      .select('id');
    expect(attempt.error).toBeNull();
    expect(attempt.data).toEqual([]);
    expect(await markOf(live.id, student.id)).toEqual(joined);
    // The course's own teacher still can (the refusal above was about who, not what).
    const own = await teacher.client
      .from('class_attendance')
      .update({ attended_at: tenMinutesBefore(joined.attended_at as string) })
      .eq('class_id', live.id)
      .eq('user_id', student.id)
      .select('id');
    expect(own.data).toHaveLength(1);
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

  it('takes the attendance of a student who completed the course: they were in the class', async () => {
    const { teacher } = school;
    const live = await liveNow();
    const { error } = await save(teacher.client, live.id, [finisher.id]);
    expect(error).toBeNull();
    expect(await markOf(live.id, finisher.id)).toMatchObject({
      attended: true,
      marked_by: teacher.id,
    });
  });

  it('refuses anyone not on the roster (never enrolled, another course, dropped), saving none of the marks', async () => {
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
        where p.oid = 'public.save_class_attendance(uuid, uuid[], uuid[])'::regprocedure`,
    );
    expect(rows).toEqual([{ anon: false, authenticated: true, definer: false, search_path: true }]);
    // The figures of each class of Class Management's page: a view that runs as the caller.
    const view = await ownerQuery<{ invoker: boolean; anon: boolean; authenticated: boolean }>(
      `select coalesce(c.reloptions @> array['security_invoker=true'], false) as invoker,
              has_table_privilege('anon', c.oid, 'select') as anon,
              has_table_privilege('authenticated', c.oid, 'select') as authenticated
         from pg_class c where c.oid = 'public.class_attendance_figures'::regclass`,
    );
    expect(view.rows).toEqual([{ invoker: true, anon: false, authenticated: true }]);
    // The request per page of classes it replaces is gone.
    const old = await ownerQuery(
      `select 1 from pg_proc where proname = 'class_attendance_summary'`,
    );
    expect(old.rows).toEqual([]);
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

  it("lists the course's students who have not dropped it (active and completed) with their marks to its teacher", async () => {
    const { teacher, student, course } = school;
    const live = await liveNow();
    await studentJoins(student, live.id);
    await save(teacher.client, live.id, [], [ben.id]);

    const { rows: expected } = await ownerQuery<{ id: string }>(
      `select e.user_id::text as id from public.enrollments e
        where e.course_id = $1 and e.status <> 'dropped' order by e.user_id`,
      [course.id],
    );
    const roster = await rosterOf(teacher.client, live.id);
    expect(roster.map((row) => row.student_id)).toEqual(expected.map((row) => row.id));
    expect(roster.map((row) => row.student_id)).toContain(finisher.id);
    expect(roster.map((row) => row.student_id)).not.toContain(leaver.id);
    const byId = new Map(roster.map((row) => [row.student_id, row]));
    expect(byId.get(student.id)).toMatchObject({
      attended: true,
      is_marked: true,
      first_name: 'Sara',
    });
    expect(byId.get(ben.id)).toMatchObject({ attended: false, is_marked: true });
    expect(byId.get(ana.id)).toMatchObject({ attended: false, is_marked: false });
    // The teacher may read the completed student's profile: she is named on the roster.
    expect(byId.get(finisher.id)).toMatchObject({ first_name: 'Fay', is_marked: false });
  });

  it("lets only the course's teacher (and admins) read a completed student's profile", async () => {
    const { teacher, otherTeacher, admin } = school;
    const read = (client: SupabaseClient) =>
      client.from('users').select('id, first_name').eq('id', finisher.id);
    expect((await read(teacher.client)).data).toEqual([{ id: finisher.id, first_name: 'Fay' }]);
    expect((await read(admin.client)).data).toEqual([{ id: finisher.id, first_name: 'Fay' }]);
    expect((await read(otherTeacher.client)).data).toEqual([]);
    expect((await read(school.student.client)).data).toEqual([]);
    // A dropped student stays hidden from the teacher, as before.
    expect((await teacher.client.from('users').select('id').eq('id', leaver.id)).data).toEqual([]);
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

describe('class_attendance_figures, the attendance of each class of a page', () => {
  type Summary = {
    class_id: string;
    roster_count: number;
    attended_count: number;
    attendance_rate: number | null;
  };

  const normalized = (rows: Summary[]) =>
    rows
      .map((row) => ({
        ...row,
        attendance_rate: row.attendance_rate === null ? null : Number(row.attendance_rate),
      }))
      .sort((a, b) => a.class_id.localeCompare(b.class_id));

  /** The figures of the given classes, as the caller reads them (one row per class they may see). */
  async function summaryOf(client: SupabaseClient, classIds: string[]): Promise<Summary[]> {
    const { data, error } = await client
      .from('class_attendance_figures')
      .select('class_id, roster_count, attended_count, attendance_rate')
      .in('class_id', classIds);
    expect(error).toBeNull();
    return normalized((data ?? []) as Summary[]);
  }

  /** Counted by the owner: the course's students who have not dropped it, and those of them marked present. */
  async function expectedOf(classIds: string[]): Promise<Summary[]> {
    const { rows } = await ownerQuery<{
      class_id: string;
      roster_count: number;
      attended_count: number;
    }>(
      `select cl.id::text as class_id,
              (select count(*) from public.enrollments e
                where e.course_id = cl.course_id and e.status <> 'dropped')::int as roster_count,
              (select count(*) from public.class_attendance a
                 join public.enrollments e on e.user_id = a.user_id and e.course_id = cl.course_id and e.status <> 'dropped'
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

  it("counts each class's roster and who attended, for its teacher", async () => {
    const { teacher, student, courseClass } = school;
    const live = await liveNow();
    await studentJoins(student, live.id);
    await save(teacher.client, live.id, [ana.id], [ben.id]);
    const empty = await createClass(school.inactiveCourse.id);

    const summary = await summaryOf(teacher.client, [live.id, courseClass.id, empty.id]);
    expect(summary).toEqual(await expectedOf([live.id, courseClass.id, empty.id]));
    const liveRow = summary.find((row) => row.class_id === live.id);
    // Sara joined and Ana was marked present; Ben absent; Fay (completed) unmarked; the dropped
    // student is not counted.
    expect(liveRow).toMatchObject({ roster_count: 4, attended_count: 2, attendance_rate: 50 });
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

  it("keeps a dropped student's past marks readable but out of the counts", async () => {
    const { teacher, course } = school;
    const past = await createClass(course.id, { scheduled_date: hoursFromNow(-26), duration: 60 });
    // Lea attended before she dropped (recorded by trusted code, as an import would).
    await ownerQuery(
      `insert into public.class_attendance (class_id, user_id, attended) values ($1, $2, true)`,
      [past.id, leaver.id],
    );
    expect((await save(teacher.client, past.id, [ana.id, finisher.id], [ben.id])).error).toBeNull();

    const rows = await teacher.client
      .from('class_attendance')
      .select('user_id, attended')
      .eq('class_id', past.id)
      .eq('user_id', leaver.id);
    expect(rows.data).toEqual([{ user_id: leaver.id, attended: true }]);

    const [row] = await summaryOf(teacher.client, [past.id]);
    expect(row).toEqual((await expectedOf([past.id]))[0]);
    // Sara, Ana, Ben and Fay are on the roster; Ana and Fay attended; Lea's mark is not counted.
    expect(row).toMatchObject({ roster_count: 4, attended_count: 2, attendance_rate: 50 });
  });

  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().from('class_attendance_figures').select('*'));
  });
});

describe('my_students attendance rate', () => {
  it('counts only the classes that have ended: a class in progress is not held yet', async () => {
    const { teacher, admin } = school;
    const course = await service
      .from('courses')
      .insert({ title: 'Rates', language: 'Spanish', teacher_id: teacher.id })
      .select('id')
      .single();
    const courseId = course.data?.id as string;
    const learner = await createPerson('student', 'Rita');
    await enroll(learner.id, courseId);
    await enrolledDaysAgo(learner.id, courseId);
    const [past1, , inProgress, future] = await Promise.all([
      createClass(courseId, { scheduled_date: hoursFromNow(-48) }),
      createClass(courseId, { scheduled_date: hoursFromNow(-24) }),
      // Started 15 minutes ago, ends in 45: not held yet.
      createClass(courseId, { scheduled_date: hoursFromNow(-0.25), duration: 60 }),
      createClass(courseId, { scheduled_date: hoursFromNow(48) }),
    ]);
    await save(teacher.client, past1.id, [learner.id]);
    await save(teacher.client, inProgress.id, [learner.id]);
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
        total_classes: 4,
        held_classes: 2,
        attended_classes: 3,
        attended_held_classes: 1,
        attendance_rate: 50,
      });
    }
    await service.from('courses').delete().eq('id', courseId);
  });
});
