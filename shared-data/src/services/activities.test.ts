import { describe, expect, it } from 'vitest';
import { activityRow, installFakeSupabase, pagedReply } from '../test-support/fake-supabase';
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
            createdBy: 'teacher-1',
            createdAt: '2025-03-01T10:00:00Z',
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

const managedRow = {
  id: 'activity-1',
  title: 'Greetings quiz',
  description: 'Ten questions',
  type: 'quiz',
  course_id: null,
  class_id: 'class-1',
  effective_course_id: 'course-1',
  course_title: 'Business Spanish',
  class_title: 'Greetings',
  class_scheduled_date: '2025-03-10T15:00:00Z',
  due_date: '2025-03-15T23:59:00Z',
  max_points: 20,
  instructions: null,
  allow_late_submission: true,
  is_active: false,
  created_by: 'teacher-1',
  created_at: '2025-03-01T10:00:00Z',
  submission_count: 12,
  graded_count: 5,
};

describe('activitiesService.listManaged', () => {
  it('pages the activity list view newest first, with course and class titles and submission counts', async () => {
    fake.on('GET', '/rest/v1/activity_list', pagedReply([managedRow], 31));

    const result = await activitiesService.listManaged({ page: 2, limit: 12 });

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'activity-1',
            title: 'Greetings quiz',
            description: 'Ten questions',
            type: 'quiz',
            courseId: null,
            classId: 'class-1',
            courseTitle: 'Business Spanish',
            classTitle: 'Greetings',
            dueDate: '2025-03-15T23:59:00Z',
            maxPoints: 20,
            instructions: null,
            allowLateSubmission: true,
            isActive: false,
            createdBy: 'teacher-1',
            createdAt: '2025-03-01T10:00:00Z',
            effectiveCourseId: 'course-1',
            classScheduledDate: '2025-03-10T15:00:00Z',
            submissionCount: 12,
            gradedCount: 5,
          },
        ],
        total: 31,
        page: 2,
        limit: 12,
        totalPages: 3,
      },
    });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request?.query.get('order')).toBe('created_at.desc,id.asc');
    expect(request?.query.get('offset')).toBe('12');
    expect(request?.query.get('limit')).toBe('12');
    expect(request?.headers.get('prefer')).toContain('count=exact');
    expect(request?.query.get('is_active')).toBeNull();
  });

  it("filters by the activity's course, also through its class, and searches title and description", async () => {
    fake.on('GET', '/rest/v1/activity_list', pagedReply([]));

    await activitiesService.listManaged({ courseId: 'course-1', search: ' 50% ', type: 'quiz' });

    const query = fake.requests[0]?.query;
    expect(query?.get('effective_course_id')).toBe('eq.course-1');
    expect(query?.get('course_id')).toBeNull();
    expect(query?.get('type')).toBe('eq.quiz');
    expect(query?.get('or')).toBe('(title.ilike."%50\\\\%%",description.ilike."%50\\\\%%")');
  });

  it('reads missing counts as zero', async () => {
    fake.on(
      'GET',
      '/rest/v1/activity_list',
      pagedReply([{ ...managedRow, submission_count: null, graded_count: null }]),
    );

    const result = await activitiesService.listManaged();

    expect(result).toMatchObject({
      success: true,
      data: { items: [{ submissionCount: 0, gradedCount: 0 }] },
    });
  });

  it("falls back to 'Failed to fetch activities'", async () => {
    fake.on('GET', '/rest/v1/activity_list', { status: 500, body: {} });

    expect(await activitiesService.listManaged()).toMatchObject({
      success: false,
      error: { code: 'FETCH_ACTIVITIES_ERROR', message: 'Failed to fetch activities' },
    });
  });
});

describe('activitiesService.getManaged', () => {
  it('reads one activity of the list view by id, or null when the caller cannot see it', async () => {
    fake.on('GET', '/rest/v1/activity_list', { body: managedRow });

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

describe('activitiesService.stats', () => {
  it('asks activity_stats() once', async () => {
    fake.on('POST', '/rest/v1/rpc/activity_stats', {
      body: [{ total: 14, active_courses: 3, scheduled_classes: 9, due_this_week: 2 }],
    });

    expect(await activitiesService.stats()).toEqual({
      success: true,
      data: { total: 14, activeCourses: 3, scheduledClasses: 9, dueThisWeek: 2 },
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('reads big counts sent as strings, and a single object as well as an array', async () => {
    fake.on('POST', '/rest/v1/rpc/activity_stats', {
      body: { total: '120000', active_courses: '40', scheduled_classes: '7', due_this_week: '0' },
    });

    expect(await activitiesService.stats()).toEqual({
      success: true,
      data: { total: 120_000, activeCourses: 40, scheduledClasses: 7, dueThisWeek: 0 },
    });
  });

  it('keeps the database code of a refusal', async () => {
    fake.on('POST', '/rest/v1/rpc/activity_stats', {
      status: 403,
      body: { code: '42501', message: 'permission denied for function activity_stats' },
    });

    expect(await activitiesService.stats()).toMatchObject({
      success: false,
      error: { code: 'ACTIVITY_STATS_ERROR', details: { code: '42501' } },
    });
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
