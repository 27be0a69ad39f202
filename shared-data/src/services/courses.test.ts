import { describe, expect, it } from 'vitest';
import {
  courseRow,
  enrollmentRow,
  installFakeSupabase,
  pagedReply,
} from '../test-support/fake-supabase';
import { coursesService } from './courses';

const fake = installFakeSupabase();

function selectedColumns(select: string | null | undefined): string {
  return (select ?? '').replace(/\s+/g, '');
}

/** The top-level columns of a PostgREST `select`; an embedded resource counts by its alias. */
function topLevelColumns(select: string | null | undefined): string[] {
  return selectedColumns(select)
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((column) => column.split(/[:!]/)[0] ?? column);
}

// Every column the Course object is built from: leaving one out would show `undefined` in the UI.
const COURSE_FIELDS = [
  'id',
  'title',
  'description',
  'language',
  'category',
  'level',
  'duration',
  'teacher_id',
  'price',
  'thumbnail_url',
  'is_active',
  'enrolled_count',
  'max_students',
  'created_at',
  'updated_at',
  'cefr_level',
  'teacher',
];

describe('coursesService.list', () => {
  it('asks for one counted page, newest first, and maps each course', async () => {
    fake.on('GET', '/rest/v1/courses', pagedReply([courseRow()], 42));

    const result = await coursesService.list();

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
            createdAt: '2025-01-05T10:00:00Z',
            updatedAt: '2025-01-06T10:00:00Z',
            cefrLevel: null,
          },
        ],
        total: 42,
        page: 1,
        limit: 10,
        totalPages: 5,
      },
    });
    const [request] = fake.requestsTo('GET', '/rest/v1/courses');
    expect(topLevelColumns(request?.query.get('select'))).toEqual(
      expect.arrayContaining(COURSE_FIELDS),
    );
    expect(request?.query.get('select')).toContain('teacher:teacher_profile(first_name,last_name)');
    expect(request?.query.get('order')).toBe('created_at.desc,id.asc');
    expect(request?.query.get('offset')).toBe('0');
    expect(request?.query.get('limit')).toBe('10');
    expect(request?.headers.get('prefer')).toContain('count=exact');
  });

  it('sends every filter, the search over title and description, the sort and the page', async () => {
    fake.on('GET', '/rest/v1/courses', pagedReply([], 0));

    const result = await coursesService.list({
      language: 'English',
      level: 'advanced',
      teacherId: 'teacher-9',
      isActive: true,
      priceMin: 100,
      priceMax: 500.5,
      search: ' 50%, (intro) ',
      sortBy: 'price',
      sortOrder: 'asc',
      page: 3,
      limit: 20,
    });

    expect(result).toMatchObject({
      success: true,
      data: { items: [], total: 0, totalPages: 0, page: 3, limit: 20 },
    });
    const query = fake.requestsTo('GET', '/rest/v1/courses')[0]?.query;
    expect(query?.get('language')).toBe('eq.English');
    expect(query?.get('level')).toBe('eq.advanced');
    expect(query?.get('teacher_id')).toBe('eq.teacher-9');
    expect(query?.get('is_active')).toBe('eq.true');
    expect(query?.getAll('price')).toEqual(['gte.100', 'lte.500.5']);
    expect(query?.get('or')).toBe(
      '(title.ilike."%50\\\\%, (intro)%",description.ilike."%50\\\\%, (intro)%")',
    );
    expect(query?.get('order')).toBe('price.asc,id.asc');
    expect(query?.get('offset')).toBe('40');
    expect(query?.get('limit')).toBe('20');
  });

  it('lists inactive courses when asked and leaves out blank searches', async () => {
    fake.on('GET', '/rest/v1/courses', pagedReply([]));

    await coursesService.list({ isActive: false, search: '   ' });

    const query = fake.requestsTo('GET', '/rest/v1/courses')[0]?.query;
    expect(query?.get('is_active')).toBe('eq.false');
    expect(query?.has('or')).toBe(false);
  });

  it('leaves the teacher name of a course without a visible teacher null', async () => {
    fake.on(
      'GET',
      '/rest/v1/courses',
      pagedReply([courseRow({ teacher_id: null, teacher: null })]),
    );

    const result = await coursesService.list();

    expect(result.success && result.data.items[0]?.teacherName).toBeNull();
  });

  it("fails with FETCH_COURSES_ERROR and the provider's message", async () => {
    fake.on('GET', '/rest/v1/courses', {
      status: 400,
      body: { code: 'PGRST100', message: 'failed to parse filter', details: null, hint: null },
    });

    expect(await coursesService.list()).toEqual({
      success: false,
      error: {
        code: 'FETCH_COURSES_ERROR',
        message: 'failed to parse filter',
        details: { code: 'PGRST100' },
      },
    });
  });

  it("falls back to 'Failed to fetch courses'", async () => {
    fake.on('GET', '/rest/v1/courses', { status: 500, body: {} });

    expect(await coursesService.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch courses' },
    });
  });
});

