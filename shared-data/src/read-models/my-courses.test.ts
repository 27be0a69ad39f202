import { describe, expect, it } from 'vitest';
import { installFakeSupabase, pagedReply } from '../test-support/fake-supabase';
import { myCoursesReadModel, toStudentCourse, type MyCoursesRow } from './my-courses';

const fake = installFakeSupabase();
const view = '/rest/v1/my_courses';

function myCourseRow(overrides: Partial<MyCoursesRow> = {}): MyCoursesRow {
  return {
    id: 'course-1',
    title: 'Business Spanish',
    description: 'Meetings, email and negotiation',
    language: 'Spanish',
    category: 'business',
    level: 'intermediate',
    duration: 8,
    teacher_id: 'teacher-1',
    teacher_name: 'Marta López',
    price: 299,
    thumbnail_url: null,
    is_active: true,
    enrolled_count: 12,
    max_students: 30,
    created_at: '2025-01-05T10:00:00Z',
    relation: 'student',
    enrollment_id: 'enrollment-1',
    enrollment_status: 'active',
    progress: 42.5,
    enrolled_at: '2025-02-01T09:00:00Z',
    class_count: 6,
    cefr_level: null,
    next_class_at: '2025-03-12T15:00:00+00:00',
    ...overrides,
  };
}

describe('myCoursesReadModel.listForStudent', () => {
  it("asks for the student's active enrollments, 100 a page, newest enrollment first", async () => {
    fake.on('GET', view, pagedReply([myCourseRow()], 1));

    const result = await myCoursesReadModel.listForStudent();

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'course-1',
            title: 'Business Spanish',
            description: 'Meetings, email and negotiation',
            language: 'Spanish',
            category: 'business',
            level: 'intermediate',
            duration: 8,
            teacherId: 'teacher-1',
            teacherName: 'Marta López',
            price: 299,
            thumbnailUrl: null,
            isActive: true,
            enrolledCount: 12,
            maxStudents: 30,
            enrollmentId: 'enrollment-1',
            enrollmentStatus: 'active',
            progress: 42.5,
            enrolledAt: '2025-02-01T09:00:00Z',
            classCount: 6,
            nextClassAt: '2025-03-12T15:00:00+00:00',
          },
        ],
        total: 1,
        page: 1,
        limit: 100,
        totalPages: 1,
      },
    });
    const requests = fake.requestsTo('GET', view);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    // Every column the course card is built from (a missing one would reach the UI as undefined).
    expect(request?.query.get('select')?.split(',')).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'description',
        'language',
        'category',
        'level',
        'duration',
        'teacher_id',
        'teacher_name',
        'price',
        'thumbnail_url',
        'is_active',
        'enrolled_count',
        'max_students',
        'enrollment_id',
        'enrollment_status',
        'progress',
        'enrolled_at',
        'class_count',
        'next_class_at',
      ]),
    );
    expect(request?.query.get('relation')).toBe('eq.student');
    expect(request?.query.get('enrollment_status')).toBe('eq.active');
    expect(request?.query.get('order')).toBe('enrolled_at.desc,id.asc');
    expect(request?.query.get('limit')).toBe('100');
    expect(request?.headers.get('prefer')).toContain('count=exact');
  });

  it('pages on request', async () => {
    fake.on('GET', view, pagedReply([], 0));

    await myCoursesReadModel.listForStudent({ page: 3, limit: 10 });

    const [request] = fake.requestsTo('GET', view);
    expect(request?.query.get('offset')).toBe('20');
    expect(request?.query.get('limit')).toBe('10');
  });

  it('is FETCH_COURSES_ERROR with the provider message, else "Failed to fetch enrolled courses"', async () => {
    fake.on('GET', view, {
      status: 403,
      body: { message: 'permission denied for view my_courses' },
    });
    expect(await myCoursesReadModel.listForStudent()).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'permission denied for view my_courses' },
    });

    fake.on('GET', view, { status: 500, body: {} });
    expect(await myCoursesReadModel.listForStudent()).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch enrolled courses' },
    });
  });
});

describe('toStudentCourse', () => {
  it('reads nulls safely', () => {
    expect(
      toStudentCourse(
        myCourseRow({
          teacher_name: null,
          progress: null,
          next_class_at: null,
          enrollment_status: 'paused',
          class_count: null,
        }),
      ),
    ).toMatchObject({
      teacherName: null,
      progress: 0,
      nextClassAt: null,
      enrollmentStatus: 'active',
      classCount: 0,
    });
  });
});

describe('myCoursesReadModel.listForTeacher', () => {
  const teacherRow = (overrides: Partial<MyCoursesRow> = {}) =>
    myCourseRow({
      relation: 'teacher',
      enrollment_id: null,
      enrollment_status: null,
      enrolled_at: null,
      progress: 61.25,
      ...overrides,
    });

  it("asks for the caller's own courses with the students' average progress, newest first", async () => {
    fake.on(
      'GET',
      view,
      pagedReply([teacherRow(), teacherRow({ id: 'course-2', progress: null })], 14),
    );

    const result = await myCoursesReadModel.listForTeacher({ page: 2, limit: 12 });

    expect(result).toMatchObject({
      success: true,
      data: { total: 14, page: 2, limit: 12, totalPages: 2 },
    });
    if (!result.success) return;
    expect(result.data.items[0]).toEqual({
      id: 'course-1',
      title: 'Business Spanish',
      description: 'Meetings, email and negotiation',
      language: 'Spanish',
      category: 'business',
      level: 'intermediate',
      duration: 8,
      teacherId: 'teacher-1',
      teacherName: 'Marta López',
      price: 299,
      thumbnailUrl: null,
      isActive: true,
      enrolledCount: 12,
      maxStudents: 30,
      createdAt: '2025-01-05T10:00:00Z',
      averageProgress: 61.25,
      classCount: 6,
      nextClassAt: '2025-03-12T15:00:00+00:00',
      cefrLevel: null,
    });
    // No student yet: no average, rather than a made-up 0.
    expect(result.data.items[1]?.averageProgress).toBeNull();

    const [request] = fake.requestsTo('GET', view);
    expect(
      request?.query
        .get('select')
        ?.split(',')
        .map((column) => column.trim()),
    ).toEqual(
      expect.arrayContaining(['id', 'progress', 'created_at', 'thumbnail_url', 'teacher_id']),
    );
    expect(request?.query.get('relation')).toBe('eq.teacher');
    expect(request?.query.get('order')).toBe('created_at.desc,id.asc');
    expect(request?.query.get('offset')).toBe('12');
    expect(request?.query.get('limit')).toBe('12');
    expect(request?.headers.get('prefer')).toContain('count=exact');
  });

  it('is FETCH_COURSES_ERROR with the provider message, else "Failed to fetch courses"', async () => {
    fake.on('GET', view, { status: 401, body: { message: 'JWT expired', code: 'PGRST301' } });
    expect(await myCoursesReadModel.listForTeacher()).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'JWT expired' },
    });

    fake.on('GET', view, { status: 500, body: {} });
    expect(await myCoursesReadModel.listForTeacher()).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch courses' },
    });
  });
});
