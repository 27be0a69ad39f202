import { describe, expect, it } from 'vitest';
import { installFakeSupabase, managedActivityRow } from '../test-support/fake-supabase';
import { activityManagementReadModel } from './activity-management';

const fake = installFakeSupabase();

const STATS_JSON = { total: 14, active_courses: 3, scheduled_classes: 9, due_this_week: 2 };

function managementReply(rows: unknown[], total = rows.length, page = 1, pageSize = 12) {
  return {
    body: { stats: STATS_JSON, total, page, page_size: pageSize, activities: rows },
  };
}

describe('activityManagementReadModel.get', () => {
  it('reads the figures and one page of the activity list in one request, newest first', async () => {
    fake.on(
      'POST',
      '/rest/v1/rpc/get_activity_management',
      managementReply([managedActivityRow()], 31, 2),
    );

    const result = await activityManagementReadModel.get({ page: 2, limit: 12 });

    expect(result).toEqual({
      success: true,
      data: {
        stats: { total: 14, activeCourses: 3, scheduledClasses: 9, dueThisWeek: 2 },
        page: {
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
              recordingLimitSeconds: 180,
              createdBy: 'teacher-1',
              createdAt: '2025-03-01T10:00:00Z',
              skills: [],
              cefrLevel: null,
              rubric: null,
              rubricId: null,
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
      },
    });
    expect(fake.requests).toHaveLength(1);
    // No filter set: only the page is sent.
    expect(fake.requests[0]?.body).toEqual({ page: 2, page_size: 12 });
  });

  it('sends each filter as its argument: the course (also through its class), type, visibility and search', async () => {
    fake.on('POST', '/rest/v1/rpc/get_activity_management', managementReply([]));

    await activityManagementReadModel.get({
      courseId: 'course-1',
      search: ' 50% ',
      type: 'quiz',
      isActive: false,
    });
    await activityManagementReadModel.get({ isActive: true, page: 0, limit: -3 });

    // The search goes trimmed but otherwise as typed: the database matches `%` and `_` literally.
    expect(fake.requests[0]?.body).toEqual({
      search: '50%',
      course_uuid: 'course-1',
      activity_type: 'quiz',
      active: false,
      page: 1,
      page_size: 10,
    });
    expect(fake.requests[1]?.body).toEqual({ active: true, page: 1, page_size: 10 });
  });

  it('leaves a blank search and an empty course out', async () => {
    fake.on('POST', '/rest/v1/rpc/get_activity_management', managementReply([]));

    await activityManagementReadModel.get({ search: '   ', courseId: '', limit: 12 });

    expect(fake.requests[0]?.body).toEqual({ page: 1, page_size: 12 });
  });

  it('asks for at most 100 rows, as the database answers, and reads missing counts and big figures', async () => {
    fake.on('POST', '/rest/v1/rpc/get_activity_management', {
      body: {
        stats: { total: '120000', active_courses: '40', scheduled_classes: 7, due_this_week: 0 },
        total: 250,
        page: 1,
        page_size: 100,
        activities: [{ ...managedActivityRow(), submission_count: null, graded_count: null }],
      },
    });

    const result = await activityManagementReadModel.get({ limit: 500 });

    expect(fake.requests[0]?.body).toEqual({ page: 1, page_size: 100 });
    expect(result).toMatchObject({
      success: true,
      data: {
        stats: { total: 120_000, activeCourses: 40, scheduledClasses: 7, dueThisWeek: 0 },
        page: {
          items: [{ submissionCount: 0, gradedCount: 0 }],
          total: 250,
          limit: 100,
          totalPages: 3,
        },
      },
    });
  });

  it('answers an empty page for an empty reply', async () => {
    fake.on('POST', '/rest/v1/rpc/get_activity_management', { body: null });

    expect(await activityManagementReadModel.get()).toEqual({
      success: true,
      data: {
        stats: { total: 0, activeCourses: 0, scheduledClasses: 0, dueThisWeek: 0 },
        page: { items: [], total: 0, page: 1, limit: 10, totalPages: 0 },
      },
    });
  });

  it('keeps the database code of a refusal', async () => {
    fake.on('POST', '/rest/v1/rpc/get_activity_management', {
      status: 401,
      body: { code: '42501', message: 'permission denied for function get_activity_management' },
    });

    expect(await activityManagementReadModel.get()).toMatchObject({
      success: false,
      error: { code: 'FETCH_ACTIVITIES_ERROR', details: { code: '42501' } },
    });
  });

  it("falls back to 'Failed to fetch activities'", async () => {
    fake.on('POST', '/rest/v1/rpc/get_activity_management', { status: 500, body: {} });

    expect(await activityManagementReadModel.get()).toMatchObject({
      success: false,
      error: { code: 'FETCH_ACTIVITIES_ERROR', message: 'Failed to fetch activities' },
    });
  });
});
