import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import {
  type School,
  asUser,
  attempt,
  closeDb,
  createClass,
  createCourse,
  createMaterial,
  createPerson,
  createSchool,
  enroll,
  ownerQuery,
  service,
} from './fixtures';

// The summary tables of 20261122001400_summary_figures.sql (school totals, hours, per-student, per-teacher
// and per-course review figures) and the read models that answer from them. After every kind of change (one
// row, a bulk statement, an update, a cascade, a rollback, two transactions at once) each summary is
// compared with a recount of the base tables by the database owner, and each read model with the owner's
// count of what it shows: never with a figure read from the summaries themselves.

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  await closeDb();
});

/** Every summary row that differs from a recount of the base tables, by summary. */
async function drift(): Promise<Record<string, unknown[]>> {
  const checks: Record<string, string> = {
    school: `
      select to_jsonb(f) - 'id' - 'longest_class' as stored, to_jsonb(t) as counted
        from private.school_figures f,
        lateral (
          select (select count(*) from public.users) as users,
                 (select count(*) from public.users where role = 'student') as students,
                 (select count(*) from public.users where role = 'teacher') as teachers,
                 (select count(*) from public.users where role = 'admin') as admins,
                 (select count(*) from public.users where is_active) as active_users,
                 (select count(*) from public.classes) as classes,
                 (select count(*) from public.classes where type = 'live') as live_classes,
                 (select count(*) from public.classes where type = 'recorded') as recorded_classes,
                 (select coalesce(sum(duration), 0) from public.classes) as class_minutes,
                 (select count(*) from public.activities) as activities,
                 (select count(*) from public.materials) as materials,
                 (select count(*) from public.materials where type in ('pdf', 'document')) as document_materials,
                 (select count(*) from public.materials where type = 'video') as video_materials,
                 (select count(*) from public.materials where type = 'audio') as audio_materials,
                 (select count(*) from public.materials where type = 'link') as link_materials,
                 (select coalesce(sum(file_size), 0) from public.materials) as material_bytes,
                 (select count(distinct user_id) from public.enrollments where status = 'active') as active_students,
                 (select count(distinct e.user_id)
                    from public.enrollments e
                    join public.courses c on c.id = e.course_id
                    join public.users t on t.id = c.teacher_id and t.role = 'teacher'
                   where e.status = 'active') as taught_active_students
        ) t
       where to_jsonb(f) - 'id' - 'longest_class' <> to_jsonb(t)
          or f.longest_class < (select coalesce(max(duration), 0) from public.classes)`,
    hours: `
      select coalesce(s.hour, c.hour) as hour, to_jsonb(s) as stored, to_jsonb(c) as counted
        from (select * from private.school_hours
               where (new_users, new_enrollments, kept_enrollments, revenue, classes) <> (0, 0, 0, 0, 0)) s
        full join (
          select x.hour, sum(x.u) as new_users, sum(x.e) as new_enrollments, sum(x.k) as kept_enrollments,
                 sum(x.r) as revenue, sum(x.c) as classes
            from (
              select date_trunc('hour', created_at, 'UTC') as hour, 1 as u, 0 as e, 0 as k, 0::numeric as r, 0 as c
                from public.users
              union all
              select date_trunc('hour', e.enrolled_at, 'UTC'), 0, 1, (e.status <> 'dropped')::integer,
                     case when e.status <> 'dropped' then c.price else 0 end, 0
                from public.enrollments e join public.courses c on c.id = e.course_id
              union all
              select date_trunc('hour', scheduled_date, 'UTC'), 0, 0, 0, 0, 1 from public.classes
            ) x
           group by x.hour
        ) c on c.hour = s.hour
       where s.hour is null or c.hour is null
          or (s.new_users, s.new_enrollments, s.kept_enrollments, s.revenue, s.classes)
             <> (c.new_users, c.new_enrollments, c.kept_enrollments, c.revenue, c.classes)`,
    students: `
      select coalesce(s.student_id, c.user_id) as student, to_jsonb(s) as stored, to_jsonb(c) as counted
        from (select * from private.student_figures where active_enrolments <> 0) s
        full join (
          select e.user_id, count(*) as active, count(*) filter (where t.role = 'teacher') as taught
            from public.enrollments e
            join public.courses c on c.id = e.course_id
            left join public.users t on t.id = c.teacher_id
           where e.status = 'active'
           group by e.user_id
        ) c on c.user_id = s.student_id
       where s.student_id is null or c.user_id is null
          or (s.active_enrolments, s.taught_active_enrolments) <> (c.active, c.taught)`,
    teacherStudents: `
      select to_jsonb(s) as stored, to_jsonb(c) as counted
        from (select * from private.teacher_students where active_enrolments <> 0) s
        full join (
          select c.teacher_id, e.user_id, count(*) as active
            from public.enrollments e
            join public.courses c on c.id = e.course_id
           where e.status = 'active' and c.teacher_id is not null
           group by c.teacher_id, e.user_id
        ) c on c.teacher_id = s.teacher_id and c.user_id = s.student_id
       where s.teacher_id is null or c.teacher_id is null or s.active_enrolments <> c.active`,
    teachers: `
      select to_jsonb(s) as stored, to_jsonb(c) as counted
        from (select * from private.teacher_figures where students <> 0) s
        full join (
          select c.teacher_id, count(distinct e.user_id) as students
            from public.enrollments e
            join public.courses c on c.id = e.course_id
           where e.status = 'active' and c.teacher_id is not null
           group by c.teacher_id
        ) c on c.teacher_id = s.teacher_id
       where s.teacher_id is null or c.teacher_id is null or s.students <> c.students`,
    reviews: `
      select to_jsonb(s) as stored, to_jsonb(c) as counted
        from (select * from private.course_review_figures where reviews <> 0 or rating_total <> 0) s
        full join (
          select course_id, count(*) as reviews, sum(rating) as rating_total
            from public.course_reviews group by course_id
        ) c on c.course_id = s.course_id
       where s.course_id is null or c.course_id is null
          or (s.reviews, s.rating_total) <> (c.reviews, c.rating_total)`,
  };
  const found: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(checks)) {
    found[name] = (await ownerQuery(sql)).rows;
  }
  return found;
}

