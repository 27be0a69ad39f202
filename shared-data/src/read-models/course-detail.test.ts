import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { courseDetailReadModel, isCourseId } from './course-detail';

const fake = installFakeSupabase();

const COURSE_ID = 'c0a5e000-0000-4000-8000-000000000002';
const RPC = '/rest/v1/rpc/get_course_detail';

function detailJson(overrides: Record<string, unknown> = {}) {
  return {
    course: {
      id: COURSE_ID,
      title: 'Business Spanish',
      description: 'Meetings and negotiation',
      language: 'Spanish',
      category: 'business',
      level: 'intermediate',
      duration: 10,
      teacher_id: 'teacher-1',
      teacher_name: 'Daniel Ortega',
      price: '449.00',
      thumbnail_url: null,
      is_active: true,
      enrolled_count: 6,
      max_students: 15,
      created_at: '2026-09-03T04:37:04Z',
    },
    enrollment: {
      id: 'enrollment-1',
      status: 'active',
      progress: 17.86,
      enrolled_at: '2026-10-08T04:37:04Z',
    },
    materials: [
      {
        id: 'material-1',
        title: 'Negotiation phrases',
        type: 'pdf',
        url: '1700000000000-k3j9x2ab.pdf',
        storage_path: '1700000000000-k3j9x2ab.pdf',
        mime_type: 'application/pdf',
        file_size: 20480,
        course_id: COURSE_ID,
        language: 'ES',
        skill: 'grammar',
        uploaded_by: 'teacher-1',
        uploader_name: 'Daniel Ortega',
        uploaded_at: '2026-11-12T04:37:04Z',
      },
    ],
    class_count: 7,
    classes: [
      {
        id: 'class-6',
        course_id: COURSE_ID,
        title: 'Clase 6',
        description: 'Role-play',
        scheduled_date: '2026-11-16T17:30:00+00:00',
        duration: 90,
        type: 'live',
        meeting_link: 'https://meet.example.org/business',
        recording_url: null,
      },
      {
        id: 'class-7',
        course_id: COURSE_ID,
        title: 'Clase 7',
        description: '',
        scheduled_date: '2026-11-23T17:30:00+00:00',
        duration: 60,
        type: 'recorded',
        meeting_link: null,
        recording_url: 'https://video.example.org/7',
      },
    ],
    ...overrides,
  };
}

describe('isCourseId', () => {
  it('accepts uuids only', () => {
    expect(isCourseId(COURSE_ID)).toBe(true);
    expect(isCourseId(COURSE_ID.toUpperCase())).toBe(true);
    expect(isCourseId('course-1')).toBe(false);
    expect(isCourseId('')).toBe(false);
    expect(isCourseId(`${COURSE_ID}x`)).toBe(false);
  });
});

