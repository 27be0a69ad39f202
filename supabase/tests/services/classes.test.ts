import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classManagementReadModel } from '../../../shared-data/src/read-models/class-management';
import {
  classFormFromClass,
  toClassInput,
  toClassSeries,
  validateClassForm,
} from '../../../shared-data/src/rules/class-form';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { classesService } from '../../../shared-data/src/services/classes';
import { authService } from '../../../shared-data/src/services/auth';
import {
  closeDb,
  createClass,
  createCourse,
  enroll,
  enrolledDaysAgo,
  hoursFromNow,
  ownerQuery,
  service,
} from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, signInAs, installLocalDataClient } from './data-client';

installLocalDataClient();

let courseId: string;
beforeAll(async () => {
  const course = await createCourse({
    title: 'Service test: classes',
    teacher_id: DEMO_ACCOUNTS.teacher.id,
  });
  courseId = course.id;
  await enroll(DEMO_ACCOUNTS.student.id, courseId);
  // A class counts for a student from their enrolment on; these tests hold classes an hour ago.
  await enrolledDaysAgo(DEMO_ACCOUNTS.student.id, courseId);
});
afterAll(async () => {
  await service.from('courses').delete().eq('id', courseId);
  await closeDb();
});

describe('classesService.create / update / delete / saveAttendance (teacher class screens)', () => {
  it('the course teacher schedules a class, moves it, takes attendance and deletes it', async () => {
    const teacher = await signInAs('teacher');
    const scheduledDate = hoursFromNow(-1);

    const created = dataOf(
      await classesService.create({
        courseId,
        title: 'Ordering food',
        scheduledDate,
        duration: 45,
        type: 'live',
        meetingLink: 'https://meet.example.org/food',
      }),
    );
    expect(created).toMatchObject({
      courseId,
      title: 'Ordering food',
      description: '',
      duration: 45,
      type: 'live',
      meetingLink: 'https://meet.example.org/food',
    });
    expect(new Date(created.scheduledDate).getTime()).toBe(new Date(scheduledDate).getTime());

    const updated = dataOf(
      await classesService.update(created.id, { title: 'Ordering food (2)', duration: 60 }),
    );
    expect(updated).toMatchObject({ id: created.id, title: 'Ordering food (2)', duration: 60 });

    const marks = dataOf(
      await classesService.saveAttendance(created.id, [
        { userId: DEMO_ACCOUNTS.student.id, attended: true },
      ]),
    );
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({
      classId: created.id,
      userId: DEMO_ACCOUNTS.student.id,
      attended: true,
      markedBy: teacher.id,
    });
    expect(marks[0]?.attendedAt).toBeTruthy();

    // Saving the roster again replaces the mark instead of adding one.
    const again = dataOf(
      await classesService.saveAttendance(created.id, [
        { userId: DEMO_ACCOUNTS.student.id, attended: false },
      ]),
    );
    expect(again).toMatchObject([
      { userId: DEMO_ACCOUNTS.student.id, attended: false, attendedAt: null },
    ]);
    const stored = await service
      .from('class_attendance')
      .select('attended')
      .eq('class_id', created.id);
    expect(stored.data).toEqual([{ attended: false }]);

    expect(await classesService.delete(created.id)).toEqual({ success: true, data: null });
    const { data } = await service.from('classes').select('id').eq('id', created.id);
    expect(data).toEqual([]);
  });

  it('a student cannot schedule, change or delete a class', async () => {
    const existing = await createClass(courseId, { title: 'Fixed' });
    await signInAs('student');

    const created = await classesService.create({
      courseId,
      title: 'Student class',
      scheduledDate: hoursFromNow(24),
      duration: 30,
      type: 'live',
    });
    expect(created.success).toBe(false);
    if (!created.success) {
      expect(created.error).toMatchObject({
        code: 'CREATE_CLASSES_ERROR',
        details: { code: '42501' },
      });
      expect(errorMessageKey(created.error)).toBe('notAllowed');
    }

    expect(await classesService.update(existing.id, { title: 'Renamed' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_CLASSES_ERROR', message: 'Failed to update class' },
    });
    expect(await classesService.delete(existing.id)).toMatchObject({
      success: false,
      error: { code: 'DELETE_CLASSES_ERROR', message: 'Failed to delete class' },
    });
  });

  it('a student cannot take attendance for a class that has not opened', async () => {
    // Two days away: far outside the window in which a student records their own attendance.
    const later = await createClass(courseId, { title: 'Later', scheduled_date: hoursFromNow(48) });
    await signInAs('student');

    const result = await classesService.saveAttendance(later.id, [
      { userId: DEMO_ACCOUNTS.student.id, attended: true },
    ]);

    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error).toMatchObject({
        code: 'MARK_ATTENDANCE_ERROR',
        details: { code: '42501' },
      });
      expect(errorMessageKey(result.error)).toBe('notAllowed');
    }
    const { data } = await service.from('class_attendance').select('id').eq('class_id', later.id);
    expect(data).toEqual([]);
  });
});

