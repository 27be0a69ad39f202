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

// One revenue (issue 29 item 2): the admin dashboard showed "Revenue $19,807" for the year above "Total
// Revenue $18,811": the period figure counted completed enrolments and the total did not. Every revenue
// figure is now price × the enrolments that are active or completed (not dropped): the dashboard's period
// figure and its Total Revenue, Course Management's Total Revenue and each course's revenue.

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
});

afterAll(async () => {
  await closeDb();
});

/** Counted here from the enrolments themselves: the course price of every enrolment not dropped. */
async function expectedRevenue(): Promise<number> {
  const { rows } = await ownerQuery<{ revenue: string; older: string }>(
    `select coalesce(sum(c.price), 0)::text as revenue,
            count(*) filter (where e.enrolled_at < now() - interval '1 year')::text as older
       from public.enrollments e join public.courses c on c.id = e.course_id
      where e.status <> 'dropped'`,
  );
  // The year must cover every enrolment for its figure to be all-time revenue.
  expect(rows[0]?.older).toBe('0');
  return Number(rows[0]?.revenue);
}

describe('one revenue everywhere: price × enrolments not dropped', () => {
  it("a course's revenue counts its active and completed enrolments", async () => {
    const { data, error } = await admin.client
      .from('course_roster')
      .select('revenue')
      .eq('id', course.id)
      .single();
    expect(error).toBeNull();
    expect(Number(data?.revenue)).toBe(500);
  });

  it("the dashboard's year, its Total Revenue and Course Management's total agree", async () => {
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

    expect(Number(figures.current.revenue)).toBeCloseTo(expected, 2);
    expect(Number(figures.courses.revenue)).toBeCloseTo(expected, 2);
    expect(Number((stats.data as { total_revenue: number }).total_revenue)).toBeCloseTo(
      expected,
      2,
    );
    expect(courseSum).toBeCloseTo(expected, 2);
  });
});