describe('courseDetailReadModel.get', () => {
  it('maps the course, own enrollment, materials and one page of classes from one RPC call', async () => {
    fake.on('POST', RPC, { body: detailJson() });

    const result = await courseDetailReadModel.get(COURSE_ID, 2);

    expect(result).toEqual({
      success: true,
      data: {
        course: {
          id: COURSE_ID,
          title: 'Business Spanish',
          description: 'Meetings and negotiation',
          language: 'Spanish',
          category: 'business',
          level: 'intermediate',
          duration: 10,
          teacherId: 'teacher-1',
          teacherName: 'Daniel Ortega',
          price: 449,
          thumbnailUrl: null,
          isActive: true,
          enrolledCount: 6,
          maxStudents: 15,
          createdAt: '2026-09-03T04:37:04Z',
        },
        enrollment: {
          id: 'enrollment-1',
          status: 'active',
          progress: 17.86,
          enrolledAt: '2026-10-08T04:37:04Z',
        },
        materials: [
          {
            id: 'material-1',
            title: 'Negotiation phrases',
            type: 'pdf',
            url: '1700000000000-k3j9x2ab.pdf',
            storagePath: '1700000000000-k3j9x2ab.pdf',
            mimeType: 'application/pdf',
            fileSize: 20480,
            courseId: COURSE_ID,
            courseTitle: 'Business Spanish',
            language: 'ES',
            skill: 'grammar',
            uploadedBy: 'Daniel Ortega',
            uploadedById: 'teacher-1',
            uploadedAt: '2026-11-12T04:37:04Z',
          },
        ],
        classes: {
          items: [
            {
              id: 'class-6',
              courseId: COURSE_ID,
              title: 'Clase 6',
              description: 'Role-play',
              scheduledDate: '2026-11-16T17:30:00+00:00',
              duration: 90,
              type: 'live',
              meetingLink: 'https://meet.example.org/business',
              recordingUrl: null,
            },
            {
              id: 'class-7',
              courseId: COURSE_ID,
              title: 'Clase 7',
              description: '',
              scheduledDate: '2026-11-23T17:30:00+00:00',
              duration: 60,
              type: 'recorded',
              meetingLink: null,
              recordingUrl: 'https://video.example.org/7',
            },
          ],
          total: 7,
          page: 2,
          limit: 5,
          totalPages: 2,
        },
      },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toEqual({
      course_uuid: COURSE_ID,
      class_page: 2,
      class_page_size: 5,
    });
  });

  it('fills in what is missing: no teacher or uploader name, no enrollment, no classes', async () => {
    const json = detailJson({ enrollment: null, materials: null, classes: null, class_count: 0 });
    json.course.teacher_name = null as unknown as string;
    fake.on('POST', RPC, {
      body: { ...json, materials: [{ ...detailJson().materials[0], uploader_name: null }] },
    });

    const result = await courseDetailReadModel.get(COURSE_ID);

    expect(result).toMatchObject({
      success: true,
      data: {
        course: { teacherName: null },
        enrollment: null,
        materials: [{ uploadedBy: null }],
        classes: { items: [], total: 0, page: 1, totalPages: 0 },
      },
    });
  });

  it('is null when the RPC finds no course the caller may see', async () => {
    fake.on('POST', RPC, { body: null });
    expect(await courseDetailReadModel.get(COURSE_ID)).toEqual({ success: true, data: null });
  });

  it('is null for a malformed id without asking the server', async () => {
    expect(await courseDetailReadModel.get('not-a-course')).toEqual({ success: true, data: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('is null when the database refuses the id as a uuid', async () => {
    fake.on('POST', RPC, {
      status: 400,
      body: { code: '22P02', message: 'invalid input syntax for type uuid: "x"' },
    });
    expect(await courseDetailReadModel.get(COURSE_ID)).toEqual({ success: true, data: null });
  });

  it("reports other failures with the provider's message, else 'Failed to fetch course'", async () => {
    fake.on('POST', RPC, { status: 500, body: { code: 'XX000', message: 'boom' } });
    expect(await courseDetailReadModel.get(COURSE_ID)).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'boom' },
    });

    fake.on('POST', RPC, { status: 500, body: {} });
    expect(await courseDetailReadModel.get(COURSE_ID)).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch course' },
    });
  });

  it('never throws when the network is down', async () => {
    fake.on('POST', RPC, { networkError: true });
    expect(await courseDetailReadModel.get(COURSE_ID)).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR' },
    });
  });
});

