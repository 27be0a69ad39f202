import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attendanceRow,
  classRow,
  installFakeSupabase,
  materialRow,
  pagedReply,
} from '../test-support/fake-supabase';
import { classesService } from './classes';

const fake = installFakeSupabase();

afterEach(() => vi.useRealTimers());

describe('classesService.list', () => {
  it('pages classes soonest first with their course title', async () => {
    fake.on('GET', '/rest/v1/classes', pagedReply([classRow()], 21));

    const result = await classesService.list();

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'class-1',
            courseId: 'course-1',
            courseTitle: 'Business Spanish',
            teacherId: 'teacher-1',
            title: 'Negotiation role play',
            description: 'Bring your notes',
            scheduledDate: '2025-03-12T15:00:00+00:00',
            duration: 60,
            type: 'live',
            meetingLink: 'https://meet.school.test/abc',
            recordingUrl: null,
            createdAt: '2025-02-20T10:00:00Z',
          },
        ],
        total: 21,
        page: 1,
        limit: 10,
        totalPages: 3,
      },
    });
    const query = fake.requestsTo('GET', '/rest/v1/classes')[0]?.query;
    expect(query?.get('order')).toBe('scheduled_date.asc,id.asc');
    expect(query?.get('select')).toContain('course:courses(title,teacher_id)');
    expect(query?.get('limit')).toBe('10');
  });

  it('sends every filter; a teacher filter joins the course', async () => {
    fake.on('GET', '/rest/v1/classes', pagedReply([]));

    await classesService.list({
      courseId: 'course-1',
      type: 'recorded',
      teacherId: 'teacher-1',
      dateFrom: '2025-03-01T00:00:00.000Z',
      dateTo: '2025-03-31T23:59:59.999Z',
      search: 'role play',
      page: 2,
      limit: 5,
    });

    const query = fake.requestsTo('GET', '/rest/v1/classes')[0]?.query;
    expect(query?.get('course_id')).toBe('eq.course-1');
    expect(query?.get('type')).toBe('eq.recorded');
    expect(query?.get('course.teacher_id')).toBe('eq.teacher-1');
    expect(query?.get('select')).toContain('course:courses!inner(');
    expect(query?.getAll('scheduled_date')).toEqual([
      'gte.2025-03-01T00:00:00.000Z',
      'lte.2025-03-31T23:59:59.999Z',
    ]);
    expect(query?.get('or')).toBe('(title.ilike."%role play%",description.ilike."%role play%")');
    expect(query?.get('offset')).toBe('5');
    expect(query?.get('limit')).toBe('5');
  });

  it('does not join the course when no teacher is asked for', async () => {
    fake.on('GET', '/rest/v1/classes', pagedReply([]));

    await classesService.list({ courseId: 'course-1' });

    expect(fake.requests[0]?.query.get('select')).not.toContain('!inner');
  });

  it("falls back to 'Failed to fetch classes'", async () => {
    fake.on('GET', '/rest/v1/classes', { status: 500, body: {} });

    expect(await classesService.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'Failed to fetch classes' },
    });
  });
});

describe('classesService.getById', () => {
  it("carries its course's materials, newest first, from one request", async () => {
    fake.on('GET', '/rest/v1/classes', {
      body: [
        classRow({
          course: {
            title: 'Business Spanish',
            teacher_id: 'teacher-1',
            materials: [
              materialRow({ id: 'old', uploaded_at: '2025-01-01T00:00:00Z' }),
              materialRow({ id: 'new', uploaded_at: '2025-02-01T00:00:00Z' }),
            ],
          },
        }),
      ],
    });

    const result = await classesService.getById('class-1');

    expect(result.success && result.data?.materials.map((material) => material.id)).toEqual([
      'new',
      'old',
    ]);
    expect(result).toMatchObject({
      data: { id: 'class-1', materials: [{ uploadedBy: 'Marta López', type: 'pdf' }, {}] },
    });
    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0]?.query;
    expect(query?.get('id')).toBe('eq.class-1');
    expect(query?.get('select')).toContain('materials(');
  });

  it('has no materials when the course is not visible, and is null when the class is not', async () => {
    fake.on('GET', '/rest/v1/classes', { body: [classRow({ course: null })] });
    expect(await classesService.getById('class-1')).toMatchObject({
      data: { materials: [], courseTitle: null },
    });

    fake.on('GET', '/rest/v1/classes', { body: [] });
    expect(await classesService.getById('class-1')).toEqual({ success: true, data: null });
  });
});