describe('coursesService.getById', () => {
  it('reads one course by id', async () => {
    fake.on('GET', '/rest/v1/courses', { body: [courseRow({ id: 'course-7' })] });

    const result = await coursesService.getById('course-7');

    expect(result).toMatchObject({
      success: true,
      data: { id: 'course-7', teacherName: 'Marta López' },
    });
    expect(fake.requestsTo('GET', '/rest/v1/courses')[0]?.query.get('id')).toBe('eq.course-7');
  });

  it('is null when the course is missing or hidden', async () => {
    fake.on('GET', '/rest/v1/courses', { body: [] });

    expect(await coursesService.getById('nope')).toEqual({ success: true, data: null });
  });

  it("falls back to 'Failed to fetch course'", async () => {
    fake.on('GET', '/rest/v1/courses', { status: 500, body: {} });

    expect(await coursesService.getById('course-1')).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch course' },
    });
  });
});

describe('coursesService.create', () => {
  it('fills the course defaults for what the form left out and sends snake_case columns', async () => {
    fake.on('POST', '/rest/v1/courses', { status: 201, body: courseRow() });

    const result = await coursesService.create({
      title: '  Business Spanish ',
      description: 'Meetings',
      language: 'Spanish',
      teacherId: 'teacher-1',
      thumbnailUrl: ' https://img.test/c.png ',
    });

    expect(result).toMatchObject({ success: true, data: { id: 'course-1', price: 299 } });
    const [request] = fake.requestsTo('POST', '/rest/v1/courses');
    expect(request?.body).toEqual({
      title: 'Business Spanish',
      description: 'Meetings',
      language: 'Spanish',
      category: 'general',
      level: 'beginner',
      duration: 8,
      teacher_id: 'teacher-1',
      price: 299,
      max_students: 30,
      is_active: true,
      thumbnail_url: 'https://img.test/c.png',
    });
    expect(request?.headers.get('prefer')).toContain('return=representation');
    expect(request?.headers.get('accept')).toBe('application/vnd.pgrst.object+json');
    expect(topLevelColumns(request?.query.get('select'))).toEqual(
      expect.arrayContaining(COURSE_FIELDS),
    );
  });

  it('keeps the values the form set and sends a blank thumbnail as null', async () => {
    fake.on('POST', '/rest/v1/courses', { status: 201, body: courseRow() });

    await coursesService.create({
      title: 'English B2',
      description: 'Upper intermediate',
      language: 'English',
      category: 'business',
      level: 'advanced',
      duration: 12,
      price: 0,
      maxStudents: 1,
      isActive: false,
      thumbnailUrl: '',
      teacherId: undefined,
    });

    expect(fake.requestsTo('POST', '/rest/v1/courses')[0]?.body).toMatchObject({
      category: 'business',
      level: 'advanced',
      duration: 12,
      price: 0,
      max_students: 1,
      is_active: false,
      thumbnail_url: null,
    });
    expect(fake.requestsTo('POST', '/rest/v1/courses')[0]?.body).not.toHaveProperty('teacher_id');
  });

  it('fails with CREATE_COURSES_ERROR and the check that refused it', async () => {
    fake.on('POST', '/rest/v1/courses', {
      status: 400,
      body: { code: '23514', message: 'new row violates check constraint "courses_price_check"' },
    });

    expect(
      await coursesService.create({ title: 'x', description: 'y', language: 'English', price: -1 }),
    ).toMatchObject({
      success: false,
      error: {
        code: 'CREATE_COURSES_ERROR',
        message: expect.stringContaining('courses_price_check'),
      },
    });
  });
});

