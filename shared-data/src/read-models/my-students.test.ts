import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { myStudentsReadModel } from './my-students';

const fake = installFakeSupabase();

const studentJson = (overrides: Record<string, unknown> = {}) => ({
  student_id: 'student-1',
  first_name: 'Sara',
  last_name: 'Núñez',
  email: 'sara@school.test',
  avatar_url: null,
  is_active: true,
  courses: [
    { course_id: 'course-1', course_title: 'Business English', progress: 72.5 },
    { course_id: 'course-2', course_title: 'Spanish A1', progress: '40.00' },
  ],
  course_count: 2,
  average_progress: '56.25',
  total_classes: 12,
  held_classes: 8,
  attended_classes: 6,
  attended_held_classes: 6,
  attendance_rate: 75,
  study_hours: '6.5',
  submission_count: 4,
  graded_count: 3,
  last_activity_at: '2026-03-09T10:00:00Z',
  at_risk: true,
  ...overrides,
});

describe('myStudentsReadModel.list', () => {
  it('asks get_my_students for one page with the filters and maps one row per student', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_students', {
      body: { total: 23, page: 3, page_size: 10, students: [studentJson()] },
    });

    const result = await myStudentsReadModel.list({
      search: '  sara ',
      courseId: 'course-1',
      page: 3,
    });

    expect(fake.requests[0]?.body).toEqual({
      search: 'sara',
      course_uuid: 'course-1',
      page: 3,
      page_size: 10,
    });
    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'student-1',
            firstName: 'Sara',
            lastName: 'Núñez',
            name: 'Sara Núñez',
            email: 'sara@school.test',
            avatarUrl: null,
            isActive: true,
            courses: [
              { courseId: 'course-1', courseTitle: 'Business English', progress: 72.5 },
              { courseId: 'course-2', courseTitle: 'Spanish A1', progress: 40 },
            ],
            courseCount: 2,
            averageProgress: 56.25,
            totalClasses: 12,
            heldClasses: 8,
            attendedClasses: 6,
            attendedHeldClasses: 6,
            attendanceRate: 75,
            studyHours: 6.5,
            submissionCount: 4,
            gradedCount: 3,
            lastActivityAt: '2026-03-09T10:00:00Z',
            atRisk: true,
          },
        ],
        total: 23,
        page: 3,
        limit: 10,
        totalPages: 3,
      },
    });
  });

  it('leaves out blank filters and keeps unknown figures unknown', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_students', {
      body: {
        total: 1,
        page: 1,
        page_size: 10,
        students: [
          studentJson({
            first_name: '',
            last_name: '',
            courses: [],
            course_count: 0,
            average_progress: null,
            attendance_rate: null,
            last_activity_at: null,
            at_risk: undefined,
          }),
        ],
      },
    });

    const result = await myStudentsReadModel.list({ search: '   ' });

    expect(fake.requests[0]?.body).toEqual({ page: 1, page_size: 10 });
    expect(result.success && result.data.items[0]).toMatchObject({
      name: null,
      courses: [],
      averageProgress: null,
      attendanceRate: null,
      lastActivityAt: null,
      atRisk: false,
    });
  });

  it('is FETCH_USERS_ERROR when the list cannot be read', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_students', {
      status: 401,
      body: { code: 'PGRST301', message: 'JWT expired' },
    });
    expect(await myStudentsReadModel.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', details: { code: 'PGRST301' } },
    });
  });
});

