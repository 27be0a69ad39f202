import { describe, expect, it } from 'vitest';
import {
  activityRow,
  installFakeSupabase,
  managedActivityRow,
  pagedReply,
} from '../test-support/fake-supabase';
import { activitiesService } from './activities';

const fake = installFakeSupabase();

describe('activitiesService.list', () => {
  it('pages activities newest first with their course or class title', async () => {
    fake.on(
      'GET',
      '/rest/v1/activities',
      pagedReply(
        [
          activityRow(),
          activityRow({
            id: 'activity-2',
            course_id: null,
            class_id: 'class-1',
            course: null,
            class: { title: 'Negotiation role play', course_id: 'course-1' },
            due_date: null,
          }),
        ],
        2,
      ),
    );

    const result = await activitiesService.list();

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'activity-1',
            title: 'Write a formal email',
            description: 'Ask a supplier for a quote',
            type: 'assignment',
            courseId: 'course-1',
            classId: null,
            courseTitle: 'Business Spanish',
            classTitle: null,
            dueDate: '2025-03-15T23:59:00Z',
            maxPoints: 100,
            instructions: null,
            allowLateSubmission: false,
            isActive: true,
            recordingLimitSeconds: 180,
            createdBy: 'teacher-1',
            createdAt: '2025-03-01T10:00:00Z',
            skills: [],
            cefrLevel: null,
            rubric: null,
            rubricId: null,
          },
          expect.objectContaining({
            id: 'activity-2',
            courseId: null,
            classId: 'class-1',
            classTitle: 'Negotiation role play',
            dueDate: null,
          }),
        ],
        total: 2,
        page: 1,
        limit: 10,
        totalPages: 1,
      },
    });
    expect(fake.requests[0]?.query.get('order')).toBe('created_at.desc,id.asc');
  });

  it('sends every filter', async () => {
    fake.on('GET', '/rest/v1/activities', pagedReply([]));

    await activitiesService.list({
      courseId: 'course-1',
      classId: 'class-1',
      type: 'quiz',
      isActive: false,
      createdBy: 'teacher-1',
      search: 'email',
      page: 4,
    });

    const query = fake.requests[0]?.query;
    expect(query?.get('course_id')).toBe('eq.course-1');
    expect(query?.get('class_id')).toBe('eq.class-1');
    expect(query?.get('type')).toBe('eq.quiz');
    expect(query?.get('is_active')).toBe('eq.false');
    expect(query?.get('created_by')).toBe('eq.teacher-1');
    expect(query?.get('or')).toBe('(title.ilike."%email%",description.ilike."%email%")');
    expect(query?.get('offset')).toBe('30');
  });

  it("falls back to 'Failed to fetch activities'", async () => {
    fake.on('GET', '/rest/v1/activities', { status: 500, body: {} });

    expect(await activitiesService.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_ACTIVITIES_ERROR', message: 'Failed to fetch activities' },
    });
  });
});

describe('activitiesService.getManaged', () => {
  it('reads one activity of the list view by id, or null when the caller cannot see it', async () => {
    fake.on('GET', '/rest/v1/activity_list', { body: managedActivityRow() });

    expect(await activitiesService.getManaged('activity-1')).toMatchObject({
      success: true,
      data: { id: 'activity-1', submissionCount: 12, effectiveCourseId: 'course-1' },
    });
    expect(fake.requests[0]?.query.get('id')).toBe('eq.activity-1');

    fake.reset();
    fake.on('GET', '/rest/v1/activity_list', { body: null });
    expect(await activitiesService.getManaged('hidden')).toEqual({ success: true, data: null });
  });
});

describe('activitiesService.listForStudent', () => {
  it("reads the student's active courses, then their active activities, in two requests", async () => {
    fake.on('GET', '/rest/v1/enrollments', {
      body: [{ course_id: 'course-1' }, { course_id: 'course-2' }, { course_id: 'course-1' }],
    });
    fake.on('GET', '/rest/v1/activities', { body: [activityRow()] });

    const result = await activitiesService.listForStudent('user-1');

    expect(result).toMatchObject({ success: true, data: [{ id: 'activity-1' }] });
    expect(fake.requests).toHaveLength(2);
    const enrollments = fake.requestsTo('GET', '/rest/v1/enrollments')[0]?.query;
    expect(enrollments?.get('user_id')).toBe('eq.user-1');
    expect(enrollments?.get('status')).toBe('eq.active');
    const activities = fake.requestsTo('GET', '/rest/v1/activities')[0]?.query;
    expect(activities?.get('is_active')).toBe('eq.true');
    expect(activities?.get('class.course_id')).toBe('in.(course-1,course-2)');
    expect(activities?.get('or')).toBe('(course_id.in.(course-1,course-2),class.not.is.null)');
    expect(activities?.get('order')).toBe('created_at.desc,id.asc');
  });

  it('asks no more when the student has no active enrollment', async () => {
    fake.on('GET', '/rest/v1/enrollments', { body: [] });

    expect(await activitiesService.listForStudent('user-1')).toEqual({ success: true, data: [] });
    expect(fake.requests).toHaveLength(1);
  });

  it("falls back to 'Failed to fetch student activities'", async () => {
    fake.on('GET', '/rest/v1/enrollments', { body: [{ course_id: 'course-1' }] });
    fake.on('GET', '/rest/v1/activities', { status: 500, body: {} });

    expect(await activitiesService.listForStudent('user-1')).toMatchObject({
      success: false,
      error: { code: 'FETCH_ACTIVITIES_ERROR', message: 'Failed to fetch student activities' },
    });
  });
});

