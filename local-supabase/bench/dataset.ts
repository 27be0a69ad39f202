import type pg from 'pg';

/** Size of the generated school; ids are md5-derived, so every run builds the same data. */
export const DATASET = {
  students: 5_000,
  teachers: 60,
  courses: 240,
  enrollmentsPerStudent: 10,
  classesPerCourse: 84,
  courseActivitiesPerCourse: 8,
  classActivitiesPerCourse: 2,
  submissionsPerEnrollment: 2,
  pastClassesAttendedPerEnrollment: 6,
  materialsPerCourse: 20,
  generalMaterials: 200,
  /** The gradebook's large course (issue 32): the first teacher's, with this many students × activities. */
  gradebook: { students: 200, activities: 60 },
} as const;


export const BENCH_PASSWORD = 'bench-password';

/** The accounts the benchmark signs in as (the first of each kind). */
export const BENCH_ACCOUNTS = {
  student: 'bench-student-1@bench.test',
  teacher: 'bench-teacher-1@bench.test',
  admin: 'bench-admin-1@bench.test',
} as const;

const id = (kind: string, ...parts: string[]) => `md5('bench-${kind}-' || ${parts.join(" || '-' || ")})::uuid`;
const userId = (kind: 'student' | 'teacher' | 'admin', n: string) => id(`user-${kind}`, n);
const courseId = (n: string) => id('course', n);
/** The gradebook's large course: its id in SQL. */
const GRADEBOOK_COURSE = `md5('bench-course-gradebook')::uuid`;
// Course of a student's k-th enrollment: 23 is coprime with 240, so one student's ten courses differ.
const courseOfSlot = `((s * 7 + k * 23) % ${DATASET.courses} + 1)`;

const FIRST_NAMES = `array['Lucía','Mateo','Sofía','Hugo','Martina','Leo','Valeria','Daniel','Emma','Pablo','Olivia','James','Amelia','Noah','Grace','Ethan','Chloe','Diego','Carmen','Oliver']`;
const LAST_NAMES = `array['García','Smith','Martínez','Jones','López','Brown','Sánchez','Taylor','Pérez','Wilson','Gómez','Evans','Díaz','Walker','Ruiz','Wright','Moreno','Green','Navarro','Hall']`;

interface Step {
  what: string;
  sql: string;
  params?: unknown[];
}

