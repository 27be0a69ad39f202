import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  closeDb,
  createCourse,
  createPerson,
  enroll,
  ownerQuery,
  service,
} from './fixtures';

// One revenue (issue 29 item 2, then issue 31): every revenue figure follows one definition. Since money
// is recorded (docs/money.md), revenue is money received: payments minus refunds, by their dates. The
// dashboard's period figure and its Total Revenue, Course Management's Total Revenue and each course's
// revenue agree, and an enrolment alone (invoiced, not paid) earns nothing.

let admin: Person;
let course: { id: string };

beforeAll(async () => {
  const [teacher, active, finished, dropper] = await Promise.all([
    createPerson('teacher'),
    createPerson('student', 'Active'),
    createPerson('student', 'Finished'),
    createPerson('student', 'Dropper'),
  ]);
  admin = await createPerson('admin');
  course = await createCourse({ teacher_id: teacher.id, title: 'Revenue course', price: 250 });
  for (const student of [active, finished, dropper]) await enroll(student.id, course.id);
  const { data: invoices } = await service
    .from('invoices')
    .select('id, student_id')
    .eq('course_id', course.id);
  const invoiceOf = (id: string) => invoices!.find((row) => row.student_id === id)!.id as string;
  const pay = async (studentId: string, amount: number) => {
    const { error } = await admin.client.rpc('record_payment', {
      invoice_uuid: invoiceOf(studentId),
      amount,
      method: 'cash',
    });
    expect(error).toBeNull();
  };
  await pay(active.id, 250);
  await pay(finished.id, 100);
  await pay(dropper.id, 50);
  const completed = await service
    .from('enrollments')
    .update({ status: 'completed' })
    .eq('course_id', course.id)
    .eq('user_id', finished.id)
    .select('id');
  expect(completed.error).toBeNull();
  const dropped = await dropper.client.rpc('unenroll_user_from_course', {
    user_uuid: dropper.id,
    course_uuid: course.id,
  });
  expect(dropped.error).toBeNull();
  // The drop credited the invoice; the office gives the 50 back.
  const refunded = await admin.client.rpc('record_refund', {
    invoice_uuid: invoiceOf(dropper.id),
    amount: 50,
    method: 'cash',
  });
  expect(refunded.error).toBeNull();
});

afterAll(async () => {
  await closeDb();
});

/**
 * The part of it paid on invoices of a course that still exists: a manual invoice (no course) or a
 * deleted course's invoices count in the school's revenue but in no course's row.
 */
async function expectedRevenueOfCourses(): Promise<number> {
  const { rows } = await ownerQuery<{ revenue: string }>(
    `select ((select coalesce(sum(p.amount), 0) from public.payments p
               join public.invoices i on i.id = p.invoice_id where i.course_id is not null)
             - (select coalesce(sum(r.amount), 0) from public.refunds r
                  join public.invoices i on i.id = r.invoice_id where i.course_id is not null))::text as revenue`,
  );
  return Number(rows[0]?.revenue);
}

/** Counted here from the payments and refunds themselves. */
async function expectedRevenue(): Promise<number> {
  const { rows } = await ownerQuery<{ revenue: string; older: string }>(
    `select ((select coalesce(sum(amount), 0) from public.payments)
             - (select coalesce(sum(amount), 0) from public.refunds))::text as revenue,
            ((select count(*) from public.payments where paid_on <= current_date - 365)
             + (select count(*) from public.refunds where refunded_on <= current_date - 365))::text as older`,
  );
  // The year must cover every payment for its figure to be all-time revenue.
  expect(rows[0]?.older).toBe('0');
  return Number(rows[0]?.revenue);
}

describe('one revenue everywhere: money received', () => {
  it("a course's revenue is what its invoices received, less refunds", async () => {
    const { data, error } = await admin.client
      .from('course_roster')
      .select('revenue, invoiced, outstanding')
      .eq('id', course.id)
      .single();
    expect(error).toBeNull();
    // 250 + 100 + 50 paid, 50 refunded; 750 invoiced, 250 credited; 150 still owed by the finished student.
    expect(data).toEqual({ revenue: 350, invoiced: 500, outstanding: 150 });
  });

  it("the dashboard's year, its Total Revenue, Course Management's total and get_revenue agree", async () => {
    const expected = await expectedRevenue();
    const dashboard = await admin.client.rpc('get_admin_dashboard', { period: 'year' });
    expect(dashboard.error).toBeNull();
    const figures = dashboard.data as {
      courses: { revenue: number };
      current: { revenue: number };
    };
    const stats = await admin.client.rpc('get_course_management_stats');
    expect(stats.error).toBeNull();
    const courses = await admin.client.from('course_roster').select('revenue');
    expect(courses.error).toBeNull();
    const courseSum = (courses.data ?? []).reduce((sum, row) => sum + Number(row.revenue), 0);
    const revenue = await admin.client.rpc('get_revenue', {
      from_date: '2000-01-01',
      to_date: '2999-12-31',
    });
    expect(revenue.error).toBeNull();

    expect(Number(figures.current.revenue)).toBeCloseTo(expected, 2);
    expect(Number(figures.courses.revenue)).toBeCloseTo(expected, 2);
    expect(Number((stats.data as { total_revenue: number }).total_revenue)).toBeCloseTo(
      expected,
      2,
    );
    expect(Number((revenue.data as { received: number }).received)).toBeCloseTo(expected, 2);
    // Each course's row: the same money, less what was paid on invoices of no course (another file's
    // manual invoice, or a deleted course's).
    expect(courseSum).toBeCloseTo(await expectedRevenueOfCourses(), 2);
  });
});