describe('classesService.create', () => {
  it('sends the class form fields as columns', async () => {
    fake.on('POST', '/rest/v1/classes', { status: 201, body: classRow() });

    const result = await classesService.create({
      courseId: 'course-1',
      title: ' Negotiation role play ',
      scheduledDate: '2025-03-12T15:00:00.000Z',
      duration: 60,
      type: 'live',
      meetingLink: ' https://meet.school.test/abc ',
    });

    expect(result).toMatchObject({ success: true, data: { id: 'class-1' } });
    expect(fake.requestsTo('POST', '/rest/v1/classes')[0]?.body).toEqual({
      course_id: 'course-1',
      title: 'Negotiation role play',
      description: '',
      scheduled_date: '2025-03-12T15:00:00.000Z',
      duration: 60,
      type: 'live',
      meeting_link: 'https://meet.school.test/abc',
    });
  });

  it('saves nothing without a course, and says so', async () => {
    expect(
      await classesService.create({
        courseId: ' ',
        title: 'x',
        scheduledDate: '2025-03-12T15:00:00.000Z',
        duration: 60,
        type: 'recorded',
      }),
    ).toEqual({
      success: false,
      error: { code: 'CREATE_CLASSES_ERROR', message: 'Course is required' },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('carries the check that refused it', async () => {
    fake.on('POST', '/rest/v1/classes', {
      status: 400,
      body: { code: '23514', message: 'violates check constraint "classes_duration_check"' },
    });

    expect(
      await classesService.create({
        courseId: 'course-1',
        title: 'x',
        scheduledDate: '2025-03-12T15:00:00.000Z',
        duration: 10,
        type: 'recorded',
      }),
    ).toMatchObject({
      success: false,
      error: { code: 'CREATE_CLASSES_ERROR', details: { code: '23514' } },
    });
  });
});

describe('classesService.update and delete', () => {
  it('patches the class by id', async () => {
    fake.on('PATCH', '/rest/v1/classes', {
      body: [classRow({ type: 'recorded', meeting_link: null })],
    });

    const result = await classesService.update('class-1', { type: 'recorded', meetingLink: '' });

    expect(result).toMatchObject({ success: true, data: { type: 'recorded', meetingLink: null } });
    const [request] = fake.requestsTo('PATCH', '/rest/v1/classes');
    expect(request?.query.get('id')).toBe('eq.class-1');
    expect(request?.body).toEqual({ type: 'recorded', meeting_link: null });
  });

  it('refuses an edit that clears the course', async () => {
    expect(await classesService.update('class-1', { courseId: '' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_CLASSES_ERROR', message: 'Course is required' },
    });
  });

  it('fails an update that changed nothing', async () => {
    fake.on('PATCH', '/rest/v1/classes', { body: [] });

    expect(await classesService.update('class-1', { title: 'x' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_CLASSES_ERROR', message: 'Failed to update class' },
    });
  });

  it('deletes by id and fails when nothing was deleted', async () => {
    fake.on('DELETE', '/rest/v1/classes', { body: [{ id: 'class-1' }] });
    expect(await classesService.delete('class-1')).toEqual({ success: true, data: null });
    expect(fake.requestsTo('DELETE', '/rest/v1/classes')[0]?.query.get('id')).toBe('eq.class-1');

    fake.on('DELETE', '/rest/v1/classes', { body: [] });
    expect(await classesService.delete('class-1')).toMatchObject({
      success: false,
      error: { code: 'DELETE_CLASSES_ERROR', message: 'Failed to delete class' },
    });
  });
});

describe('classesService attendance', () => {
  it('reads the marks of a class', async () => {
    fake.on('GET', '/rest/v1/class_attendance', { body: [attendanceRow()] });

    expect(await classesService.getAttendance('class-1')).toEqual({
      success: true,
      data: [
        {
          id: 'attendance-1',
          classId: 'class-1',
          userId: 'user-1',
          attended: true,
          attendedAt: '2025-03-12T15:02:00Z',
          markedBy: 'teacher-1',
        },
      ],
    });
    expect(fake.requests[0]?.query.get('class_id')).toBe('eq.class-1');
  });

  it('is GET_ATTENDANCE_ERROR when reading fails', async () => {
    fake.on('GET', '/rest/v1/class_attendance', { status: 500, body: { message: 'boom' } });

    expect(await classesService.getAttendance('class-1')).toMatchObject({
      success: false,
      error: { code: 'GET_ATTENDANCE_ERROR', message: 'boom' },
    });
  });

  it('upserts one mark on class and student, stamping the time when present', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-12T15:05:00.000Z'));
    fake.on('POST', '/rest/v1/class_attendance', { status: 201, body: attendanceRow() });

    const result = await classesService.markAttendance({
      classId: 'class-1',
      userId: 'user-1',
      attended: true,
    });

    expect(result).toMatchObject({ success: true, data: { attended: true } });
    const [request] = fake.requestsTo('POST', '/rest/v1/class_attendance');
    expect(request?.query.get('on_conflict')).toBe('class_id,user_id');
    expect(request?.headers.get('prefer')).toContain('resolution=merge-duplicates');
    expect(request?.body).toEqual({
      class_id: 'class-1',
      user_id: 'user-1',
      attended: true,
      attended_at: '2025-03-12T15:05:00.000Z',
    });
  });

  it('clears the time when marked absent', async () => {
    fake.on('POST', '/rest/v1/class_attendance', {
      status: 201,
      body: attendanceRow({ attended: false, attended_at: null }),
    });

    await classesService.markAttendance({ classId: 'class-1', userId: 'user-1', attended: false });

    expect(fake.requests[0]?.body).toMatchObject({ attended: false, attended_at: null });
  });

  it('is MARK_ATTENDANCE_ERROR when refused', async () => {
    fake.on('POST', '/rest/v1/class_attendance', {
      status: 403,
      body: { code: '42501', message: 'new row violates row-level security policy' },
    });

    expect(
      await classesService.markAttendance({ classId: 'class-1', userId: 'user-2', attended: true }),
    ).toMatchObject({
      success: false,
      error: { code: 'MARK_ATTENDANCE_ERROR', details: { code: '42501' } },
    });
  });

  it('saves a whole roster in one request through save_class_attendance', async () => {
    fake.on('POST', '/rest/v1/rpc/save_class_attendance', {
      body: [
        attendanceRow(),
        attendanceRow({
          id: 'attendance-2',
          user_id: 'user-2',
          attended: false,
          attended_at: null,
        }),
      ],
    });

    const result = await classesService.saveAttendance('class-1', [
      { userId: 'user-1', attended: true },
      { userId: 'user-2', attended: false },
    ]);

    expect(result.success && result.data.map((mark) => mark.userId)).toEqual(['user-1', 'user-2']);
    expect(fake.requests).toHaveLength(1);
    // No time is sent: the database stamps newly present students and keeps the others' time.
    expect(fake.requests[0]?.body).toEqual({
      class_uuid: 'class-1',
      present_user_ids: ['user-1'],
      absent_user_ids: ['user-2'],
    });
  });

  it('sends nothing for an empty roster', async () => {
    expect(await classesService.saveAttendance('class-1', [])).toEqual({ success: true, data: [] });
    expect(fake.requests).toHaveLength(0);
  });
});
