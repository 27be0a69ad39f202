import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import {
  type School,
  asUser,
  attempt,
  closeDb,
  createActivity,
  createClass,
  createCourse,
  createPerson,
  createSchool,
  createSubmission,
  enroll,
  enrolledDaysAgo,
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';

// The per-teacher-and-student figures My Students reads (private.teacher_students, kept by
// 20261122001400_summary_figures.sql): for each teacher and student with an active enrolment in the
// teacher's courses, the sum of those enrolments' progress and the student's newest present mark or
// handed-in work there (time and id). After every kind of change (one row through the API, an update, a
// move, a cascade, a bulk statement, a rollback, two transactions at once) the stored figures are compared
// with a recount of the base tables by the database owner, never with anything read from the summary
// itself.

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  await closeDb();
});

type Db = Awaited<ReturnType<typeof connect>>;

/** The owner's recount of every pair, set against what is stored: the pairs that differ. */
const DRIFT = `
  with enrolled as (
    select c.teacher_id, e.user_id, e.course_id, e.progress
      from public.enrollments e
      join public.courses c on c.id = e.course_id
     where e.status = 'active' and c.teacher_id is not null
  ),
  events as (
    select a.user_id, cl.course_id, a.attended_at as at, a.id
      from public.class_attendance a
      join public.classes cl on cl.id = a.class_id
     where a.attended and a.attended_at is not null
    union all
    select s.student_id, coalesce(ac.course_id, acl.course_id), s.submitted_at, s.id
      from public.activity_submissions s
      join public.activities ac on ac.id = s.activity_id
      left join public.classes acl on acl.id = ac.class_id
  ),
  newest as (
    select distinct on (en.teacher_id, en.user_id) en.teacher_id, en.user_id, ev.at, ev.id
      from enrolled en
      join events ev on ev.user_id = en.user_id and ev.course_id = en.course_id
     order by en.teacher_id, en.user_id, ev.at desc, ev.id
  ),
  counted as (
    select en.teacher_id, en.user_id as student_id, count(*)::integer as active_enrolments,
           sum(en.progress) as progress_total
      from enrolled en
     group by en.teacher_id, en.user_id
  )
  select to_jsonb(s) as stored, to_jsonb(c) as counted
    from (select teacher_id, student_id, active_enrolments, progress_total, last_event_at, last_event_id
            from private.teacher_students
           where active_enrolments <> 0 or progress_total <> 0 or last_event_at is not null
              or last_event_id is not null) s
    full join (
      select c.teacher_id, c.student_id, c.active_enrolments, c.progress_total, n.at as last_event_at,
             n.id as last_event_id
        from counted c
        left join newest n on n.teacher_id = c.teacher_id and n.user_id = c.student_id
    ) c on c.teacher_id = s.teacher_id and c.student_id = s.student_id
   where s.teacher_id is null or c.teacher_id is null
      or (s.active_enrolments, s.progress_total, s.last_event_at, s.last_event_id)
         is distinct from (c.active_enrolments, c.progress_total, c.last_event_at, c.last_event_id)`;

async function drift(client?: Db): Promise<unknown[]> {
  const { rows } = client ? await client.query(DRIFT) : await ownerQuery(DRIFT);
  return rows;
}

async function expectNoDrift(): Promise<void> {
  expect(await drift()).toEqual([]);
}

/** `count` students created as the owner (profiles by the sign-up trigger). */
async function makeStudents(count: number, label: string): Promise<string[]> {
  const { rows } = await ownerQuery<{ id: string }>(
    `insert into auth.users (id, email, raw_user_meta_data)
     select gen_random_uuid(), format('figures-%s-%s-%s@example.org', $2::text, n, floor(random() * 1e9)::bigint),
            jsonb_build_object('first_name', 'Figures', 'last_name', $2::text || n)
       from generate_series(1, $1::integer) n
     returning id`,
    [count, label],
  );
  return rows.map((row) => row.id);
}

const pairOf = async (teacherId: string, studentId: string) =>
  (
    await ownerQuery<{
      active_enrolments: number;
      progress_total: string;
      last_event_id: string | null;
    }>(
      `select active_enrolments, progress_total::text, last_event_id::text
         from private.teacher_students where teacher_id = $1 and student_id = $2`,
      [teacherId, studentId],
    )
  ).rows[0];

