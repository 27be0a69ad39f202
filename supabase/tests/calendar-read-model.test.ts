import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { calendarReadModel } from '../../shared-data/src/read-models/calendar';
import { classesService } from '../../shared-data/src/services/classes';
import {
  type Person,
  type School,
  createClass,
  createCourse,
  createPerson,
  createSchool,
  enroll,
  hoursFromNow,
  service,
} from './fixtures';

// The student Calendar's read model (shared-data/src/read-models/calendar.ts) against the real API, as
// the signed-in student: only classes of actively enrolled courses, one request per question whatever
// the number of courses.

const signedIn = vi.hoisted(() => ({ client: null as SupabaseClient | null }));

vi.mock('../../shared-data/src/client', () => ({
  getClient: () => {
    if (!signedIn.client) throw new Error('no signed-in client for this test');
    return signedIn.client;
  },
}));

function as(person: Person) {
  signedIn.client = person.client;
}

const week = { from: hoursFromNow(-24 * 7), to: hoursFromNow(24 * 7) };

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterEach(() => {
  signedIn.client = null;
  vi.restoreAllMocks();
});

describe('calendarReadModel as a student', () => {
  it('lists the classes of enrolled courses in a window, with course title and end time', async () => {
    const { student, courseClass } = school;
    as(student);

    const result = await calendarReadModel.classesBetween(week.from, week.to);

    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toHaveLength(1);
    const [item] = result.data;
    expect(item).toMatchObject({
      id: courseClass.id,
      courseTitle: 'Spanish A1',
      title: 'Greetings',
      type: 'live',
      meetingLink: 'https://meet.example.org/class',
      teacherName: 'Tomás Tester',
      duration: 60,
      myAttendance: null,
    });
    expect(Date.parse(item?.endsAt ?? '') - Date.parse(item?.scheduledDate ?? '')).toBe(
      60 * 60_000,
    );
  });

  it('shows nothing to a student enrolled nowhere, and nothing outside the window', async () => {
    const { outsider, student } = school;
    as(outsider);
    expect(await calendarReadModel.classesBetween(week.from, week.to)).toEqual({
      success: true,
      data: [],
    });
    as(student);
    expect(
      await calendarReadModel.classesBetween(hoursFromNow(24 * 30), hoursFromNow(24 * 60)),
    ).toEqual({ success: true, data: [] });
  });

  it('answers the month grid: per day the count and the first 2 classes, and the next 5 classes', async () => {
    const learner = await createPerson('student', 'Lena');
    const course = await createCourse({ title: 'Upcoming A2', teacher_id: school.teacher.id });
    await enroll(learner.id, course.id);
    // Three classes on one day (in UTC), days ahead, and one in the past.
    const busyDay = new Date(Date.now() + 3 * 24 * 3_600_000);
    busyDay.setUTCHours(0, 0, 0, 0);
    const onBusyDay = (hour: number) =>
      new Date(busyDay.getTime() + hour * 3_600_000).toISOString();
    await createClass(course.id, { title: 'Past', scheduled_date: hoursFromNow(-30) });
    for (const hour of [9, 12, 15]) {
      await createClass(course.id, { title: `Busy ${hour}h`, scheduled_date: onBusyDay(hour) });
    }
    for (const hours of [10, 20, 200]) {
      await createClass(course.id, { title: `In ${hours} h`, scheduled_date: hoursFromNow(hours) });
    }
    as(learner);

    const from = new Date(busyDay.getTime() - 20 * 24 * 3_600_000).toISOString();
    const to = new Date(busyDay.getTime() + 20 * 24 * 3_600_000).toISOString();
    const result = await calendarReadModel.month({ from, to, timeZone: 'UTC' });

    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.classCount).toBe(7);
    const busy = result.data.days.find((day) => day.date === busyDay.toISOString().slice(0, 10));
    expect(busy?.classCount).toBe(3);
    expect(busy?.classes.map((item) => item.title)).toEqual(['Busy 9h', 'Busy 12h']);
    expect(busy?.classes[0]).toMatchObject({
      courseTitle: 'Upcoming A2',
      teacherName: 'Tomás Tester',
    });
    expect(result.data.upcoming.map((item) => item.title)).toEqual([
      'In 10 h',
      'In 20 h',
      'Busy 9h',
      'Busy 12h',
      'Busy 15h',
    ]);

    // The busy day's full list is one read of the view.
    const dayList = await calendarReadModel.classesBetween(
      busyDay.toISOString(),
      new Date(busyDay.getTime() + 24 * 3_600_000).toISOString(),
    );
    expect(dayList.success && dayList.data.map((item) => item.title)).toEqual([
      'Busy 9h',
      'Busy 12h',
      'Busy 15h',
    ]);
    expect(await calendarReadModel.countUpcomingClasses()).toEqual({ success: true, data: 6 });
  });

  it('refuses a month range longer than the grid', async () => {
    as(school.student);
    const result = await calendarReadModel.month({
      from: hoursFromNow(0),
      to: hoursFromNow(24 * 60),
      timeZone: 'UTC',
    });
    expect(result).toMatchObject({
      success: false,
      error: {
        code: 'FETCH_CLASSES_ERROR',
        message: 'The calendar range can span at most 42 days',
      },
    });
  });

  it('drops the classes of a course the student dropped', async () => {
    const learner = await createPerson('student', 'Dora');
    const course = await createCourse({ title: 'Dropped B1', teacher_id: school.teacher.id });
    const enrollmentId = await enroll(learner.id, course.id);
    await createClass(course.id, { scheduled_date: hoursFromNow(5) });
    as(learner);
    expect(await calendarReadModel.countUpcomingClasses()).toEqual({ success: true, data: 1 });

    await service.from('enrollments').update({ status: 'dropped' }).eq('id', enrollmentId);
    expect(await calendarReadModel.countUpcomingClasses()).toEqual({ success: true, data: 0 });
  });

  it("joining a live class that is about to start records the student's attendance", async () => {
    const learner = await createPerson('student', 'Jon');
    const course = await createCourse({ title: 'Join C1', teacher_id: school.teacher.id });
    await enroll(learner.id, course.id);
    const soon = await createClass(course.id, { title: 'Soon', scheduled_date: hoursFromNow(0.2) });
    const later = await createClass(course.id, {
      title: 'Later',
      scheduled_date: hoursFromNow(30),
    });
    as(learner);

    const joined = await classesService.markAttendance({
      classId: soon.id,
      userId: learner.id,
      attended: true,
    });
    expect(joined.success).toBe(true);
    const tooEarly = await classesService.markAttendance({
      classId: later.id,
      userId: learner.id,
      attended: true,
    });
    expect(tooEarly.success).toBe(false);
    if (!tooEarly.success) expect(tooEarly.error.code).toBe('MARK_ATTENDANCE_ERROR');

    const result = await calendarReadModel.classesBetween(hoursFromNow(-1), hoursFromNow(48));
    expect(result.success && result.data.map((item) => [item.title, item.myAttendance])).toEqual([
      ['Soon', true],
      ['Later', null],
    ]);
  });

  it('answers a month with the next classes in one request, with 3 or 30 courses', async () => {
    const requestsFor = async (courseCount: number) => {
      const learner = await createPerson('student', `Many${courseCount}`);
      for (let index = 0; index < courseCount; index += 1) {
        const course = await createCourse({
          title: `Bulk ${courseCount}-${index}`,
          teacher_id: school.teacher.id,
        });
        await enroll(learner.id, course.id);
        await createClass(course.id, { scheduled_date: hoursFromNow(24 + index) });
      }
      as(learner);
      const fetches = vi.spyOn(globalThis, 'fetch');
      const month = await calendarReadModel.month({
        from: hoursFromNow(-24),
        to: hoursFromNow(24 * 40),
        timeZone: 'Europe/Madrid',
      });
      const rest = fetches.mock.calls.filter(([input]) => String(input).includes('/rest/v1/'));
      fetches.mockRestore();
      expect(month.success && month.data.classCount).toBe(courseCount);
      expect(month.success && month.data.upcoming).toHaveLength(Math.min(courseCount, 5));
      return rest.length;
    };
    expect(await requestsFor(3)).toBe(1);
    expect(await requestsFor(30)).toBe(1);
  });
});

