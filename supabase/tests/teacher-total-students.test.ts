import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, closeDb, createCourse, createPerson, enroll } from './fixtures';

// Two "Total Students" (issue 29 item 3): the teacher dashboard summed enrolments (25) while My Students
// counted people (23). Both now count the same thing: distinct students actively enrolled in the
// teacher's courses; the dashboard names the enrolments beside it.

let teacher: Person;

beforeAll(async () => {
  const [owner, both, one, gone] = await Promise.all([
    createPerson('teacher'),
    createPerson('student', 'Both'),
    createPerson('student', 'One'),
    createPerson('student', 'Gone'),
  ]);
  teacher = owner;
  const [first, second] = await Promise.all([
    createCourse({ teacher_id: teacher.id, title: 'First' }),
    createCourse({ teacher_id: teacher.id, title: 'Second' }),
  ]);
  await enroll(both.id, first.id);
  await enroll(both.id, second.id);
  await enroll(one.id, first.id);
  await enroll(gone.id, second.id);
  const dropped = await gone.client.rpc('unenroll_user_from_course', {
    user_uuid: gone.id,
    course_uuid: second.id,
  });
  expect(dropped.error).toBeNull();
});

afterAll(async () => {
  await closeDb();
});

describe("the teacher's Total Students", () => {
  it('counts each student once on the dashboard, as My Students does, with the enrolments beside it', async () => {
    const dashboard = await teacher.client.rpc('get_teacher_dashboard');
    expect(dashboard.error).toBeNull();
    const overview = await teacher.client.rpc('get_my_students_overview');
    expect(overview.error).toBeNull();

    expect(dashboard.data).toMatchObject({ total_students: 2, enrollment_count: 3 });
    expect((overview.data as { stats: { students: number } }).stats.students).toBe(2);
  });
});
