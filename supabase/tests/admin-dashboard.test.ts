import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type School,
  closeDb,
  createCourse,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  ownerQuery,
  service,
} from './fixtures';

// The admin dashboard (20261122001900_read_models_admin.sql): the school's totals, the chosen period's
// figures beside the period before, and the chart's buckets, for administrators only. Expected figures
// are counted here by the database owner at the same moment (test files run one at a time).

type Figures = { new_users: number; new_enrollments: number; revenue: number; classes: number };
type Dashboard = {
  period: string;
  period_start: string;
  previous_start: string;
  now: string;
  bucket: string;
  users: { total: number; students: number; teachers: number; admins: number };
  courses: { total: number; active: number; active_enrollments: number; revenue: number };
  classes: { total: number; live: number; upcoming: number };
  materials: number;
  current: Figures;
  previous: Figures;
  series: { start: string; enrollments: number; revenue: number }[];
};

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  await closeDb();
});

async function dashboard(period: string, timeZone = 'UTC'): Promise<Dashboard> {
  const { data, error } = await school.admin.client.rpc('get_admin_dashboard', {
    period,
    time_zone: timeZone,
  });
  expect(error).toBeNull();
  return data as Dashboard;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await ownerQuery<{ n: string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

describe('get_admin_dashboard as an administrator', () => {
  it("adds up the whole school's totals", async () => {
    const data = await dashboard('month');

    const { rows } = await ownerQuery<Record<string, string>>(
      `select
         (select count(*) from public.users) as users,
         (select count(*) from public.users where role = 'student') as students,
         (select count(*) from public.users where role = 'teacher') as teachers,
         (select count(*) from public.courses) as courses,
         (select count(*) from public.courses where is_active) as active_courses,
         (select count(*) from public.enrollments where status = 'active') as active_enrollments,
         (select coalesce(sum(amount), 0) from public.payments)
           - (select coalesce(sum(amount), 0) from public.refunds) as revenue,
         (select count(*) from public.classes) as classes,
         (select count(*) from public.classes where type = 'live') as live,
         (select count(*) from public.classes where scheduled_date > now()) as upcoming,
         (select count(*) from public.materials) as materials`,
    );
    const expected = rows[0] as Record<string, string>;
    expect(data.users).toMatchObject({
      total: Number(expected.users),
      students: Number(expected.students),
      teachers: Number(expected.teachers),
    });
    expect(data.courses).toMatchObject({
      total: Number(expected.courses),
      active: Number(expected.active_courses),
      active_enrollments: Number(expected.active_enrollments),
    });
    // Total revenue is money received (payments minus refunds), counted here from the payments themselves.
    expect(Number(data.courses.revenue)).toBeCloseTo(Number(expected.revenue), 2);
    expect(data.classes).toEqual({
      total: Number(expected.classes),
      live: Number(expected.live),
      upcoming: Number(expected.upcoming),
    });
    expect(data.materials).toBe(Number(expected.materials));
  });

  it("counts the period's new users, enrolments, revenue and classes, and the period before", async () => {
    const course = await createCourse({
      title: 'Dashboard course',
      price: 120,
      teacher_id: school.teacher.id,
    });
    const [fresh, older, dropper] = await Promise.all([
      createPerson('student', 'Fresh'),
      createPerson('student', 'Older'),
      createPerson('student', 'Dropper'),
    ]);
    const before = await dashboard('week');
    await enroll(fresh.id, course.id as string);
    // An enrolment ten days old belongs to the previous week; one dropped earns nothing.
    const olderId = await enroll(older.id, course.id as string);
    await ownerQuery(
      `update public.enrollments set enrolled_at = now() - interval '10 days' where id = $1`,
      [olderId],
    );
    await enroll(dropper.id, course.id as string);
    await dropper.client.rpc('unenroll_user_from_course', {
      user_uuid: dropper.id,
      course_uuid: course.id,
    });

    // Revenue is money received by date: a payment today and one dated ten days ago; the enrolments alone
    // (and the dropped one) earn nothing.
    const { data: invoices } = await service
      .from('invoices')
      .select('id, student_id')
      .eq('course_id', course.id);
    const invoiceOf = (id: string) => invoices!.find((row) => row.student_id === id)!.id as string;
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    for (const [studentId, paidOn] of [
      [fresh.id, undefined],
      [older.id, tenDaysAgo],
    ] as const) {
      const { error } = await school.admin.client.rpc('record_payment', {
        invoice_uuid: invoiceOf(studentId),
        amount: 120,
        method: 'bank_transfer',
        paid_on: paidOn,
      });
      expect(error).toBeNull();
    }

    const week = await dashboard('week');

    expect(week.current.new_enrollments - before.current.new_enrollments).toBe(2);
    expect(Number(week.current.revenue) - Number(before.current.revenue)).toBeCloseTo(120, 2);
    expect(week.previous.new_enrollments - before.previous.new_enrollments).toBe(1);
    expect(Number(week.previous.revenue) - Number(before.previous.revenue)).toBeCloseTo(120, 2);
    // The owner's count over the same windows.
    expect(week.current.new_users).toBe(
      await count(
        'select count(*) as n from public.users where created_at >= $1 and created_at < $2',
        [week.period_start, week.now],
      ),
    );
    expect(week.previous.classes).toBe(
      await count(
        'select count(*) as n from public.classes where scheduled_date >= $1 and scheduled_date < $2',
        [week.previous_start, week.period_start],
      ),
    );
    // The month includes the ten-day-old enrolment.
    const month = await dashboard('month');
    expect(month.current.new_enrollments).toBeGreaterThanOrEqual(week.current.new_enrollments + 1);
  });

  it('gives the chart a bucket per day, week or month whose sums are the period figures', async () => {
    for (const [period, bucket, buckets] of [
      ['week', 'day', [8, 8]],
      ['month', 'day', [29, 32]],
      ['quarter', 'week', [14, 15]],
      ['year', 'month', [13, 13]],
    ] as const) {
      const data = await dashboard(period, 'America/Argentina/Buenos_Aires');
      expect(data.bucket).toBe(bucket);
      expect(data.series.length).toBeGreaterThanOrEqual(buckets[0]);
      expect(data.series.length).toBeLessThanOrEqual(buckets[1]);
      const enrollments = data.series.reduce((sum, point) => sum + point.enrollments, 0);
      const revenue = data.series.reduce((sum, point) => sum + Number(point.revenue), 0);
      expect(enrollments).toBe(data.current.new_enrollments);
      expect(revenue).toBeCloseTo(Number(data.current.revenue), 2);
      expect(data.series.map((point) => point.start)).toEqual(
        [...data.series.map((point) => point.start)].sort(),
      );
    }
  });

  it('refuses a period or time zone it does not know', async () => {
    const wrong = await school.admin.client.rpc('get_admin_dashboard', { period: 'decade' });
    expect(wrong.error).toMatchObject({
      code: '22023',
      message: 'The period must be week, month, quarter or year',
    });
    const zone = await school.admin.client.rpc('get_admin_dashboard', {
      period: 'week',
      time_zone: 'Mars/Olympus',
    });
    expect(zone.error?.code).toBe('22023');
  });
});

describe('get_admin_dashboard for anyone else', () => {
  it('refuses teachers and students', async () => {
    for (const person of [school.teacher, school.student]) {
      expectDenied(
        await person.client.rpc('get_admin_dashboard', { period: 'month' }),
        'Only administrators can read the school dashboard',
      );
    }
  });

  it('refuses the anonymous key', async () => {
    const { data, error } = await anonClient().rpc('get_admin_dashboard', { period: 'month' });
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });
});