describe('myStudentsReadModel.listAll', () => {
  it('reads pages of 1000 until the total is reached', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_students', (request) => {
      const { page } = request.body as { page: number };
      const count = page === 1 ? 1000 : 5;
      return {
        body: {
          total: 1005,
          page,
          page_size: 1000,
          students: Array.from({ length: count }, (_, index) =>
            studentJson({ student_id: `student-${page}-${index}` }),
          ),
        },
      };
    });

    const result = await myStudentsReadModel.listAll({ courseId: 'course-1' });

    expect(result.success && result.data).toHaveLength(1005);
    expect(fake.requests.map((request) => request.body)).toEqual([
      { course_uuid: 'course-1', page: 1, page_size: 1000 },
      { course_uuid: 'course-1', page: 2, page_size: 1000 },
    ]);
  });

  it('stops at the first failure', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_students', { status: 500, body: { message: 'boom' } });
    expect(await myStudentsReadModel.listAll()).toMatchObject({ success: false });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('myStudentsReadModel.overview', () => {
  const events = [
    {
      kind: 'submission',
      at: '2026-03-09T10:00:00Z',
      student_id: 'student-1',
      student_name: 'Sara Núñez',
      course_id: 'course-1',
      course_title: 'Business English',
      item_id: 'activity-1',
      item_title: 'Write a pitch',
      status: 'graded',
      grade: '8.50',
      max_points: 10,
    },
    {
      kind: 'attendance',
      at: '2026-03-08T10:00:00Z',
      student_id: 'student-2',
      student_name: null,
      course_id: 'course-1',
      course_title: 'Business English',
      item_id: 'class-1',
      item_title: 'Pitching',
      status: null,
      grade: null,
      max_points: null,
    },
  ];

  it('asks get_my_students_overview for one page with the filters and the panel, in one request', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_students_overview', {
      body: {
        total: 23,
        page: 3,
        page_size: 10,
        students: [studentJson()],
        stats: { students: 23, active_this_week: 5, average_progress: '64.30', at_risk: 4 },
        recent_activity: events,
      },
    });

    const result = await myStudentsReadModel.overview({
      search: '  sara ',
      courseId: 'course-1',
      page: 3,
    });

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toEqual({
      search: 'sara',
      course_uuid: 'course-1',
      page: 3,
      page_size: 10,
      event_limit: 10,
    });
    expect(result).toEqual({
      success: true,
      data: {
        students: {
          items: [
            expect.objectContaining({
              id: 'student-1',
              name: 'Sara Núñez',
              averageProgress: 56.25,
            }),
          ],
          total: 23,
          page: 3,
          limit: 10,
          totalPages: 3,
        },
        stats: { students: 23, activeThisWeek: 5, averageProgress: 64.3, atRisk: 4 },
        recentActivity: [
          {
            kind: 'submission',
            at: '2026-03-09T10:00:00Z',
            studentId: 'student-1',
            studentName: 'Sara Núñez',
            courseId: 'course-1',
            courseTitle: 'Business English',
            itemId: 'activity-1',
            itemTitle: 'Write a pitch',
            status: 'graded',
            grade: 8.5,
            maxPoints: 10,
          },
          expect.objectContaining({
            kind: 'attendance',
            studentName: null,
            grade: null,
            maxPoints: null,
          }),
        ],
      },
    });
  });

  it('leaves out blank filters and keeps an unknown average unknown', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_students_overview', {
      body: {
        total: 0,
        page: 1,
        page_size: 10,
        students: [],
        stats: { students: 0, active_this_week: 0, average_progress: null, at_risk: 0 },
        recent_activity: [],
      },
    });

    const result = await myStudentsReadModel.overview({ search: '   ' });

    expect(fake.requests[0]?.body).toEqual({ page: 1, page_size: 10, event_limit: 10 });
    expect(result).toMatchObject({
      success: true,
      data: {
        students: { items: [], total: 0 },
        stats: { students: 0, averageProgress: null },
        recentActivity: [],
      },
    });
  });

  it('is FETCH_USERS_ERROR when the screen cannot be read', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_students_overview', {
      status: 401,
      body: { code: 'PGRST301', message: 'JWT expired' },
    });
    expect(await myStudentsReadModel.overview()).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', details: { code: 'PGRST301' } },
    });
  });
});