describe("the teachers' student figures follow every change to their rows", () => {
  it('agree with a recount to begin with', async () => {
    await expectNoDrift();
  });

  it('follow present marks: a student joining, a roster saved, a time corrected, a mark removed', async () => {
    const { teacher, student, admin, course } = school;
    const ana = await createPerson('student', 'Ana');
    await enroll(ana.id, course.id);
    // On the class's roster: enrolled before it started.
    await enrolledDaysAgo(ana.id, course.id, 1);
    const live = await createClass(course.id, {
      scheduled_date: hoursFromNow(-0.25),
      duration: 60,
    });
    await expectNoDrift();

    // Sara joins the live class herself; the teacher marks Ana present, then absent, then present.
    const joined = await student.client
      .from('class_attendance')
      .upsert(
        { class_id: live.id, user_id: student.id, attended: true },
        { onConflict: 'class_id,user_id' },
      );
    expect(joined.error).toBeNull();
    await expectNoDrift();
    const { rows: mark } = await ownerQuery<{ id: string }>(
      'select id::text from public.class_attendance where class_id = $1 and user_id = $2',
      [live.id, student.id],
    );
    expect((await pairOf(teacher.id, student.id))?.last_event_id).toBe(mark[0]?.id);

    for (const [present, absent] of [
      [[ana.id], []],
      [[], [ana.id]],
      [[ana.id], []],
    ] as const) {
      const saved = await teacher.client.rpc('save_class_attendance', {
        class_uuid: live.id,
        present_user_ids: present,
        absent_user_ids: absent,
      });
      expect(saved.error).toBeNull();
      await expectNoDrift();
    }

    // An administrator moves Sara's arrival back a day; then her mark is removed.
    const corrected = await admin.client
      .from('class_attendance')
      .update({ attended_at: hoursFromNow(-24) })
      .eq('class_id', live.id)
      .eq('user_id', student.id);
    expect(corrected.error).toBeNull();
    await expectNoDrift();
    await service
      .from('class_attendance')
      .delete()
      .eq('class_id', live.id)
      .eq('user_id', student.id);
    await expectNoDrift();
    await service.from('classes').delete().eq('id', live.id);
    await expectNoDrift();
  });

  it('follow work: handed in, re-dated, graded (which moves progress), deleted', async () => {
    const { teacher, student, activity, classActivity } = school;
    const work = await createSubmission({ activity_id: activity.id, student_id: student.id });
    const quiz = await createSubmission({ activity_id: classActivity.id, student_id: student.id });
    await expectNoDrift();
    expect((await pairOf(teacher.id, student.id))?.last_event_id).toEqual(
      expect.stringMatching(new RegExp(`^(${work.id}|${quiz.id})$`)),
    );

    await ownerQuery(
      `update public.activity_submissions set submitted_at = now() + interval '1 hour' where id = $1`,
      [work.id],
    );
    await expectNoDrift();
    expect((await pairOf(teacher.id, student.id))?.last_event_id).toBe(work.id);

    const before = await pairOf(teacher.id, student.id);
    const graded = await teacher.client
      .from('activity_submissions')
      .update({ grade: 90 })
      .eq('id', work.id);
    expect(graded.error).toBeNull();
    await expectNoDrift();
    // Grading completed work moved the enrolment's progress, and the pair's sum with it.
    expect((await pairOf(teacher.id, student.id))?.progress_total).not.toBe(before?.progress_total);

    await service.from('activity_submissions').delete().in('id', [work.id, quiz.id]);
    await expectNoDrift();
  });

  it('follow enrolments, moved classes and activities, and deleted courses and accounts', async () => {
    const [first, second] = await Promise.all([
      createPerson('teacher', 'Uno'),
      createPerson('teacher', 'Dos'),
    ]);
    const [courseA, courseB] = await Promise.all([
      createCourse({ title: 'Figures A', teacher_id: first.id }),
      createCourse({ title: 'Figures B', teacher_id: second.id }),
    ]);
    const [bo, cy] = await Promise.all([
      createPerson('student', 'Bo'),
      createPerson('student', 'Cy'),
    ]);
    const boInA = await enroll(bo.id, courseA.id);
    await Promise.all([enroll(bo.id, courseB.id), enroll(cy.id, courseA.id)]);
    const lesson = await createClass(courseA.id, { scheduled_date: hoursFromNow(30) });
    const lessonTask = await createActivity({ class_id: lesson.id, title: 'Lesson task' });
    const task = await createActivity({ course_id: courseA.id, title: 'Course task' });
    await createSubmission({ activity_id: lessonTask.id, student_id: bo.id });
    await createSubmission({ activity_id: task.id, student_id: cy.id });
    await expectNoDrift();

    // Bo drops A (his work there stops counting for the first teacher), then is active again.
    await service.from('enrollments').update({ status: 'dropped' }).eq('id', boInA);
    await expectNoDrift();
    expect((await pairOf(first.id, bo.id))?.active_enrolments).toBe(0);
    await service.from('enrollments').update({ status: 'completed' }).eq('id', boInA);
    await service.from('enrollments').update({ status: 'active' }).eq('id', boInA);
    await expectNoDrift();

    // A future class (with its activity's work) and a course activity move to the second teacher's course.
    expect(
      (await service.from('classes').update({ course_id: courseB.id }).eq('id', lesson.id)).error,
    ).toBeNull();
    await expectNoDrift();
    expect(
      (await service.from('activities').update({ course_id: courseB.id }).eq('id', task.id)).error,
    ).toBeNull();
    await expectNoDrift();

    // Deletes: an activity (its work by cascade), a class, an account, then a course with everything.
    await service.from('activities').delete().eq('id', task.id);
    await expectNoDrift();
    await service.from('classes').delete().eq('id', lesson.id);
    await expectNoDrift();
    await ownerQuery('delete from auth.users where id = $1', [cy.id]);
    await expectNoDrift();
    await service.from('courses').delete().in('id', [courseA.id, courseB.id]);
    await expectNoDrift();
    await ownerQuery('delete from auth.users where id = any ($1::uuid[])', [
      [bo.id, first.id, second.id],
    ]);
  });

  it('follow bulk statements and roll back with them', async () => {
    const teacher = await createPerson('teacher', 'Bulk');
    const courses = await Promise.all(
      [0, 1].map((index) =>
        createCourse({ title: `Figures bulk ${index}`, teacher_id: teacher.id, max_students: 200 }),
      ),
    );
    const courseIds = courses.map((course) => course.id);
    const students = await makeStudents(40, 'bulk');
    await ownerQuery(
      `insert into public.enrollments (course_id, user_id, status)
       select c, s, case when (i + j) % 9 = 0 then 'dropped' else 'active' end
         from unnest($1::uuid[]) with ordinality as cs (c, j)
        cross join unnest($2::uuid[]) with ordinality as ss (s, i)`,
      [courseIds, students],
    );
    await ownerQuery(
      `insert into public.classes (course_id, title, scheduled_date, duration, type, meeting_link)
       select c, 'Bulk lesson ' || n, now() - make_interval(days => n), 60, 'live', 'https://meet.example.org/bulk'
         from unnest($1::uuid[]) c cross join generate_series(1, 6) n`,
      [courseIds],
    );
    // Every student present in most classes at once, at times that tie within a class.
    await ownerQuery(
      `insert into public.class_attendance (class_id, user_id, attended, attended_at)
       select k.id, s, (k.title || s::text) not like '%a', k.scheduled_date + interval '5 minutes'
         from public.classes k cross join unnest($2::uuid[]) s
        where k.course_id = any ($1::uuid[])`,
      [courseIds, students],
    );
    await expectNoDrift();
    await ownerQuery(
      `update public.class_attendance set attended = not attended
        where user_id = any ($1::uuid[])`,
      [students.slice(0, 15)],
    );
    await ownerQuery(`update public.enrollments set progress = 12.5 where course_id = $1`, [
      courseIds[0],
    ]);
    await expectNoDrift();

    const before = await drift();
    const stored = await ownerQuery(
      'select * from private.teacher_students where teacher_id = $1 order by student_id',
      [teacher.id],
    );
    const client = await connect(databaseUrl());
    try {
      await client.query('begin');
      await client.query('delete from public.class_attendance where user_id = any ($1::uuid[])', [
        students,
      ]);
      await client.query(
        `update public.enrollments set status = 'completed' where course_id = $1`,
        [courseIds[1]],
      );
      // Inside the transaction the figures already follow; after the rollback they are as they were.
      expect(await drift(client)).toEqual([]);
      await client.query('rollback');
    } finally {
      await client.end();
    }
    expect(await drift()).toEqual(before);
    expect(
      await ownerQuery(
        'select * from private.teacher_students where teacher_id = $1 order by student_id',
        [teacher.id],
      ),
    ).toMatchObject({ rows: stored.rows });

    await ownerQuery('delete from public.class_attendance where user_id = any ($1::uuid[])', [
      students.slice(0, 20),
    ]);
    await expectNoDrift();
    await ownerQuery('delete from public.courses where id = any ($1::uuid[])', [courseIds]);
    await ownerQuery('delete from auth.users where id = any ($1::uuid[])', [
      [...students, teacher.id],
    ]);
    await expectNoDrift();
  });

  it('stay right when two transactions record the same student at once', async () => {
    const teacher = await createPerson('teacher', 'Race');
    const [courseA, courseB] = await Promise.all([
      createCourse({ title: 'Figures race A', teacher_id: teacher.id }),
      createCourse({ title: 'Figures race B', teacher_id: teacher.id }),
    ]);
    const [student] = await makeStudents(1, 'race');
    await Promise.all([
      enroll(student as string, courseA.id),
      enroll(student as string, courseB.id),
    ]);
    const [lessonA, taskB] = await Promise.all([
      createClass(courseA.id, { scheduled_date: hoursFromNow(-2) }),
      createActivity({ course_id: courseB.id, title: 'Race task' }),
    ]);
    const [one, two] = await Promise.all([connect(databaseUrl()), connect(databaseUrl())]);
    try {
      await one.query('begin');
      await two.query('begin');
      await one.query(
        `insert into public.class_attendance (class_id, user_id, attended, attended_at) values ($1, $2, true, now())`,
        [lessonA.id, student],
      );
      // The second waits for the first's lock on the pair, then counts what it committed.
      const second = two.query(
        `insert into public.activity_submissions (activity_id, student_id, submission_text, submitted_at)
         values ($1, $2, 'Done', now() + interval '1 second')`,
        [taskB.id, student],
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await one.query('commit');
      await second;
      await two.query('commit');
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
    await expectNoDrift();
    const { rows } = await ownerQuery<{ id: string }>(
      'select id::text from public.activity_submissions where activity_id = $1 and student_id = $2',
      [taskB.id, student],
    );
    expect((await pairOf(teacher.id, student as string))?.last_event_id).toBe(rows[0]?.id);
    await ownerQuery('delete from public.courses where id = any ($1::uuid[])', [
      [courseA.id, courseB.id],
    ]);
    await ownerQuery('delete from auth.users where id = any ($1::uuid[])', [[student, teacher.id]]);
  });

  it('would show a missed change: the recount finds a mark whose trigger did not run', async () => {
    const { course, otherStudent } = school;
    await enroll(otherStudent.id, course.id);
    const lesson = await createClass(course.id, { scheduled_date: hoursFromNow(-3) });
    await ownerQuery(
      `insert into public.class_attendance (class_id, user_id, attended, attended_at) values ($1, $2, true, now())`,
      [lesson.id, otherStudent.id],
    );
    await expectNoDrift();
    const client = await connect(databaseUrl());
    try {
      await client.query('begin');
      // A later arrival time changes no progress: only this trigger would have recounted the pair.
      await client.query(
        'alter table public.class_attendance disable trigger track_attendance_events_after_update',
      );
      await client.query(
        `update public.class_attendance set attended_at = now() + interval '1 hour'
          where class_id = $1 and user_id = $2`,
        [lesson.id, otherStudent.id],
      );
      expect(await drift(client)).toHaveLength(1);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
    await expectNoDrift();
  });
});

describe('who may read the figures', () => {
  it("shows a teacher their own students' figures only, through private.my_student_figures", async () => {
    const { teacher, otherTeacher, student, admin } = school;
    const own = (id: string) =>
      asUser(id, async (client) =>
        (
          await client.query<{ student_id: string }>(
            'select student_id::text from private.my_student_figures()',
          )
        ).rows
          .map((row) => row.student_id)
          .sort(),
      );
    const studentsOf = async (teacherId: string) =>
      (
        await ownerQuery<{ id: string }>(
          `select distinct e.user_id::text as id from public.enrollments e join public.courses c on c.id = e.course_id
            where c.teacher_id = $1 and e.status = 'active' order by 1`,
          [teacherId],
        )
      ).rows.map((row) => row.id);
    expect(await own(teacher.id)).toEqual(await studentsOf(teacher.id));
    expect(await own(otherTeacher.id)).toEqual(await studentsOf(otherTeacher.id));
    expect(await own(otherTeacher.id)).not.toEqual(await own(teacher.id));
    expect(await own(student.id)).toEqual([]);
    expect(await own(admin.id)).toEqual([]);
  });

  it('keeps the table itself, and every write to it, to the triggers', async () => {
    for (const person of [school.student, school.teacher, school.admin]) {
      await asUser(person.id, async (client) => {
        expect((await attempt(client, 'select * from private.teacher_students')).ok).toBe(false);
        for (const sql of [
          'update private.teacher_students set progress_total = 0',
          `select private.refresh_students_teachers(array['${person.id}']::uuid[])`,
          `select private.refresh_teacher_students('[]'::jsonb)`,
        ]) {
          expect((await attempt(client, sql)).ok, `${person.role}: ${sql}`).toBe(false);
        }
      });
    }
    const { error } = await school.teacher.client.schema('private').rpc('my_student_figures');
    expect(error).not.toBeNull();
  });
});
