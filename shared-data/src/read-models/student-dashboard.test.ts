import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { studentDashboardReadModel, toStudentDashboard } from './student-dashboard';

const fake = installFakeSupabase();
const rpc = '/rest/v1/rpc/get_student_dashboard';

const classJson = (overrides: Record<string, unknown> = {}) => ({
  id: 'class-1',
  course_id: 'course-1',
  title: 'Negotiation role play',
  description: 'Bring your notes',
  scheduled_date: '2025-03-12T15:00:00+00:00',
  duration: 60,
  type: 'live',
  meeting_link: 'https://meet.school.test/abc',
  recording_url: null,
  ...overrides,
});

const courseJson = (overrides: Record<string, unknown> = {}) => ({
  id: 'course-1',
  title: 'Business Spanish',
  description: 'Meetings, email and negotiation',
  language: 'Spanish',
  category: 'business',
  level: 'intermediate',
  duration: 8,
  thumbnail_url: null,
  teacher_id: 'teacher-1',
  teacher_name: 'Marta López',
  enrollment_id: 'enrollment-1',
  progress: '42.50',
  enrolled_at: '2025-02-01T09:00:00Z',
  upcoming_classes: [classJson()],
  ...overrides,
});

describe('studentDashboardReadModel.get', () => {
  it('asks for 3 courses and 3 classes each in one call and maps the answer', async () => {
    fake.on('POST', rpc, {
      body: {
        course_count: 5,
        courses: [courseJson()],
        stats: {
          enrolled_courses: 5,
          completed_courses: 1,
          total_study_hours: 12,
          average_progress: 40.5,
        },
      },
    });

    const result = await studentDashboardReadModel.get();

    expect(result).toEqual({
      success: true,
      data: {
        courseCount: 5,
        courses: [
          {
            id: 'course-1',
            title: 'Business Spanish',
            description: 'Meetings, email and negotiation',
            language: 'Spanish',
            category: 'business',
            level: 'intermediate',
            duration: 8,
            thumbnailUrl: null,
            teacherId: 'teacher-1',
            teacherName: 'Marta López',
            enrollmentId: 'enrollment-1',
            progress: 42.5,
            enrolledAt: '2025-02-01T09:00:00Z',
            upcomingClasses: [
              {
                id: 'class-1',
                courseId: 'course-1',
                title: 'Negotiation role play',
                description: 'Bring your notes',
                scheduledDate: '2025-03-12T15:00:00+00:00',
                duration: 60,
                type: 'live',
                meetingLink: 'https://meet.school.test/abc',
                recordingUrl: null,
              },
            ],
          },
        ],
        stats: {
          enrolledCourses: 5,
          completedCourses: 1,
          totalStudyHours: 12,
          averageProgress: 40.5,
        },
      },
    });
    expect(fake.requestsTo('POST', rpc)).toHaveLength(1);
    expect(fake.requests[0]?.body).toEqual({ course_limit: 3, class_limit: 3 });
  });

  it('passes other limits through', async () => {
    fake.on('POST', rpc, { body: { course_count: 0, courses: [], stats: null } });

    await studentDashboardReadModel.get({ courses: 5, classesPerCourse: 1 });

    expect(fake.requests[0]?.body).toEqual({ course_limit: 5, class_limit: 1 });
  });

  it('is RPC_ERROR with the provider message when the call fails', async () => {
    fake.on('POST', rpc, { status: 500, body: { code: 'XX000', message: 'database is down' } });

    expect(await studentDashboardReadModel.get()).toMatchObject({
      success: false,
      error: { code: 'RPC_ERROR', message: 'database is down' },
    });
  });

  it('is RPC_ERROR when the network fails', async () => {
    fake.on('POST', rpc, { networkError: true });

    const result = await studentDashboardReadModel.get();

    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('RPC_ERROR');
  });
});

describe('toStudentDashboard', () => {
  it('reads a missing answer as an empty dashboard', () => {
    expect(toStudentDashboard(null)).toEqual({
      courseCount: 0,
      courses: [],
      stats: { enrolledCourses: 0, completedCourses: 0, totalStudyHours: 0, averageProgress: 0 },
    });
  });

  it('defends against unknown values, missing names and unsorted classes', () => {
    const dashboard = toStudentDashboard({
      course_count: '1',
      courses: [
        courseJson({
          language: 'French',
          level: 'expert',
          category: null,
          teacher_name: '  ',
          title: null,
          upcoming_classes: [
            classJson({
              id: 'late',
              scheduled_date: '2025-03-20T10:00:00Z',
              type: 'recorded',
              meeting_link: null,
            }),
            classJson({ id: 'early', scheduled_date: '2025-03-10T10:00:00Z', description: null }),
          ],
        }),
      ],
      stats: null,
    });
    const [course] = dashboard.courses;
    expect(course).toMatchObject({
      title: '',
      language: 'English',
      level: 'beginner',
      category: 'general',
      teacherName: null,
    });
    expect(course?.upcomingClasses.map((c) => [c.id, c.type, c.description])).toEqual([
      ['early', 'live', ''],
      ['late', 'recorded', 'Bring your notes'],
    ]);
    expect(dashboard.courseCount).toBe(1);
  });
});
