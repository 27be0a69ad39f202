import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { activitiesService } from '../../../shared-data/src/services/activities';
import { createActivity, createCourse, service } from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, signInAs, installLocalDataClient } from './data-client';

installLocalDataClient();

let courseId: string;
beforeAll(async () => {
  const course = await createCourse({
    title: 'Service test: activities',
    teacher_id: DEMO_ACCOUNTS.teacher.id,
  });
  courseId = course.id;
});
afterAll(async () => {
  await service.from('activities').delete().eq('course_id', courseId);
  await service.from('courses').delete().eq('id', courseId);
});

describe('activitiesService.create / update / delete (teacher activity screens)', () => {
  it('the course teacher creates an activity with the defaults, edits it and deletes it', async () => {
    const teacher = await signInAs('teacher');

    const activity = dataOf(
      await activitiesService.create({
        title: 'Write a postcard',
        description: 'From your last holiday',
        courseId,
        dueDate: '2030-06-01T21:59:00.000Z',
      }),
    );
    expect(activity).toMatchObject({
      title: 'Write a postcard',
      description: 'From your last holiday',
      courseId,
      classId: null,
      type: 'assignment',
      maxPoints: 100,
      allowLateSubmission: false,
      isActive: true,
      createdBy: teacher.id,
    });
    expect(new Date(activity.dueDate ?? '').toISOString()).toBe('2030-06-01T21:59:00.000Z');

    const updated = dataOf(
      await activitiesService.update(activity.id, { maxPoints: 20, type: 'quiz', isActive: false }),
    );
    expect(updated).toMatchObject({
      id: activity.id,
      maxPoints: 20,
      type: 'quiz',
      isActive: false,
    });

    expect(await activitiesService.delete(activity.id)).toEqual({ success: true, data: null });
    const { data } = await service.from('activities').select('id').eq('id', activity.id);
    expect(data).toEqual([]);
  });

  it('a student cannot create, change or delete an activity', async () => {
    const existing = await createActivity({ course_id: courseId, title: 'Set by the teacher' });
    await signInAs('student');

    const created = await activitiesService.create({ title: 'Mine', description: 'x', courseId });
    expect(created.success).toBe(false);
    if (!created.success) {
      expect(created.error).toMatchObject({
        code: 'CREATE_ACTIVITIES_ERROR',
        details: { code: '42501' },
      });
      expect(errorMessageKey(created.error)).toBe('notAllowed');
    }
    expect(await activitiesService.update(existing.id, { title: 'Changed' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_ACTIVITIES_ERROR' },
    });
    expect(await activitiesService.delete(existing.id)).toMatchObject({
      success: false,
      error: { code: 'DELETE_ACTIVITIES_ERROR', message: 'Failed to delete activity' },
    });
    const { data } = await service
      .from('activities')
      .select('title')
      .eq('id', existing.id)
      .single();
    expect(data?.title).toBe('Set by the teacher');
  });
});
