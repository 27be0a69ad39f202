import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classManagementReadModel } from '../../../shared-data/src/read-models/class-management';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { myStudentsReadModel } from '../../../shared-data/src/read-models/my-students';
import { attendanceService } from '../../../shared-data/src/services/attendance';
import { classesService } from '../../../shared-data/src/services/classes';
import {
  closeDb,
  createClass,
  createCourse,
  createPerson,
  enroll,
  enrolledDaysAgo,
  hoursFromNow,
  ownerQuery,
  service,
} from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, installLocalDataClient, signInAs } from './data-client';

// The services and read model the My Students screen and the attendance dialog call, through
// supabase-js, PostgREST and RLS as the demo accounts.

installLocalDataClient();

let courseId: string;
let studentIds: string[];
beforeAll(async () => {
  const course = await createCourse({
    title: 'Service test: attendance',
    teacher_id: DEMO_ACCOUNTS.teacher.id,
  });
  courseId = course.id;
  const people = await Promise.all([
    createPerson('student', 'Pia'),
    createPerson('student', 'Quim'),
  ]);
  studentIds = people.map((person) => person.id);
  await Promise.all([
    enroll(DEMO_ACCOUNTS.student.id, courseId),
    ...studentIds.map((id) => enroll(id, courseId)),
  ]);
  // A class counts for a student from their enrolment on; these tests hold classes an hour ago.
  await Promise.all(
    [DEMO_ACCOUNTS.student.id, ...studentIds].map((id) => enrolledDaysAgo(id, courseId)),
  );
});
afterAll(async () => {
  await service.from('courses').delete().eq('id', courseId);
  await closeDb();
});

describe('attendanceService (the attendance dialog)', () => {
  it('reads the roster, saves the changed marks in one request and reads the new rate', async () => {
    await signInAs('teacher');
    const cls = await createClass(courseId, { scheduled_date: hoursFromNow(-1) });

    const roster = dataOf(await attendanceService.roster(cls.id));
    expect(roster.total).toBe(3);
    expect(roster.items.map((row) => row.studentId).sort()).toEqual(
      [DEMO_ACCOUNTS.student.id, ...studentIds].sort(),
    );
    expect(roster.items.every((row) => !row.attended && !row.isMarked)).toBe(true);

    const [first, second] = studentIds as [string, string];
    const saved = dataOf(
      await attendanceService.save(cls.id, { present: [first], absent: [second] }),
    );
    expect(saved.map((mark) => [mark.userId, mark.attended]).sort()).toEqual(
      [
        [first, true],
        [second, false],
      ].sort(),
    );

    // The new rate comes with Class Management's page of classes.
    const { page } = dataOf(
      await classManagementReadModel.get({ courseId, dateFrom: hoursFromNow(-2) }),
    );
    expect(page.items.find((item) => item.id === cls.id)?.attendance).toEqual({
      classId: cls.id,
      rosterCount: 3,
      attendedCount: 1,
      attendanceRate: 33.3,
    });
    const after = dataOf(await attendanceService.roster(cls.id));
    expect(after.items.find((row) => row.studentId === first)).toMatchObject({
      attended: true,
      isMarked: true,
    });
  });

  it('explains a refused save: a student not on the roster, or a caller who does not teach the class', async () => {
    await signInAs('teacher');
    const cls = await createClass(courseId, { scheduled_date: hoursFromNow(-1) });
    const stranger = await createPerson('student', 'Xavi');

    const refused = await classesService.saveAttendance(cls.id, [
      { userId: stranger.id, attended: true },
    ]);
    expect(refused.success).toBe(false);
    if (!refused.success) {
      expect(refused.error.code).toBe('MARK_ATTENDANCE_ERROR');
      expect(errorMessageKey(refused.error)).toBe('notEnrolled');
    }

    await signInAs('student');
    const denied = await classesService.saveAttendance(cls.id, [
      { userId: DEMO_ACCOUNTS.student.id, attended: true },
    ]);
    expect(denied.success).toBe(false);
    if (!denied.success) expect(errorMessageKey(denied.error)).toBe('notAllowed');
  });
});

describe('myStudentsReadModel (My Students)', () => {
  it("lists the demo teacher's students once each, with the same total as the owner counts", async () => {
    await signInAs('teacher');
    const { rows } = await ownerQuery<{ total: number }>(
      `select count(distinct e.user_id)::int as total from public.enrollments e
         join public.courses c on c.id = e.course_id
        where c.teacher_id = $1 and e.status = 'active'`,
      [DEMO_ACCOUNTS.teacher.id],
    );
    const page = dataOf(await myStudentsReadModel.list({ limit: 5 }));
    expect(page.total).toBe(rows[0]?.total);
    expect(page.items.length).toBe(Math.min(5, page.total));
    const everyone = dataOf(await myStudentsReadModel.listAll());
    expect(everyone).toHaveLength(page.total);
    expect(new Set(everyone.map((student) => student.id)).size).toBe(page.total);

    // The screen's one request: the same page, and figures over every student.
    const overview = dataOf(await myStudentsReadModel.overview({ limit: 5 }));
    expect(overview.students).toEqual(page);
    expect(overview.stats.students).toBe(page.total);
    expect(overview.stats.atRisk).toBe(everyone.filter((student) => student.atRisk).length);
    expect(overview.recentActivity.length).toBeLessThanOrEqual(10);
  });

  it("opens a student's details; nothing for someone else's student", async () => {
    await signInAs('teacher');
    const detail = dataOf(await myStudentsReadModel.detail(DEMO_ACCOUNTS.student.id));
    expect(detail?.student.id).toBe(DEMO_ACCOUNTS.student.id);
    expect(detail?.courses.map((course) => course.courseId)).toContain(courseId);

    const outsider = await createPerson('student', 'Zoe');
    expect(dataOf(await myStudentsReadModel.detail(outsider.id))).toBeNull();

    await signInAs('student');
    expect(dataOf(await myStudentsReadModel.list())).toMatchObject({ total: 0, items: [] });
    expect(dataOf(await myStudentsReadModel.overview())).toMatchObject({
      students: { total: 0, items: [] },
      stats: { students: 0, averageProgress: null },
      recentActivity: [],
    });
  });
});