describe('myStudentsReadModel.detail', () => {
  it("maps the student's courses, graded work and statistics", async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_student_detail', {
      body: {
        student: {
          id: 'student-1',
          first_name: 'Sara',
          last_name: 'Núñez',
          email: 'sara@school.test',
          avatar_url: null,
          is_active: true,
          last_sign_in_at: '2026-03-09T08:00:00Z',
        },
        courses: [
          {
            enrollment_id: 'enrollment-1',
            course_id: 'course-1',
            course_title: 'Business English',
            progress: 72.5,
            enrolled_at: '2026-01-10T00:00:00Z',
            total_classes: 10,
            held_classes: 4,
            attended_classes: 3,
            attended_held_classes: 2,
            attendance_rate: 50,
            study_hours: 3,
            submission_count: 2,
            graded_count: 1,
            average_grade_percent: '85.0',
            last_activity_at: '2026-03-09T10:00:00Z',
            activity_count: 6,
            graded_activity_count: 1,
            due_work: 3,
            handed_in_work: 2,
            low_attendance: true,
            missing_work: false,
            at_risk: true,
          },
        ],
        graded_work: {
          total: 14,
          items: [
            {
              submission_id: 'submission-1',
              activity_id: 'activity-1',
              activity_title: 'Write a pitch',
              activity_type: 'project',
              course_id: 'course-1',
              course_title: 'Business English',
              grade: '8.5',
              max_points: 10,
              grade_percent: 85,
              submitted_at: '2026-03-01T10:00:00Z',
              graded_at: '2026-03-02T10:00:00Z',
            },
          ],
        },
        stats: {
          enrolled_courses: 2,
          completed_courses: 1,
          total_study_hours: '12.5',
          average_progress: 61,
        },
      },
    });

    const result = await myStudentsReadModel.detail('student-1');

    expect(fake.requests[0]?.body).toEqual({ student_uuid: 'student-1', graded_limit: 10 });
    expect(result).toEqual({
      success: true,
      data: {
        student: {
          id: 'student-1',
          firstName: 'Sara',
          lastName: 'Núñez',
          name: 'Sara Núñez',
          email: 'sara@school.test',
          avatarUrl: null,
          isActive: true,
          lastSignInAt: '2026-03-09T08:00:00Z',
        },
        courses: [
          {
            enrollmentId: 'enrollment-1',
            courseId: 'course-1',
            courseTitle: 'Business English',
            progress: 72.5,
            enrolledAt: '2026-01-10T00:00:00Z',
            totalClasses: 10,
            heldClasses: 4,
            attendedClasses: 3,
            attendedHeldClasses: 2,
            attendanceRate: 50,
            studyHours: 3,
            submissionCount: 2,
            gradedCount: 1,
            averageGradePercent: 85,
            lastActivityAt: '2026-03-09T10:00:00Z',
            activityCount: 6,
            gradedActivityCount: 1,
            dueWork: 3,
            handedInWork: 2,
            lowAttendance: true,
            missingWork: false,
            atRisk: true,
          },
        ],
        gradedWork: {
          total: 14,
          items: [
            {
              submissionId: 'submission-1',
              activityId: 'activity-1',
              activityTitle: 'Write a pitch',
              activityType: 'project',
              courseId: 'course-1',
              courseTitle: 'Business English',
              grade: 8.5,
              maxPoints: 10,
              gradePercent: 85,
              submittedAt: '2026-03-01T10:00:00Z',
              gradedAt: '2026-03-02T10:00:00Z',
            },
          ],
        },
        stats: {
          enrolledCourses: 2,
          completedCourses: 1,
          totalStudyHours: 12.5,
          averageProgress: 61,
        },
      },
    });
  });

  it('is null when the person is not one of the caller’s students', async () => {
    fake.on('POST', '/rest/v1/rpc/get_my_student_detail', { body: null });
    expect(await myStudentsReadModel.detail('someone')).toEqual({ success: true, data: null });
  });
});