describe('coursesService.update', () => {
  it('patches only the changed columns of that course', async () => {
    fake.on('PATCH', '/rest/v1/courses', { body: [courseRow({ is_active: false })] });

    const result = await coursesService.update('course-1', { isActive: false, price: 350.5 });

    expect(result).toMatchObject({ success: true, data: { isActive: false } });
    const [request] = fake.requestsTo('PATCH', '/rest/v1/courses');
    expect(request?.query.get('id')).toBe('eq.course-1');
    expect(request?.body).toEqual({ is_active: false, price: 350.5 });
  });

  it('fails when no row was changed (missing or not permitted)', async () => {
    fake.on('PATCH', '/rest/v1/courses', { body: [] });

    expect(await coursesService.update('course-1', { title: 'x' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_COURSES_ERROR', message: 'Failed to update course' },
    });
  });
});

describe('coursesService.delete', () => {
  const FILES = '/rest/v1/rpc/get_course_files';

  it('deletes by id and asks for the deleted id back', async () => {
    fake.on('POST', FILES, { body: [] });
    fake.on('DELETE', '/rest/v1/courses', { body: [{ id: 'course-1' }] });

    expect(await coursesService.delete('course-1')).toEqual({ success: true, data: null });
    const [request] = fake.requestsTo('DELETE', '/rest/v1/courses');
    expect(request?.query.get('id')).toBe('eq.course-1');
    expect(request?.query.get('select')).toBe('id');
  });

  it('fails when nothing was deleted', async () => {
    fake.on('POST', FILES, { body: [] });
    fake.on('DELETE', '/rest/v1/courses', { body: [] });

    expect(await coursesService.delete('course-1')).toMatchObject({
      success: false,
      error: { code: 'DELETE_COURSES_ERROR', message: 'Failed to delete course' },
    });
  });

  it('carries a foreign-key refusal', async () => {
    fake.on('POST', FILES, { body: [] });
    fake.on('DELETE', '/rest/v1/courses', {
      status: 409,
      body: { code: '23503', message: 'update or delete on table "courses" violates foreign key' },
    });

    expect(await coursesService.delete('course-1')).toMatchObject({
      success: false,
      error: { code: 'DELETE_COURSES_ERROR', details: { code: '23503' } },
    });
  });
});

describe('coursesService.delete with stored files', () => {
  const FILES = '/rest/v1/rpc/get_course_files';

  it("removes the course's stored files bucket by bucket before the course", async () => {
    fake.on('POST', FILES, {
      body: [
        { bucket: 'activity-submissions', name: 's-1/a-1/essay.pdf' },
        { bucket: 'materials', name: 't-1/worksheet.pdf' },
        { bucket: 'activity-submissions', name: 's-2/a-1/notes.txt' },
      ],
    });
    fake.on('DELETE', '/storage/v1/object/*', { body: [] });
    fake.on('DELETE', '/rest/v1/courses', { body: [{ id: 'course-1' }] });

    expect(await coursesService.delete('course-1')).toEqual({ success: true, data: null });

    const order = fake.requests.map((request) => `${request.method} ${request.path}`);
    expect(order).toEqual([
      'POST /rest/v1/rpc/get_course_files',
      'DELETE /storage/v1/object/activity-submissions',
      'DELETE /storage/v1/object/materials',
      'DELETE /rest/v1/courses',
    ]);
    expect(fake.requestsTo('POST', FILES)[0]?.body).toEqual({ course_uuid: 'course-1' });
    expect(fake.requestsTo('DELETE', '/storage/v1/object/activity-submissions')[0]?.body).toEqual({
      prefixes: ['s-1/a-1/essay.pdf', 's-2/a-1/notes.txt'],
    });
  });

  it('keeps the course when its files cannot be removed, and says so', async () => {
    fake.on('POST', FILES, { body: [{ bucket: 'materials', name: 't-1/worksheet.pdf' }] });
    fake.on('DELETE', '/storage/v1/object/*', {
      status: 403,
      body: {
        statusCode: '403',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      },
    });

    expect(await coursesService.delete('course-1')).toMatchObject({
      success: false,
      error: { code: 'DELETE_COURSES_ERROR' },
    });
    expect(fake.requestsTo('DELETE', '/rest/v1/courses')).toHaveLength(0);
  });

  it("refuses when the caller may not list the course's files", async () => {
    fake.on('POST', FILES, {
      status: 403,
      body: {
        code: '42501',
        message: "Only the course's teacher or an administrator can list its files",
      },
    });

    expect(await coursesService.delete('course-1')).toMatchObject({
      success: false,
      error: { code: 'DELETE_COURSES_ERROR', details: { code: '42501' } },
    });
    expect(fake.requestsTo('DELETE', '/rest/v1/courses')).toHaveLength(0);
  });
});

describe('coursesService.enroll', () => {
  const rpc = '/rest/v1/rpc/enroll_user_in_course';

  it('calls the server function with the user and course', async () => {
    fake.on('POST', rpc, { body: { success: true } });

    expect(await coursesService.enroll('course-1', 'user-1')).toEqual({
      success: true,
      data: null,
    });
    expect(fake.requestsTo('POST', rpc)[0]?.body).toEqual({
      user_uuid: 'user-1',
      course_uuid: 'course-1',
    });
  });

  it('answers the hold’s end and its invoice when the seat is held for its payment', async () => {
    fake.on('POST', rpc, {
      body: {
        success: true,
        enrollment_id: 'e-1',
        held: true,
        held_until: '2026-12-03T18:00:00+00:00',
        invoice_id: 'inv-1',
        time_zone: 'Europe/Madrid',
      },
    });

    expect(await coursesService.enroll('course-1', 'user-1')).toEqual({
      success: true,
      data: {
        heldUntil: '2026-12-03T18:00:00+00:00',
        invoiceId: 'inv-1',
        timeZone: 'Europe/Madrid',
      },
    });
  });

  it("is ENROLLMENT_ERROR with the function's message when it refuses", async () => {
    fake.on('POST', rpc, { body: { success: false, error: 'Course is full' } });

    expect(await coursesService.enroll('course-1', 'user-1')).toEqual({
      success: false,
      error: { code: 'ENROLLMENT_ERROR', message: 'Course is full' },
    });
  });

  it("falls back to 'Failed to enroll in course' when the refusal has no message", async () => {
    fake.on('POST', rpc, { body: { success: false } });

    expect(await coursesService.enroll('course-1', 'user-1')).toEqual({
      success: false,
      error: { code: 'ENROLLMENT_ERROR', message: 'Failed to enroll in course' },
    });
  });

  it('is ENROLL_ERROR when the call itself fails', async () => {
    fake.on('POST', rpc, { status: 401, body: { code: 'PGRST301', message: 'JWT expired' } });

    expect(await coursesService.enroll('course-1', 'user-1')).toEqual({
      success: false,
      error: { code: 'ENROLL_ERROR', message: 'JWT expired', details: { code: 'PGRST301' } },
    });
  });

  it('is ENROLL_ERROR when the server cannot be reached', async () => {
    fake.on('POST', rpc, { networkError: true });

    expect(await coursesService.enroll('course-1', 'user-1')).toMatchObject({
      success: false,
      error: { code: 'ENROLL_ERROR' },
    });
  });
});

describe('coursesService.unenroll and removeStudent', () => {
  const rpc = '/rest/v1/rpc/unenroll_user_from_course';

  it('calls the unenroll function', async () => {
    fake.on('POST', rpc, { body: { success: true } });

    expect(await coursesService.unenroll('course-1', 'user-1')).toEqual({
      success: true,
      data: null,
    });
    expect(fake.requestsTo('POST', rpc)[0]?.body).toEqual({
      user_uuid: 'user-1',
      course_uuid: 'course-1',
    });
  });

  it("is UNENROLL_ERROR with the function's message", async () => {
    fake.on('POST', rpc, { body: { success: false, error: 'Not enrolled in this course' } });

    expect(await coursesService.unenroll('course-1', 'user-1')).toEqual({
      success: false,
      error: { code: 'UNENROLL_ERROR', message: 'Not enrolled in this course' },
    });
  });

  it('removes a student through the same function', async () => {
    fake.on('POST', rpc, { body: { success: true } });

    expect(await coursesService.removeStudent('course-1', 'user-2')).toEqual({
      success: true,
      data: null,
    });
    expect(fake.requestsTo('POST', rpc)[0]?.body).toEqual({
      user_uuid: 'user-2',
      course_uuid: 'course-1',
    });
  });

  it("falls back to 'Failed to remove student from course'", async () => {
    fake.on('POST', rpc, { status: 500, body: {} });

    expect(await coursesService.removeStudent('course-1', 'user-2')).toEqual({
      success: false,
      error: { code: 'UNENROLL_ERROR', message: 'Failed to remove student from course' },
    });
  });
});

describe('coursesService.listEnrollments', () => {
  it('filters, pages and embeds each student', async () => {
    fake.on(
      'GET',
      '/rest/v1/enrollments',
      pagedReply(
        [
          enrollmentRow({
            student: {
              id: 'user-1',
              first_name: 'Ana',
              last_name: 'García',
              email: 'ana@school.test',
              avatar_url: null,
            },
          }),
        ],
        11,
      ),
    );

    const result = await coursesService.listEnrollments({
      courseId: 'course-1',
      userId: 'user-1',
      status: 'active',
      page: 2,
    });

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'enrollment-1',
            courseId: 'course-1',
            userId: 'user-1',
            status: 'active',
            progress: 42.5,
            enrolledAt: '2025-02-01T09:00:00Z',
            createdAt: '2025-02-01T09:00:00Z',
            updatedAt: '2025-02-01T09:00:00Z',
            student: {
              id: 'user-1',
              firstName: 'Ana',
              lastName: 'García',
              email: 'ana@school.test',
              avatar: null,
            },
          },
        ],
        total: 11,
        page: 2,
        limit: 10,
        totalPages: 2,
      },
    });
    const query = fake.requestsTo('GET', '/rest/v1/enrollments')[0]?.query;
    expect(query?.get('course_id')).toBe('eq.course-1');
    expect(query?.get('user_id')).toBe('eq.user-1');
    expect(query?.get('status')).toBe('eq.active');
    expect(query?.get('select')).toContain('student:users!user_id(');
    expect(query?.get('order')).toBe('enrolled_at.desc,id.asc');
    expect(query?.get('offset')).toBe('10');
  });

  it("falls back to 'Failed to fetch enrollments'", async () => {
    fake.on('GET', '/rest/v1/enrollments', { status: 500, body: {} });

    expect(await coursesService.listEnrollments()).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Failed to fetch enrollments' },
    });
  });
});