/** The load, statement by statement, all set-based (generate_series) and run as the superuser. */
export function datasetSteps(): Step[] {
  const d = DATASET;
  const slots = `generate_series(1, ${d.students}) as s cross join generate_series(0, ${d.enrollmentsPerStudent - 1}) as k`;
  return [
    {
      what: `${d.students + d.teachers + 1} accounts (auth.users + identities; profiles by the sign-up trigger)`,
      sql: `
        insert into auth.users (
          instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
          raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new,
          email_change
        )
        select '00000000-0000-0000-0000-000000000000', md5('bench-user-' || p.kind || '-' || p.n)::uuid,
               'authenticated', 'authenticated', format('bench-%s-%s@bench.test', p.kind, p.n), h.hash, now(),
               '{"provider":"email","providers":["email"]}',
               jsonb_build_object('first_name', (${FIRST_NAMES})[p.n % 20 + 1],
                                  'last_name', (${LAST_NAMES})[(p.n / 20) % 20 + 1]),
               now() - make_interval(days => p.n % 700), now(), '', '', '', ''
          from (
            select 'student' as kind, n from generate_series(1, ${d.students}) n
            union all select 'teacher', n from generate_series(1, ${d.teachers}) n
            union all select 'admin', 1
          ) p
         cross join (select extensions.crypt($1, extensions.gen_salt('bf', 4)) as hash) h`,
      params: [BENCH_PASSWORD],
    },
    {
      what: 'identities and roles',
      sql: `
        insert into auth.identities (user_id, provider_id, identity_data, provider, created_at, updated_at)
        select u.id, u.id::text, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
               'email', u.created_at, now()
          from auth.users u where u.email like 'bench-%@bench.test';
        update public.users set role = 'teacher' where email like 'bench-teacher-%@bench.test';
        update public.users set role = 'admin' where email like 'bench-admin-%@bench.test';`,
    },
    {
      what: `${d.courses} courses`,
      sql: `
        insert into public.courses (
          id, title, description, language, category, level, duration, teacher_id, price, max_students, is_active,
          created_at
        )
        select ${courseId('i')},
               format('%s %s %s course %s', lang, initcap(cat), initcap(lvl), i),
               'A generated course for the API benchmark: grammar, conversation and weekly practice.',
               lang, cat, lvl, 4 + i % 10, ${userId('teacher', `((i - 1) % ${d.teachers} + 1)`)},
               99 + (i % 20) * 25, 400, i % 20 <> 0, now() - make_interval(days => i)
          from generate_series(1, ${d.courses}) i
         cross join lateral (
           select case when i % 2 = 0 then 'Spanish' else 'English' end as lang,
                  case when i % 3 = 0 then 'business' else 'general' end as cat,
                  (array['beginner', 'intermediate', 'advanced'])[i % 3 + 1] as lvl
         ) x`,
    },
    {
      what: `${d.students * d.enrollmentsPerStudent} enrollments (85% active, 10% completed, 5% dropped)`,
      sql: `
        insert into public.enrollments (course_id, user_id, status, enrolled_at, created_at)
        select ${courseId(courseOfSlot)}, ${userId('student', 's')},
               case when h < 85 then 'active' when h < 95 then 'completed' else 'dropped' end,
               now() - make_interval(days => 1 + (s + k * 13) % 180), now() - make_interval(days => 1 + (s + k * 13) % 180)
          from ${slots}
         cross join lateral (select (s * 31 + k * 17) % 100 as h) x`,
    },
    {
      what: `${d.courses * d.classesPerCourse} classes (half a year back, half ahead; every 4th recorded)`,
      sql: `
        insert into public.classes (
          id, course_id, title, description, scheduled_date, duration, type, meeting_link, recording_url, created_at
        )
        select ${id('class', 'i', 'j')}, ${courseId('i')}, format('Lesson %s', j), 'Generated lesson.',
               date_trunc('hour', now()) - interval '182 days' + make_interval(hours => j * 104 + i % 24),
               45 + (j % 4) * 15,
               case when j % 4 = 0 then 'recorded' else 'live' end,
               case when j % 4 <> 0 then 'https://meet.example.org/bench-' || i end,
               case when j % 4 = 0 then format('https://videos.example.org/bench-%s/%s', i, j) end,
               now() - interval '200 days'
          from generate_series(1, ${d.courses}) i cross join generate_series(1, ${d.classesPerCourse}) j`,
    },
    {
      what: `${d.courses * (d.courseActivitiesPerCourse + d.classActivitiesPerCourse)} activities (course- and class-level)`,
      sql: `
        insert into public.activities (
          id, title, description, type, course_id, class_id, due_date, max_points, allow_late_submission,
          is_active, created_by, created_at
        )
        select ${id('activity', 'i', 'k')}, format('Activity %s of course %s', k, i), 'Generated activity.',
               (array['assignment', 'quiz', 'project', 'homework', 'presentation'])[k % 5 + 1],
               case when k <= ${d.courseActivitiesPerCourse} then ${courseId('i')} end,
               case when k > ${d.courseActivitiesPerCourse} then ${id('class', 'i', '(k * 6)')} end,
               date_trunc('hour', now()) + make_interval(days => (k - 5) * 14 + i % 7, hours => 21),
               100, k % 4 = 0, k <> 7, ${userId('teacher', `((i - 1) % ${d.teachers} + 1)`)}, now() - interval '150 days'
          from generate_series(1, ${d.courses}) i
         cross join generate_series(1, ${d.courseActivitiesPerCourse + d.classActivitiesPerCourse}) k`,
    },
    {
      what: `${d.students * d.enrollmentsPerStudent * d.submissionsPerEnrollment} submissions (graded when past due, mostly)`,
      sql: `
        insert into public.activity_submissions (
          activity_id, student_id, submission_text, submitted_at, status, grade, feedback, graded_by, graded_at
        )
        select a.id, ${userId('student', 's')}, 'Generated answer.',
               case when a.due_date < now() then a.due_date - make_interval(hours => 1 + h % 48)
                    else now() - make_interval(hours => 1 + h % 240) end,
               case when g then 'graded' else 'submitted' end,
               case when g then 50 + h % 51 end,
               case when g then 'Generated feedback.' end,
               case when g then a.created_by end,
               case when g then least(a.due_date + interval '1 day', now()) end
          from ${slots}
         cross join generate_series(0, ${d.submissionsPerEnrollment - 1}) as m
         cross join lateral (select (s * 13 + k * 7 + m * 5) % 100 as h) x
         join public.activities a
           on a.id = ${id('activity', courseOfSlot, `((s + k + m * 5) % ${d.courseActivitiesPerCourse + d.classActivitiesPerCourse} + 1)`)}
         cross join lateral (select a.due_date < now() and h % 10 < 7 as g) y`,
    },
    {
      what: `${d.students * d.enrollmentsPerStudent * d.pastClassesAttendedPerEnrollment} attendance rows (past classes, 80% present)`,
      sql: `
        insert into public.class_attendance (class_id, user_id, attended, attended_at, marked_by, created_at)
        select c.id, ${userId('student', 's')}, present,
               case when present then c.scheduled_date + interval '2 minutes' end,
               ${userId('teacher', `((${courseOfSlot} - 1) % ${d.teachers} + 1)`)}, c.scheduled_date
          from ${slots}
         cross join generate_series(0, ${d.pastClassesAttendedPerEnrollment - 1}) as m
         join public.classes c on c.id = ${id('class', courseOfSlot, '(1 + (s + k + m * 7) % 41)')}
         cross join lateral (select (s + m) % 5 <> 0 as present) x`,
    },
    {
      what: `${d.courses * d.materialsPerCourse + d.generalMaterials} materials (${d.generalMaterials} general)`,
      sql: `
        insert into public.materials (
          title, type, url, storage_path, mime_type, file_size, course_id, language, skill, uploaded_by, uploaded_at
        )
        select format('Material %s', n), t.type,
               case when t.type in ('link', 'video') then format('https://example.org/bench/%s', n)
                    else format('%s-bench%s.%s', 1700000000000 + n, n, t.ext) end,
               case when t.type in ('link', 'video') then null else format('%s-bench%s.%s', 1700000000000 + n, n, t.ext) end,
               t.mime, case when t.type = 'link' then 0 else 1000 + n * 37 % 900000 end,
               case when n <= ${d.courses * d.materialsPerCourse} then ${courseId(`((n - 1) % ${d.courses} + 1)`)} end,
               (array['ES', 'EN'])[n % 2 + 1], (array['listening', 'reading', 'grammar'])[n % 3 + 1],
               ${userId('teacher', `((n - 1) % ${d.teachers} + 1)`)}, now() - make_interval(hours => n)
          from generate_series(1, ${d.courses * d.materialsPerCourse + d.generalMaterials}) n
         cross join lateral (
           select (array['pdf', 'document', 'video', 'audio', 'link', 'other'])[n % 6 + 1] as type,
                  (array['pdf', 'docx', 'mp4', 'mp3', '', 'png'])[n % 6 + 1] as ext,
                  (array['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
                         'video/mp4', 'audio/mpeg', null, 'image/png'])[n % 6 + 1] as mime
         ) t`,
    },
    {
      what: `course reviews (a fifth of the active and completed enrolments)`,
      sql: `
        insert into public.course_reviews (course_id, student_id, rating, comment, created_at)
        select ${courseId(courseOfSlot)}, ${userId('student', 's')}, 1 + (s * k) % 5,
               case when s % 3 = 0 then 'Generated review.' end, now() - make_interval(days => s % 90)
          from ${slots}
         -- Only students taking or done with the course may review it (the check_review_author trigger):
         -- not those whose enrolment the step above made 'dropped' (h >= 95).
         where (s + k) % 5 = 0
           and (s * 31 + k * 17) % 100 < 95`,
    },
    // Money (issue 31): the enrolment trigger above issued an invoice per active enrolment of a priced
    // course (every bench course has a price). Their dates are spread over the enrolment dates, so some
    // are overdue (issued invoices refuse updates: this one runs with triggers off, as a load only can,
    // and moves the kept dues' due_on with them),
    // then payments (55% in full, 20% half), a refund on 2% of the paid ones and a credit note on 3%.
    {
      what: 'invoice dates spread over the enrolment dates (a share overdue)',
      sql: `
        set session_replication_role = replica;
        update public.invoices i
           set issued_on = e.enrolled_at::date, due_on = e.enrolled_at::date + 14
          from public.enrollments e
         where e.id = i.enrollment_id;
        -- The kept dues copy due_on from the invoice (20261201004100_invoice_dues.sql); with triggers
        -- off, the load moves them too.
        update private.invoice_dues d
           set due_on = i.due_on
          from public.invoices i
         where i.id = d.invoice_id and d.due_on <> i.due_on;
        set session_replication_role = origin;`,
    },
    {
      what: 'payments (55% of invoices paid in full, 20% half)',
      sql: `
        insert into public.payments (invoice_id, student_id, amount, method, paid_on, reference, created_at)
        select i.id, i.student_id,
               case when h < 55 then i.total else round(i.total / 2, 2) end,
               (array['cash', 'bank_transfer', 'card_terminal'])[h % 3 + 1],
               least(i.issued_on + h % 20, current_date), format('BENCH-%s', h), now()
          from public.invoices i
         cross join lateral (select abs(hashtext(i.id::text)) % 100 as h) x
         where h < 75`,
    },
    {
      what: 'refunds (2% of the paid invoices) and credit notes (3% of the invoices)',
      sql: `
        insert into public.refunds (invoice_id, student_id, amount, method, refunded_on, reference, created_at)
        select p.invoice_id, p.student_id, least(p.amount, 10), 'bank_transfer', p.paid_on, 'BENCH-R', now()
          from public.payments p
         where abs(hashtext(p.id::text)) % 50 = 0;
        insert into public.credit_notes (number, invoice_id, student_id, issued_on, reason, currency, net, tax, total)
        select format('CN-BENCH-%s', row_number() over (order by i.id)), i.id, i.student_id, i.issued_on,
               'Generated correction.', i.currency, round(i.net * 0.1, 2), round(i.tax * 0.1, 2),
               round(i.net * 0.1, 2) + round(i.tax * 0.1, 2)
          from public.invoices i
         where abs(hashtext(i.id::text || 'cn')) % 100 < 3`,
    },
    // The gradebook (issue 32): one course of the first teacher with 200 students (every 20th completed)
    // and 60 course activities, two days apart, three quarters of them past due (every third takes late
    // work). Four in five cells have work: handed in before the due date, or after it for a tenth of
    // them; graded when past due, mostly. The rest are missing (past due) or open.
    {
      what: `gradebook course: ${d.gradebook.students} students × ${d.gradebook.activities} activities`,
      sql: `
        insert into public.courses (
          id, title, description, language, category, level, duration, teacher_id, price, max_students, is_active,
          created_at
        )
        values (${GRADEBOOK_COURSE}, 'Spanish gradebook course', 'A generated course for the gradebook read.',
                'Spanish', 'general', 'intermediate', 12, ${userId('teacher', '1')}, 99, 400, true,
                now() - interval '120 days');
        insert into public.enrollments (course_id, user_id, status, enrolled_at, created_at)
        select ${GRADEBOOK_COURSE}, ${userId('student', 's')},
               case when s % 20 = 0 then 'completed' else 'active' end,
               now() - interval '110 days', now() - interval '110 days'
          from generate_series(1, ${d.gradebook.students}) s;
        insert into public.activities (
          id, title, description, type, course_id, due_date, max_points, allow_late_submission, is_active,
          created_by, created_at
        )
        select ${id('gradebook-activity', 'k')}, format('Gradebook activity %s', k), 'Generated activity.',
               (array['assignment', 'quiz', 'project', 'homework', 'presentation'])[k % 5 + 1], ${GRADEBOOK_COURSE},
               date_trunc('hour', now()) + make_interval(days => (k - ${Math.round(d.gradebook.activities * 0.75)}) * 2),
               10 + k % 4 * 10, k % 3 = 0, true, ${userId('teacher', '1')}, now() - interval '115 days'
          from generate_series(1, ${d.gradebook.activities}) k;
        insert into public.activity_submissions (
          activity_id, student_id, submission_text, submitted_at, status, grade, feedback, graded_by, graded_at
        )
        select a.id, ${userId('student', 's')}, 'Generated answer.',
               case when a.due_date < now() and h % 10 = 0 then a.due_date + interval '3 hours'
                    else least(a.due_date - interval '5 hours', now() - interval '1 hour') end,
               case when g then 'graded' else 'submitted' end,
               case when g then round(a.max_points * (40 + h % 61) / 100.0, 1) end,
               case when g then 'Generated feedback.' end,
               case when g then a.created_by end,
               case when g then least(a.due_date + interval '1 day', now()) end
          from generate_series(1, ${d.gradebook.students}) s
         cross join generate_series(1, ${d.gradebook.activities}) k
         cross join lateral (select (s * 7 + k * 11) % 100 as h) x
         join public.activities a on a.id = ${id('gradebook-activity', 'k')}
         cross join lateral (select a.due_date < now() and h % 10 < 8 as g) y
         where h < 80`,
    },
    // What autovacuum does within a minute of a bulk load: statistics, and the visibility map that lets
    // covering indexes answer without visiting the table. Timing before it would measure the load.
    { what: 'vacuum analyze', sql: 'vacuum analyze' },
  ];
}

/** Loads the dataset; returns each step's duration in ms. */
export async function loadDataset(client: pg.Client, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  for (const step of datasetSteps()) {
    const stepStarted = performance.now();
    await client.query(step.sql, step.params);
    log(`  ${step.what}: ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  }
  return performance.now() - started;
}