const NO_DRIFT = {
  school: [],
  hours: [],
  students: [],
  teacherStudents: [],
  teachers: [],
  reviews: [],
};

async function expectNoDrift(): Promise<void> {
  expect(await drift()).toEqual(NO_DRIFT);
}

/** `count` students made straight in auth.users (their profiles by the sign-up trigger), as the owner. */
async function makeStudents(count: number, label: string): Promise<string[]> {
  const { rows } = await ownerQuery<{ id: string }>(
    `insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new,
       email_change
     )
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            format('summary-%s-%s-%s@example.test', $2::text, n, substr(md5(random()::text), 1, 8)), '', now(),
            '{"provider":"email","providers":["email"]}',
            jsonb_build_object('first_name', 'Sum' || n, 'last_name', $2::text),
            now() - make_interval(mins => n * 53), now(), '', '', '', ''
       from generate_series(1, $1::integer) n
     returning id`,
    [count, label],
  );
  return rows.map((row) => row.id);
}

describe('the summaries follow every change to their rows', () => {
  it('agree with a recount to begin with', async () => {
    await expectNoDrift();
  });

  it('follow single inserts, updates and deletes made through the API', async () => {
    const teacher = await createPerson('teacher', 'Summa');
    const course = await createCourse({
      title: 'Summary course',
      teacher_id: teacher.id,
      price: 150,
    });
    const student = await createPerson('student', 'Counted');
    const enrollmentId = await enroll(student.id, course.id);
    await enroll(school.outsider.id, course.id);
    const lesson = await createClass(course.id, { duration: 45 });
    const material = await createMaterial({
      course_id: course.id,
      type: 'video',
      url: 'https://example.org/v',
    });
    await expectNoDrift();

    // Updates: a drop, a new price, a class that changes type, length and time, a material's kind.
    await student.client.rpc('unenroll_user_from_course', {
      user_uuid: student.id,
      course_uuid: course.id,
    });
    await service.from('courses').update({ price: 175.5 }).eq('id', course.id);
    await service
      .from('classes')
      .update({
        type: 'recorded',
        recording_url: 'https://example.org/r',
        duration: 600,
        scheduled_date: new Date(Date.now() + 36e5 * 30).toISOString(),
      })
      .eq('id', lesson.id);
    await service.from('materials').update({ type: 'link' }).eq('id', material.id);
    await service.from('enrollments').update({ status: 'active' }).eq('id', enrollmentId);
    await expectNoDrift();

    // A review, rated again; then deletes.
    const review = await student.client
      .from('course_reviews')
      .insert({ course_id: course.id, student_id: student.id, rating: 2 })
      .select('id')
      .single();
    expect(review.error).toBeNull();
    await student.client.from('course_reviews').update({ rating: 5 }).eq('id', review.data?.id);
    await expectNoDrift();
    await service.from('classes').delete().eq('id', lesson.id);
    await service.from('materials').delete().eq('id', material.id);
    await service.from('enrollments').delete().eq('id', enrollmentId);
    await expectNoDrift();

    // A course deleted with everything in it (enrolments, reviews, classes by cascade).
    await service.from('courses').delete().eq('id', course.id);
    await expectNoDrift();
  });

  it('follow role changes, teacher changes and deleted accounts', async () => {
    const [first, second] = await Promise.all([
      createPerson('teacher', 'Uno'),
      createPerson('teacher', 'Dos'),
    ]);
    const course = await createCourse({ title: 'Moving course', teacher_id: first.id });
    const learners = await Promise.all([
      createPerson('student', 'Ana'),
      createPerson('student', 'Bo'),
    ]);
    await Promise.all(learners.map((learner) => enroll(learner.id, course.id)));
    await expectNoDrift();

    // Reassigned to another teacher, then the first one becomes an administrator (not a teacher any more).
    const moved = await school.admin.client.rpc('reassign_teacher_courses', {
      from_teacher: first.id,
      to_teacher: second.id,
    });
    expect(moved.error).toBeNull();
    await expectNoDrift();
    await service.from('courses').update({ teacher_id: first.id }).eq('id', course.id);
    await service.from('users').update({ role: 'admin' }).eq('id', first.id);
    await expectNoDrift();

    // A deleted student takes their enrolments; a deleted teacher leaves the course without one.
    await ownerQuery('delete from auth.users where id = any ($1::uuid[])', [
      [learners[0]?.id, first.id],
    ]);
    await expectNoDrift();
    await service.from('courses').delete().eq('id', course.id);
  });

  it('follow bulk statements and roll back with them', async () => {
    const teacher = await createPerson('teacher', 'Bulk');
    const courses = await Promise.all(
      [120, 80, 0].map((price, index) =>
        createCourse({
          title: `Bulk course ${index}`,
          teacher_id: teacher.id,
          price,
          max_students: 200,
        }),
      ),
    );
    const students = await makeStudents(60, 'bulk');
    const courseIds = courses.map((course) => course.id);
    // 180 enrolments in one statement, spread over the last 40 days at odd minutes.
    await ownerQuery(
      `insert into public.enrollments (course_id, user_id, status, enrolled_at)
       select c, s, case when (i + j) % 7 = 0 then 'dropped' when (i + j) % 5 = 0 then 'completed' else 'active' end,
              now() - make_interval(mins => ((i * 331 + j * 97) % 57600)::integer)
         from unnest($1::uuid[]) with ordinality as cs (c, j)
        cross join unnest($2::uuid[]) with ordinality as ss (s, i)`,
      [courseIds, students],
    );
    await ownerQuery(
      `insert into public.classes (course_id, title, scheduled_date, duration, type, meeting_link)
       select c, 'Bulk lesson ' || n, now() + make_interval(mins => n * 41 - 3000), 30 + n % 4 * 15,
              case when n % 3 = 0 then 'live' else 'recorded' end, 'https://meet.example.org/bulk'
         from unnest($1::uuid[]) c cross join generate_series(1, 40) n`,
      [courseIds],
    );
    await expectNoDrift();

    // Many rows at once: drop a third, move some enrolments in time and between courses, reprice.
    await ownerQuery(
      `update public.enrollments set status = 'dropped' where course_id = any ($1::uuid[]) and user_id = any ($2::uuid[])`,
      [courseIds.slice(0, 1), students.slice(0, 20)],
    );
    await ownerQuery(
      `update public.enrollments set enrolled_at = enrolled_at - interval '3 days 17 minutes'
        where course_id = $1 and status <> 'dropped'`,
      [courseIds[1]],
    );
    await ownerQuery(
      `update public.enrollments set progress = 42 where course_id = any ($1::uuid[])`,
      [courseIds],
    );
    await ownerQuery(`update public.courses set price = price + 9.99 where id = any ($1::uuid[])`, [
      courseIds,
    ]);
    await ownerQuery(
      `update public.classes set type = 'live', duration = duration + 5 where course_id = $1`,
      [courseIds[2]],
    );
    await expectNoDrift();

    // A transaction that changes everything and rolls back leaves the figures as they were.
    const before = await drift();
    const client = await connect(databaseUrl());
    try {
      await client.query('begin');
      await client.query(`delete from public.enrollments where course_id = any ($1::uuid[])`, [
        courseIds,
      ]);
      await client.query(`delete from public.classes where course_id = any ($1::uuid[])`, [
        courseIds,
      ]);
      await client.query(`update public.users set role = 'teacher' where id = any ($1::uuid[])`, [
        students.slice(0, 5),
      ]);
      await client.query('rollback');
    } finally {
      await client.end();
    }
    expect(await drift()).toEqual(before);

    // Bulk deletes: enrolments of half the students, then the courses (cascade), then the students.
    await ownerQuery(`delete from public.enrollments where user_id = any ($1::uuid[])`, [
      students.slice(0, 30),
    ]);
    await expectNoDrift();
    await ownerQuery(`delete from public.courses where id = any ($1::uuid[])`, [courseIds]);
    await ownerQuery(`delete from auth.users where id = any ($1::uuid[])`, [students]);
    await expectNoDrift();
  });

  it('count a student once when two transactions enrol them at the same time', async () => {
    const teacher = await createPerson('teacher', 'Race');
    const [courseA, courseB] = await Promise.all([
      createCourse({ title: 'Race A', teacher_id: teacher.id, price: 10 }),
      createCourse({ title: 'Race B', teacher_id: teacher.id, price: 20 }),
    ]);
    const [student] = await makeStudents(1, 'race');
    const [one, two] = await Promise.all([connect(databaseUrl()), connect(databaseUrl())]);
    try {
      await one.query('begin');
      await two.query('begin');
      await one.query('insert into public.enrollments (course_id, user_id) values ($1, $2)', [
        courseA.id,
        student,
      ]);
      // The second waits for the first's lock on the student's figures, then counts what it committed.
      const second = two.query(
        'insert into public.enrollments (course_id, user_id) values ($1, $2)',
        [courseB.id, student],
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await one.query('commit');
      await second;
      await two.query('commit');
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
    const { rows } = await ownerQuery<{ active_enrolments: number }>(
      'select active_enrolments from private.student_figures where student_id = $1',
      [student],
    );
    expect(rows[0]?.active_enrolments).toBe(2);
    const teacherRows = await ownerQuery<{ students: number }>(
      'select students from private.teacher_figures where teacher_id = $1',
      [teacher.id],
    );
    expect(teacherRows.rows[0]?.students).toBe(1);
    await expectNoDrift();

    // A price change racing an enrolment: the revenue ends at the new price for both enrolments.
    const [late] = await makeStudents(1, 'late');
    const [three, four] = await Promise.all([connect(databaseUrl()), connect(databaseUrl())]);
    try {
      await three.query('begin');
      await four.query('begin');
      await three.query('insert into public.enrollments (course_id, user_id) values ($1, $2)', [
        courseA.id,
        late,
      ]);
      const repriced = four.query('update public.courses set price = 99 where id = $1', [
        courseA.id,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await three.query('commit');
      await repriced;
      await four.query('commit');
    } finally {
      await Promise.all([three.end(), four.end()]);
    }
    await expectNoDrift();
    await ownerQuery('delete from public.courses where id = any ($1::uuid[])', [
      [courseA.id, courseB.id],
    ]);
    await ownerQuery('delete from auth.users where id = any ($1::uuid[])', [[student, late]]);
  });
});

describe('the read models that answer from the summaries', () => {
  type Figures = { new_users: number; new_enrollments: number; revenue: number; classes: number };
  type Dashboard = {
    period_start: string;
    previous_start: string;
    now: string;
    users: Record<string, number>;
    classes: { total: number; live: number; upcoming: number };
    materials: number;
    current: Figures;
    previous: Figures;
    series: { start: string; enrollments: number; revenue: number }[];
  };

  let courseIds: string[] = [];
  let students: string[] = [];

  beforeAll(async () => {
    // Enrolments and classes at odd minutes across two months, so periods and local days cut hours.
    const courses = await Promise.all(
      [45, 60.5].map((price, index) =>
        createCourse({
          title: `Dashboard hours ${index}`,
          teacher_id: school.teacher.id,
          price,
          max_students: 100,
        }),
      ),
    );
    courseIds = courses.map((course) => course.id);
    students = await makeStudents(40, 'hours');
    await ownerQuery(
      `insert into public.enrollments (course_id, user_id, status, enrolled_at)
       select c, s, case when i % 6 = 0 then 'dropped' else 'active' end,
              now() - make_interval(mins => ((i * 1451 + j * 613) % 86400)::integer)
         from unnest($1::uuid[]) with ordinality as cs (c, j)
        cross join unnest($2::uuid[]) with ordinality as ss (s, i)`,
      [courseIds, students],
    );
    await ownerQuery(
      `insert into public.classes (course_id, title, scheduled_date, duration, type, meeting_link)
       select c, 'Hour lesson ' || n, now() + make_interval(mins => n * 457 - 40000), 50, 'live', 'https://meet.example.org/h'
         from unnest($1::uuid[]) c cross join generate_series(1, 60) n`,
      [courseIds],
    );
  });

  afterAll(async () => {
    await ownerQuery('delete from public.courses where id = any ($1::uuid[])', [courseIds]);
    await ownerQuery('delete from auth.users where id = any ($1::uuid[])', [students]);
  });

  it("give the admin dashboard's periods and chart in any time zone", async () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York']) {
      for (const period of ['week', 'month', 'quarter']) {
        const { data, error } = await school.admin.client.rpc('get_admin_dashboard', {
          period,
          time_zone: zone,
        });
        expect(error).toBeNull();
        const dashboard = data as Dashboard;
        const bucket = period === 'quarter' ? 'week' : 'day';
        const { rows } = await ownerQuery<{ start: string; enrollments: string; revenue: string }>(
          `select to_char(date_trunc($4, e.enrolled_at at time zone $3), 'YYYY-MM-DD') as start, count(*) as enrollments,
                  coalesce(sum(c.price) filter (where e.status <> 'dropped'), 0) as revenue
             from public.enrollments e join public.courses c on c.id = e.course_id
            where e.enrolled_at >= $1 and e.enrolled_at < $2
            group by 1`,
          [dashboard.period_start, dashboard.now, zone, bucket],
        );
        const counted = new Map(rows.map((row) => [row.start, row]));
        // Revenue is money received (docs/money.md): payments minus refunds by their dates, the days after
        // the period's first day up to today in the zone.
        const { rows: money } = await ownerQuery<{ start: string; revenue: string }>(
          `select to_char(date_trunc($4, m.day::timestamp), 'YYYY-MM-DD') as start, sum(m.amount) as revenue
             from (select paid_on as day, amount from public.payments
                   union all select refunded_on, -amount from public.refunds) m
            where m.day > ($1::timestamptz at time zone $3)::date and m.day <= ($2::timestamptz at time zone $3)::date
            group by 1`,
          [dashboard.period_start, dashboard.now, zone, bucket],
        );
        const received = new Map(money.map((row) => [row.start, Number(row.revenue)]));
        for (const point of dashboard.series) {
          const expected = counted.get(point.start);
          expect(point.enrollments, `${zone} ${period} ${point.start}`).toBe(
            Number(expected?.enrollments ?? 0),
          );
          expect(Number(point.revenue), `${zone} ${period} ${point.start}`).toBeCloseTo(
            received.get(point.start) ?? 0,
            2,
          );
        }
        expect(dashboard.series.reduce((sum, point) => sum + point.enrollments, 0)).toBe(
          rows.reduce((sum, row) => sum + Number(row.enrollments), 0),
        );
        for (const [name, since, until] of [
          ['current', dashboard.period_start, dashboard.now],
          ['previous', dashboard.previous_start, dashboard.period_start],
        ] as const) {
          const { rows: window } = await ownerQuery<Record<string, string>>(
            `select (select count(*) from public.users where created_at >= $1 and created_at < $2) as new_users,
                    (select count(*) from public.enrollments where enrolled_at >= $1 and enrolled_at < $2) as new_enrollments,
                    (select coalesce(sum(m.amount), 0)
                       from (select paid_on as day, amount from public.payments
                             union all select refunded_on, -amount from public.refunds) m
                      where m.day > ($1::timestamptz at time zone $3)::date
                        and m.day <= ($2::timestamptz at time zone $3)::date) as revenue,
                    (select count(*) from public.classes where scheduled_date >= $1 and scheduled_date < $2) as classes`,
            [since, until, zone],
          );
          const figures = dashboard[name];
          expect(figures.new_users, `${zone} ${period} ${name}`).toBe(Number(window[0]?.new_users));
          expect(figures.new_enrollments, `${zone} ${period} ${name}`).toBe(
            Number(window[0]?.new_enrollments),
          );
          expect(Number(figures.revenue), `${zone} ${period} ${name}`).toBeCloseTo(
            Number(window[0]?.revenue),
            2,
          );
          expect(figures.classes, `${zone} ${period} ${name}`).toBe(Number(window[0]?.classes));
        }
        const { rows: totals } = await ownerQuery<Record<string, string>>(
          `select (select count(*) from public.classes) as total,
                  (select count(*) from public.classes where type = 'live') as live,
                  (select count(*) from public.classes where scheduled_date > $1) as upcoming`,
          [dashboard.now],
        );
        expect(dashboard.classes).toEqual({
          total: Number(totals[0]?.total),
          live: Number(totals[0]?.live),
          upcoming: Number(totals[0]?.upcoming),
        });
      }
    }
  });

  it("count an administrator's calendar days in the viewer's time zone", async () => {
    const start = new Date(Date.now() - 20 * 864e5);
    const end = new Date(start.getTime() + 41 * 864e5);
    for (const zone of ['UTC', 'Asia/Kolkata', 'Pacific/Chatham']) {
      const { data, error } = await school.admin.client.rpc('get_calendar_month', {
        range_start: start.toISOString(),
        range_end: end.toISOString(),
        time_zone: zone,
        day_limit: 3,
      });
      expect(error).toBeNull();
      const month = data as {
        class_count: number;
        days: { date: string; class_count: number; classes: { id: string }[] }[];
      };
      const { rows } = await ownerQuery<{ day: string; n: string; first: string[] }>(
        `select to_char((scheduled_date at time zone $3)::date, 'YYYY-MM-DD') as day, count(*) as n,
                -- The viewer's today lists every class; other days their first three.
                (array_agg(id order by scheduled_date, id))
                  [1:case when (scheduled_date at time zone $3)::date = (now() at time zone $3)::date then 1000 else 3 end]::text[] as first
           from public.classes where scheduled_date >= $1 and scheduled_date < $2
          group by 1, (scheduled_date at time zone $3)::date order by 1`,
        [start.toISOString(), end.toISOString(), zone],
      );
      expect(
        month.days.map((day) => [day.date, day.class_count, day.classes.map((shown) => shown.id)]),
      ).toEqual(rows.map((row) => [row.day, Number(row.n), row.first]));
      expect(month.class_count).toBe(rows.reduce((sum, row) => sum + Number(row.n), 0));
    }
  });

  it("answer the administrators' management figures from the summaries", async () => {
    const { rows } = await ownerQuery<Record<string, string>>(
      `select (select count(distinct user_id) from public.enrollments where status = 'active') as total_students,
              (select count(distinct e.user_id) from public.enrollments e join public.courses c on c.id = e.course_id
                 join public.users t on t.id = c.teacher_id and t.role = 'teacher' where e.status = 'active') as active_students,
              (select round(avg(r.rating), 2) from public.course_reviews r join public.courses c on c.id = r.course_id
                 join public.users t on t.id = c.teacher_id and t.role = 'teacher') as average_rating,
              (select count(*) from public.course_reviews r join public.courses c on c.id = r.course_id
                 join public.users t on t.id = c.teacher_id and t.role = 'teacher') as review_count,
              (select count(*) from public.users where not is_active) as inactive,
              (select count(*) from public.classes where type = 'recorded') as recorded,
              (select coalesce(sum(duration), 0) from public.classes) as minutes,
              (select count(*) from public.materials where type = 'audio') as audio,
              (select coalesce(sum(file_size), 0) from public.materials) as bytes,
              (select count(*) from public.activities) as activities,
              (select count(*) from public.classes where scheduled_date + make_interval(mins => duration) > now()) as scheduled`,
    );
    const expected = rows[0] as Record<string, string>;
    const admin = school.admin.client;
    const course = await admin.rpc('get_course_management_stats');
    expect(course.data.total_students).toBe(Number(expected.total_students));
    const teachers = await admin.rpc('get_teacher_management_stats');
    expect(teachers.data.active_students).toBe(Number(expected.active_students));
    expect(teachers.data.review_count).toBe(Number(expected.review_count));
    expect(
      teachers.data.average_rating === null ? null : Number(teachers.data.average_rating),
    ).toBe(expected.average_rating === null ? null : Number(expected.average_rating));
    const users = await admin.rpc('get_user_counts');
    expect(users.data.inactive).toBe(Number(expected.inactive));
    const classes = await admin.rpc('class_stats');
    expect(classes.data[0]).toMatchObject({
      recorded: Number(expected.recorded),
      total_minutes: Number(expected.minutes),
    });
    const materials = await admin.rpc('material_stats');
    expect(materials.data[0]).toMatchObject({
      audio: Number(expected.audio),
      total_size: Number(expected.bytes),
    });
    const activities = await admin.rpc('activity_stats');
    expect(activities.data[0]).toMatchObject({
      total: Number(expected.activities),
      scheduled_classes: Number(expected.scheduled),
    });

    // The page: each teacher's distinct students and rating, counted here for every teacher listed.
    const page = await admin.rpc('get_teacher_management_page', { page_number: 1, page_size: 100 });
    expect(page.error).toBeNull();
    const items = (
      page.data as {
        items: {
          id: string;
          student_count: number;
          review_count: number;
          average_rating: number | null;
        }[];
      }
    ).items;
    const { rows: perTeacher } = await ownerQuery<{
      id: string;
      students: string;
      reviews: string;
      rating: string | null;
    }>(
      `select t.id,
              (select count(distinct e.user_id) from public.enrollments e join public.courses c on c.id = e.course_id
                where c.teacher_id = t.id and e.status = 'active') as students,
              (select count(*) from public.course_reviews r join public.courses c on c.id = r.course_id
                where c.teacher_id = t.id) as reviews,
              (select round(avg(r.rating), 2) from public.course_reviews r join public.courses c on c.id = r.course_id
                where c.teacher_id = t.id) as rating
         from public.users t where t.id = any ($1::uuid[])`,
      [items.map((item) => item.id)],
    );
    const byId = new Map(perTeacher.map((row) => [row.id, row]));
    for (const item of items) {
      const counted = byId.get(item.id);
      expect(item.student_count, item.id).toBe(Number(counted?.students));
      expect(item.review_count, item.id).toBe(Number(counted?.reviews));
      expect(item.average_rating === null ? null : Number(item.average_rating)).toBe(
        counted?.rating == null ? null : Number(counted.rating),
      );
    }
  });
});

describe('who may read the summaries', () => {
  it('shows the school figures and hours to administrators only', async () => {
    for (const person of [school.student, school.teacher]) {
      await asUser(person.id, async (client) => {
        expect((await client.query('select * from private.school_figures')).rows).toEqual([]);
        expect((await client.query('select * from private.school_hours')).rows).toEqual([]);
      });
    }
    await asUser(school.admin.id, async (client) => {
      expect((await client.query('select * from private.school_figures')).rows).toHaveLength(1);
      expect(
        (await client.query('select count(*)::integer as n from private.school_hours')).rows[0].n,
      ).toBeGreaterThan(0);
    });
  });

  it('shows a teacher their own student count only, and a student none', async () => {
    await asUser(school.teacher.id, async (client) => {
      const { rows } = await client.query<{ teacher_id: string }>(
        'select teacher_id from private.teacher_figures',
      );
      expect(rows.map((row) => row.teacher_id)).toEqual([school.teacher.id]);
    });
    await asUser(school.otherTeacher.id, async (client) => {
      const { rows } = await client.query<{ teacher_id: string }>(
        'select teacher_id from private.teacher_figures where teacher_id = $1',
        [school.teacher.id],
      );
      expect(rows).toEqual([]);
    });
    await asUser(school.student.id, async (client) => {
      expect((await client.query('select * from private.teacher_figures')).rows).toEqual([]);
    });
  });

  it('keeps the per-student and per-pair counts and every write to the triggers', async () => {
    for (const person of [school.student, school.teacher, school.admin]) {
      await asUser(person.id, async (client) => {
        for (const table of ['private.student_figures', 'private.teacher_students']) {
          const read = await attempt(client, `select * from ${table}`);
          expect(read.ok, `${person.role} reads ${table}`).toBe(false);
        }
        for (const sql of [
          'update private.school_figures set users = 0',
          `insert into private.school_hours (hour) values (date_trunc('hour', now(), 'UTC'))`,
          'delete from private.course_review_figures',
          'update private.teacher_figures set students = 0',
        ]) {
          const write = await attempt(client, sql);
          expect(write.ok, `${person.role}: ${sql}`).toBe(false);
        }
      });
    }
  });

  it('does not expose the private schema through the API', async () => {
    const { error } = await school.admin.client
      .schema('private')
      .from('school_figures')
      .select('*');
    expect(error).not.toBeNull();
  });

  it("answers anyone but an administrator from the rows they may see, not from the school's figures", async () => {
    // A student sees the active courses but only their own enrolments: one distinct student.
    const course = await school.student.client.rpc('get_course_management_stats');
    expect(course.error).toBeNull();
    expect(course.data.total_students).toBe(1);
    // A teacher counts the profiles they may see (themselves and their students).
    const users = await school.teacher.client.rpc('get_user_counts');
    const { rows } = await ownerQuery<{ n: string }>(
      `select count(*) as n from public.users u
        where u.id = $1
           or u.id in (select e.user_id from public.enrollments e join public.courses c on c.id = e.course_id
                        where c.teacher_id = $1 and e.status in ('active', 'completed'))`,
      [school.teacher.id],
    );
    expect(users.data.total).toBe(Number(rows[0]?.n));
    // A student's class figures are their courses' classes only.
    const classes = await school.student.client.rpc('class_stats');
    const { rows: mine } = await ownerQuery<{ n: string }>(
      `select count(*) as n from public.classes k join public.enrollments e on e.course_id = k.course_id
        where e.user_id = $1 and e.status = 'active'`,
      [school.student.id],
    );
    expect(classes.data[0].total).toBe(Number(mine[0]?.n));
  });
});