describe('calendar filters (the admin Calendar View, a teacher narrowing to one course)', () => {
  const window = () => ({ from: hoursFromNow(-24), to: hoursFromNow(24 * 20) });

  it("narrows an admin's month and window to one teacher's or one course's classes", async () => {
    const { admin, teacher, otherTeacher, course, otherCourse } = school;
    // A day no other test uses, so the day's first 2 classes are these.
    const mine = await createClass(course.id, {
      title: 'Filter mine',
      scheduled_date: hoursFromNow(24 * 15),
    });
    const theirs = await createClass(otherCourse.id, {
      title: 'Filter theirs',
      scheduled_date: hoursFromNow(24 * 15 + 1),
    });
    as(admin);
    const { from, to } = window();

    const byTeacher = await calendarReadModel.month({
      from,
      to,
      timeZone: 'UTC',
      teacherId: teacher.id,
    });
    const byOtherCourse = await calendarReadModel.classesBetween(from, to, {
      courseId: otherCourse.id,
    });
    const unfiltered = await calendarReadModel.classesBetween(from, to);

    expect(byTeacher.success).toBe(true);
    if (!byTeacher.success || !byOtherCourse.success || !unfiltered.success) return;
    const shownIds = byTeacher.data.days.flatMap((day) => day.classes.map((item) => item.id));
    expect(shownIds).toContain(mine.id);
    expect(shownIds).not.toContain(theirs.id);
    expect(byTeacher.data.upcoming.every((item) => item.courseId !== otherCourse.id)).toBe(true);
    expect(byOtherCourse.data.map((item) => item.id)).toContain(theirs.id);
    expect(byOtherCourse.data.every((item) => item.courseId === otherCourse.id)).toBe(true);
    const both = unfiltered.data.map((item) => item.id);
    expect(both).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    // Counting stays with the filter: the other teacher's course adds nothing to the teacher's days.
    const otherOnly = await calendarReadModel.month({
      from,
      to,
      timeZone: 'UTC',
      teacherId: otherTeacher.id,
    });
    expect(
      otherOnly.success && otherOnly.data.days.flatMap((d) => d.classes.map((c) => c.id)),
    ).not.toContain(mine.id);
  });

  it("shows a teacher nothing more through a filter naming another teacher's course", async () => {
    const { teacher, otherCourse, otherTeacher } = school;
    await createClass(otherCourse.id, { title: 'Not yours', scheduled_date: hoursFromNow(40) });
    as(teacher);
    const { from, to } = window();

    const month = await calendarReadModel.month({
      from,
      to,
      timeZone: 'UTC',
      courseId: otherCourse.id,
    });
    const list = await calendarReadModel.classesBetween(from, to, { teacherId: otherTeacher.id });

    expect(month).toMatchObject({ success: true, data: { classCount: 0, days: [], upcoming: [] } });
    expect(list).toEqual({ success: true, data: [] });
  });
});