describe('courseDetailReadModel.getClassPage', () => {
  it('asks the same read model for another page and keeps only its classes', async () => {
    fake.on('POST', RPC, { body: detailJson() });

    const result = await courseDetailReadModel.getClassPage(COURSE_ID, 2);

    expect(result).toMatchObject({
      success: true,
      data: {
        total: 7,
        page: 2,
        limit: 5,
        totalPages: 2,
        items: [{ id: 'class-6' }, { id: 'class-7' }],
      },
    });
    expect(fake.requests[0]?.body).toEqual({
      course_uuid: COURSE_ID,
      class_page: 2,
      class_page_size: 5,
    });
  });

  it('asks for page 1 when given nonsense', async () => {
    fake.on('POST', RPC, { body: detailJson() });
    await courseDetailReadModel.getClassPage(COURSE_ID, Number.NaN);
    expect(fake.requests[0]?.body).toMatchObject({ class_page: 1 });
  });

  it("fails with 'Failed to fetch classes'", async () => {
    fake.on('POST', RPC, { status: 500, body: {} });
    expect(await courseDetailReadModel.getClassPage(COURSE_ID, 2)).toMatchObject({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'Failed to fetch classes' },
    });
  });
});

describe('courseDetailReadModel.listReviews', () => {
  it("reads the course's reviews with names from course_review_list, newest first", async () => {
    fake.on('GET', '/rest/v1/course_review_list', {
      body: [
        {
          id: 'review-1',
          course_id: COURSE_ID,
          course_title: 'Business Spanish',
          student_id: 'student-1',
          student_name: 'Emma Collins',
          rating: 4,
          comment: 'Clear',
          created_at: '2026-11-16T04:37:04Z',
          updated_at: '2026-11-17T04:37:04Z',
        },
        {
          id: 'review-2',
          course_id: COURSE_ID,
          course_title: 'Business Spanish',
          student_id: 'student-2',
          student_name: null,
          rating: 5,
          comment: null,
          created_at: '2026-11-10T04:37:04Z',
          updated_at: '2026-11-10T04:37:04Z',
        },
      ],
    });

    const result = await courseDetailReadModel.listReviews(COURSE_ID);

    expect(result).toEqual({
      success: true,
      data: [
        {
          id: 'review-1',
          courseId: COURSE_ID,
          studentId: 'student-1',
          studentName: 'Emma Collins',
          rating: 4,
          comment: 'Clear',
          createdAt: '2026-11-16T04:37:04Z',
          updatedAt: '2026-11-17T04:37:04Z',
        },
        {
          id: 'review-2',
          courseId: COURSE_ID,
          studentId: 'student-2',
          studentName: null,
          rating: 5,
          comment: null,
          createdAt: '2026-11-10T04:37:04Z',
          updatedAt: '2026-11-10T04:37:04Z',
        },
      ],
    });
    const query = fake.requests[0]?.query;
    expect(query?.get('course_id')).toBe(`eq.${COURSE_ID}`);
    expect(query?.get('order')).toBe('created_at.desc,id.asc');
  });

  it("fails with 'Failed to fetch reviews'", async () => {
    fake.on('GET', '/rest/v1/course_review_list', { status: 500, body: {} });
    expect(await courseDetailReadModel.listReviews(COURSE_ID)).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Failed to fetch reviews' },
    });
  });

  it('has none for a malformed id', async () => {
    expect(await courseDetailReadModel.listReviews('nope')).toEqual({ success: true, data: [] });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('courseDetailReadModel.getScheduledTime', () => {
  it("adds up the course's class minutes into hours, rounded", async () => {
    fake.on('GET', '/rest/v1/classes', {
      body: [{ duration: 90 }, { duration: 90 }, { duration: 45 }],
    });

    expect(await courseDetailReadModel.getScheduledTime(COURSE_ID)).toEqual({
      success: true,
      data: { classCount: 3, hours: 4 },
    });
    const query = fake.requests[0]?.query;
    expect(query?.get('select')).toBe('duration');
    expect(query?.get('course_id')).toBe(`eq.${COURSE_ID}`);
  });

  it("fails with 'Failed to fetch classes'", async () => {
    fake.on('GET', '/rest/v1/classes', { status: 500, body: {} });
    expect(await courseDetailReadModel.getScheduledTime(COURSE_ID)).toMatchObject({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'Failed to fetch classes' },
    });
  });
});
