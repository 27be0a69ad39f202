import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { classesService } from '../../../shared-data/src/services/classes';
import { createClass, createCourse, enroll, hoursFromNow, service } from '../fixtures';
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
});
afterAll(async () => {
  await service.from('courses').delete().eq('id', courseId);
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