describe('activitiesService.create', () => {
  it('applies the activity defaults and a null due date (the database stamps the creator)', async () => {
    fake.on('POST', '/rest/v1/activities', { status: 201, body: activityRow() });

    const result = await activitiesService.create({
      title: ' Write a formal email ',
      description: 'Ask a supplier for a quote',
      courseId: 'course-1',
    });

    expect(result).toMatchObject({ success: true, data: { id: 'activity-1' } });
    expect(fake.requestsTo('POST', '/rest/v1/activities')[0]?.body).toEqual({
      title: 'Write a formal email',
      description: 'Ask a supplier for a quote',
      type: 'assignment',
      course_id: 'course-1',
      class_id: null,
      due_date: null,
      max_points: 100,
      instructions: null,
      allow_late_submission: false,
      is_active: true,
      recording_limit_seconds: 180,
    });
  });

  it('sends the due date as UTC and a class association', async () => {
    fake.on('POST', '/rest/v1/activities', { status: 201, body: activityRow() });

    await activitiesService.create({
      title: 'Quiz',
      description: 'Ten questions',
      type: 'quiz',
      classId: 'class-1',
      dueDate: '2025-03-15T20:59:00-03:00',
      maxPoints: 20,
      instructions: ' No notes ',
      allowLateSubmission: true,
    });

    expect(fake.requests[0]?.body).toEqual({
      title: 'Quiz',
      description: 'Ten questions',
      type: 'quiz',
      course_id: null,
      class_id: 'class-1',
      due_date: '2025-03-15T23:59:00.000Z',
      max_points: 20,
      instructions: 'No notes',
      allow_late_submission: true,
      is_active: true,
      recording_limit_seconds: 180,
    });
  });

  it.each([[{ courseId: 'course-1', classId: 'class-1' }], [{ courseId: '', classId: '' }], [{}]])(
    'refuses %j: exactly one of course and class',
    async (association) => {
      expect(
        await activitiesService.create({ title: 't', description: 'd', ...association }),
      ).toEqual({
        success: false,
        error: {
          code: 'CREATE_ACTIVITIES_ERROR',
          message: 'An activity belongs to exactly one course or one class',
        },
      });
      expect(fake.requests).toHaveLength(0);
    },
  );

  it("falls back to 'Failed to create activity'", async () => {
    fake.on('POST', '/rest/v1/activities', { status: 500, body: {} });

    expect(
      await activitiesService.create({ title: 't', description: 'd', courseId: 'course-1' }),
    ).toMatchObject({
      success: false,
      error: { code: 'CREATE_ACTIVITIES_ERROR', message: 'Failed to create activity' },
    });
  });
});

describe('activitiesService.update and delete', () => {
  it('patches only what changed', async () => {
    fake.on('PATCH', '/rest/v1/activities', { body: [activityRow({ is_active: false })] });

    const result = await activitiesService.update('activity-1', { isActive: false, dueDate: null });

    expect(result).toMatchObject({ success: true, data: { isActive: false } });
    const [request] = fake.requests;
    expect(request?.query.get('id')).toBe('eq.activity-1');
    expect(request?.body).toEqual({ is_active: false, due_date: null });
  });

  it('moving to a class clears the course', async () => {
    fake.on('PATCH', '/rest/v1/activities', { body: [activityRow()] });

    await activitiesService.update('activity-1', { classId: 'class-2' });

    expect(fake.requests[0]?.body).toEqual({ course_id: null, class_id: 'class-2' });
  });

  it('fails an update that changed nothing, and a delete that deleted nothing', async () => {
    fake.on('PATCH', '/rest/v1/activities', { body: [] });
    expect(await activitiesService.update('activity-1', { title: 'x' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_ACTIVITIES_ERROR', message: 'Failed to update activity' },
    });

    fake.on('DELETE', '/rest/v1/activities', { body: [] });
    expect(await activitiesService.delete('activity-1')).toMatchObject({
      success: false,
      error: { code: 'DELETE_ACTIVITIES_ERROR', message: 'Failed to delete activity' },
    });
  });

  it('deletes by id', async () => {
    fake.on('DELETE', '/rest/v1/activities', { body: [{ id: 'activity-1' }] });

    expect(await activitiesService.delete('activity-1')).toEqual({ success: true, data: null });
    expect(fake.requests[0]?.query.get('id')).toBe('eq.activity-1');
  });
});