describe('classesService with the class form (Class Management)', () => {
  it('saves what the form sends and reads it back into the same form', async () => {
    await signInAs('teacher');
    const values = {
      courseId,
      title: '  Listening practice ',
      description: ' Podcast about markets ',
      date: '2031-02-03',
      time: '09:45',
      duration: '45',
      type: 'recorded' as const,
      meetingLink: ' https://video.example.org/markets ',
      repeatWeekly: false,
      weeks: 4,
    };
    expect(validateClassForm(values)).toEqual({});

    const created = dataOf(await classesService.create(toClassInput(values)));
    expect(created).toMatchObject({
      title: 'Listening practice',
      description: 'Podcast about markets',
      duration: 45,
      type: 'recorded',
      meetingLink: null,
      recordingUrl: 'https://video.example.org/markets',
    });
    expect(classFormFromClass(created)).toEqual({
      ...values,
      title: 'Listening practice',
      description: 'Podcast about markets',
      duration: 45,
      meetingLink: 'https://video.example.org/markets',
    });

    const live = {
      ...classFormFromClass(created),
      type: 'live' as const,
      meetingLink: 'https://meet.example.org/markets',
    };
    const updated = dataOf(await classesService.update(created.id, toClassInput(live, created)));
    expect(updated).toMatchObject({
      type: 'live',
      meetingLink: 'https://meet.example.org/markets',
    });
    expect(updated.scheduledDate).toBe(created.scheduledDate);
    await classesService.delete(created.id);
  });

  it('explains a refused save with the message the form would have shown', async () => {
    await signInAs('teacher');
    const base = { courseId, title: 'Refused', scheduledDate: hoursFromNow(24), duration: 60 };

    const noLink = await classesService.create({ ...base, type: 'live', meetingLink: '  ' });
    expect(noLink.success).toBe(false);
    if (!noLink.success) {
      expect(noLink.error).toMatchObject({
        code: 'CREATE_CLASSES_ERROR',
        details: { code: '23514' },
      });
      expect(errorMessageKey(noLink.error)).toBe('classMeetingLinkRequired');
    }

    const short = await classesService.create({ ...base, type: 'recorded', duration: 10 });
    expect(short.success).toBe(false);
    if (!short.success) expect(errorMessageKey(short.error)).toBe('classDurationMin');

    const existing = await createClass(courseId, { title: 'Kept' });
    const unlinked = await classesService.update(existing.id, { meetingLink: null });
    expect(unlinked.success).toBe(false);
    if (!unlinked.success) {
      expect(unlinked.error.code).toBe('UPDATE_CLASSES_ERROR');
      expect(errorMessageKey(unlinked.error)).toBe('classMeetingLinkRequired');
    }
  });
});