describe('coursesService.listEnrolledCourses', () => {
  it("pages the user's active enrollments with each course and teacher in one request", async () => {
    fake.on(
      'GET',
      '/rest/v1/enrollments',
      pagedReply([enrollmentRow({ course: courseRow({ id: 'course-3' }) })], 3),
    );

    const result = await coursesService.listEnrolledCourses('user-1', { page: 1, limit: 10 });

    expect(result).toMatchObject({
      success: true,
      data: {
        items: [
          {
            id: 'course-3',
            teacherName: 'Marta López',
            enrollment: { id: 'enrollment-1', status: 'active', progress: 42.5 },
          },
        ],
        total: 3,
        totalPages: 1,
      },
    });
    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0]?.query;
    expect(query?.get('user_id')).toBe('eq.user-1');
    expect(query?.get('status')).toBe('eq.active');
    expect(selectedColumns(query?.get('select'))).toContain('course:courses!inner(');
    expect(query?.get('select')).toContain('teacher:teacher_profile(');
  });

  it("falls back to 'Failed to fetch enrolled courses'", async () => {
    fake.on('GET', '/rest/v1/enrollments', { status: 500, body: {} });

    expect(await coursesService.listEnrolledCourses('user-1')).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch enrolled courses' },
    });
  });
});

describe('coursesService.updateEnrollmentStatus', () => {
  it('patches only the status of that enrollment', async () => {
    fake.on('PATCH', '/rest/v1/enrollments', { body: [enrollmentRow({ status: 'completed' })] });

    const result = await coursesService.updateEnrollmentStatus('enrollment-1', 'completed');

    expect(result).toMatchObject({ success: true, data: { status: 'completed' } });
    const [request] = fake.requests;
    expect(request?.query.get('id')).toBe('eq.enrollment-1');
    expect(request?.body).toEqual({ status: 'completed' });
  });

  it('fails when nothing was changed, and carries a refusal', async () => {
    fake.on('PATCH', '/rest/v1/enrollments', { body: [] });
    expect(await coursesService.updateEnrollmentStatus('enrollment-1', 'dropped')).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Failed to update enrollment' },
    });

    fake.on('PATCH', '/rest/v1/enrollments', {
      status: 400,
      body: { code: '23514', message: 'This course is full' },
    });
    expect(await coursesService.updateEnrollmentStatus('enrollment-1', 'active')).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'This course is full' },
    });
  });
});
