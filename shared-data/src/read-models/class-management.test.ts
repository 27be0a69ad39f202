import { describe, expect, it } from 'vitest';
import { classRow, installFakeSupabase } from '../test-support/fake-supabase';
import { classManagementReadModel } from './class-management';

const fake = installFakeSupabase();

describe('classManagementReadModel.get', () => {
  const RPC = '/rest/v1/rpc/get_class_management';

  /** What get_class_management answers: the figures, the count and the page's rows. */
  const reply = (overrides: Record<string, unknown> = {}) => ({
    body: {
      stats: { total: 7, live: 4, recorded: 3, total_minutes: 405 },
      total: 14,
      classes: [
        {
          ...classRow(),
          attendance: {
            class_id: 'class-1',
            roster_count: 8,
            attended_count: '6',
            attendance_rate: '75.0',
          },
        },
        { ...classRow({ id: 'class-2', course: null }), attendance: null },
      ],
      ...overrides,
    },
  });

  it('reads the figures and the page, each class with its attendance, in one request', async () => {
    fake.on('POST', RPC, reply());

    const result = await classManagementReadModel.get({ page: 2, limit: 12 });

    expect(result).toEqual({
      success: true,
      data: {
        stats: { total: 7, live: 4, recorded: 3, totalHours: 7 },
        page: {
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
              attendance: {
                classId: 'class-1',
                rosterCount: 8,
                attendedCount: 6,
                attendanceRate: 75,
              },
            },
            expect.objectContaining({
              id: 'class-2',
              courseTitle: null,
              teacherId: null,
              attendance: null,
            }),
          ],
          total: 14,
          page: 2,
          limit: 12,
          totalPages: 2,
        },
      },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requestsTo('POST', RPC)).toHaveLength(1);
  });

  it('asks for page 1 of 10, soonest first, when nothing is chosen', async () => {
    fake.on('POST', RPC, reply());

    await classManagementReadModel.get();

    expect(fake.requestsTo('POST', RPC)[0]?.body).toEqual({
      descending: false,
      page: 1,
      page_size: 10,
    });
  });

  it('sends each filter as its argument', async () => {
    fake.on('POST', RPC, reply());

    await classManagementReadModel.get({
      search: '  50% off_peak  ',
      courseId: 'course-1',
      teacherId: 'teacher-1',
      dateFrom: '2025-03-01T00:00:00.000Z',
      dateTo: '2025-03-31T23:59:59.999Z',
      order: 'desc',
      page: 3,
      limit: 12,
    });

    // The term goes as typed (trimmed): the database escapes LIKE's characters itself.
    expect(fake.requestsTo('POST', RPC)[0]?.body).toEqual({
      search: '50% off_peak',
      course_uuid: 'course-1',
      teacher_uuid: 'teacher-1',
      date_from: '2025-03-01T00:00:00.000Z',
      date_to: '2025-03-31T23:59:59.999Z',
      descending: true,
      page: 3,
      page_size: 12,
    });
  });

  it('leaves out a blank search and fixes a page or size out of range', async () => {
    fake.on('POST', RPC, reply({ total: 250 }));

    const result = await classManagementReadModel.get({ search: '   ', page: 0, limit: 500 });

    expect(fake.requestsTo('POST', RPC)[0]?.body).toEqual({
      descending: false,
      page: 1,
      page_size: 100,
    });
    // The page size the database uses (at most 100) is the one the pages are counted with.
    expect(result).toMatchObject({ data: { page: { page: 1, limit: 100, totalPages: 3 } } });
  });

  it.each([
    [0, 0],
    [29, 0],
    [30, 1],
    [89, 1],
    [90, 2],
  ])('%d minutes of classes are %d hours', async (minutes, hours) => {
    fake.on(
      'POST',
      RPC,
      reply({ stats: { total: 1, live: 1, recorded: 0, total_minutes: minutes } }),
    );

    expect(await classManagementReadModel.get()).toMatchObject({
      data: { stats: { totalHours: hours } },
    });
  });

  it('reads big counts sent as strings', async () => {
    fake.on(
      'POST',
      RPC,
      reply({
        stats: { total: '120000', live: '70000', recorded: '50000', total_minutes: '7200000' },
        total: '120000',
      }),
    );

    expect(await classManagementReadModel.get({ limit: 12 })).toMatchObject({
      data: {
        stats: { total: 120_000, live: 70_000, recorded: 50_000, totalHours: 120_000 },
        page: { total: 120_000, totalPages: 10_000 },
      },
    });
  });

  it('is an empty page with zero figures when the caller sees no classes', async () => {
    fake.on(
      'POST',
      RPC,
      reply({ stats: { total: 0, live: 0, recorded: 0, total_minutes: 0 }, total: 0, classes: [] }),
    );

    expect(await classManagementReadModel.get()).toEqual({
      success: true,
      data: {
        stats: { total: 0, live: 0, recorded: 0, totalHours: 0 },
        page: { items: [], total: 0, page: 1, limit: 10, totalPages: 0 },
      },
    });
  });

  it('is FETCH_CLASSES_ERROR with the provider code when refused', async () => {
    fake.on('POST', RPC, {
      status: 401,
      body: { code: '42501', message: 'permission denied for function get_class_management' },
    });

    expect(await classManagementReadModel.get()).toEqual({
      success: false,
      error: {
        code: 'FETCH_CLASSES_ERROR',
        message: 'permission denied for function get_class_management',
        details: { code: '42501' },
      },
    });
  });

  it("falls back to 'Failed to fetch classes', and is a load failure when the server can't be reached", async () => {
    fake.on('POST', RPC, { status: 500, body: {} });
    expect(await classManagementReadModel.get()).toMatchObject({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'Failed to fetch classes' },
    });

    fake.on('POST', RPC, { networkError: true });
    expect(await classManagementReadModel.get()).toMatchObject({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR' },
    });
  });
});