describe('classesService.management (Class Management in one request)', () => {
  it("gives the demo teacher the figures of their own courses' classes and a page of them", async () => {
    await signInAs('teacher');
    const { rows } = await ownerQuery<{
      total: number;
      live: number;
      recorded: number;
      minutes: number;
    }>(
      `select count(*)::int as total,
              count(*) filter (where cl.type = 'live')::int as live,
              count(*) filter (where cl.type = 'recorded')::int as recorded,
              coalesce(sum(cl.duration), 0)::int as minutes
         from public.classes cl join public.courses c on c.id = cl.course_id
        where c.teacher_id = $1`,
      [DEMO_ACCOUNTS.teacher.id],
    );
    const [expected] = rows;
    const answer = dataOf(
      await classManagementReadModel.get({
        teacherId: DEMO_ACCOUNTS.teacher.id,
        page: 1,
        limit: 3,
      }),
    );
    expect(answer.stats).toEqual({
      total: expected?.total,
      live: expected?.live,
      recorded: expected?.recorded,
      totalHours: Math.round((expected?.minutes ?? 0) / 60),
    });
    // Without a date bound the page is drawn from every one of those classes.
    expect(answer.page).toMatchObject({
      total: expected?.total,
      page: 1,
      limit: 3,
      totalPages: Math.ceil((expected?.total ?? 0) / 3),
    });
    expect(answer.page.items).toHaveLength(Math.min(3, expected?.total ?? 0));
    expect(answer.page.items.every((item) => item.teacherId === DEMO_ACCOUNTS.teacher.id)).toBe(
      true,
    );
  });

  it("maps a class of the page with its course and its attendance, as the screen's cards read them", async () => {
    await signInAs('teacher');
    const cls = await createClass(courseId, {
      title: 'Mapped: 100% attendance',
      scheduled_date: hoursFromNow(-1),
      duration: 45,
    });
    await classesService.saveAttendance(cls.id, [
      { userId: DEMO_ACCOUNTS.student.id, attended: true },
    ]);

    const answer = dataOf(
      await classManagementReadModel.get({
        teacherId: DEMO_ACCOUNTS.teacher.id,
        search: '100% attendance',
        dateFrom: hoursFromNow(-2),
        order: 'desc',
      }),
    );
    expect(answer.page.total).toBe(1);
    expect(answer.page.items).toEqual([
      {
        id: cls.id,
        courseId,
        courseTitle: 'Service test: classes',
        teacherId: DEMO_ACCOUNTS.teacher.id,
        title: 'Mapped: 100% attendance',
        description: '',
        scheduledDate: expect.any(String),
        duration: 45,
        type: 'live',
        meetingLink: 'https://meet.example.org/class',
        recordingUrl: null,
        createdAt: expect.any(String),
        attendance: { classId: cls.id, rosterCount: 1, attendedCount: 1, attendanceRate: 100 },
      },
    ]);
    expect(Date.parse(answer.page.items[0]?.scheduledDate ?? '')).toBe(
      Date.parse(cls.scheduled_date as string),
    );
  });

  it('is FETCH_CLASSES_ERROR, a load failure, when signed out', async () => {
    await authService.signOut();
    const result = await classManagementReadModel.get();
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error).toMatchObject({
        code: 'FETCH_CLASSES_ERROR',
        details: { code: '42501' },
      });
      expect(errorMessageKey(result.error)).toBe('notAllowed');
    }
  });
});

describe('classesService.createSeries (repeat weekly)', () => {
  const form = (title: string, course: string) => ({
    courseId: course,
    title,
    description: 'Every Monday',
    date: '2031-03-03',
    time: '18:30',
    duration: 60,
    type: 'live' as const,
    meetingLink: 'https://meet.example.org/club',
    repeatWeekly: true,
    weeks: 3,
  });

  it("the course's teacher schedules a weekly series in one request", async () => {
    await signInAs('teacher');
    const values = form('Series: conversation club', courseId);
    expect(validateClassForm(values)).toEqual({});

    const created = dataOf(await classesService.createSeries(toClassSeries(values)));

    expect(created).toHaveLength(3);
    const starts = created.map((cls) => new Date(cls.scheduledDate).getTime());
    expect(starts[1]! - starts[0]!).toBe(7 * 24 * 3600 * 1000);
    expect(starts[2]! - starts[1]!).toBe(7 * 24 * 3600 * 1000);
    const { data } = await service
      .from('classes')
      .select('id')
      .eq('title', 'Series: conversation club');
    expect(data).toHaveLength(3);
    await service.from('classes').delete().eq('title', 'Series: conversation club');
  });

  it('saves none of the series when one of its classes is refused', async () => {
    // A course of another teacher: the policies refuse that one row, so the statement fails whole.
    const other = await createCourse({ title: 'Service test: not mine' });
    try {
      await signInAs('teacher');
      const mine = toClassSeries(form('Series: all or nothing', courseId));
      const refused = { ...mine[2]!, courseId: other.id };

      const result = await classesService.createSeries([mine[0]!, mine[1]!, refused]);

      expect(result.success).toBe(false);
      if (!result.success) expect(errorMessageKey(result.error)).toBe('notAllowed');
      const { data } = await service
        .from('classes')
        .select('id')
        .eq('title', 'Series: all or nothing');
      expect(data).toEqual([]);
    } finally {
      await service.from('courses').delete().eq('id', other.id);
    }
  });

  it('a student cannot schedule a series', async () => {
    await signInAs('student');
    const result = await classesService.createSeries(
      toClassSeries(form('Series: by a student', courseId)),
    );
    expect(result.success).toBe(false);
    const { data } = await service.from('classes').select('id').eq('title', 'Series: by a student');
    expect(data).toEqual([]);
  });
});
