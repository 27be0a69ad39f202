import { describe, expect, it } from 'vitest';
import { installFakeSupabase, pagedReply } from '../test-support/fake-supabase';
import { attendanceService } from './attendance';

const fake = installFakeSupabase();

const rosterRow = (overrides: Record<string, unknown> = {}) => ({
  class_id: 'class-1',
  student_id: 'student-1',
  first_name: 'Sara',
  last_name: 'Núñez',
  email: 'sara@school.test',
  avatar_url: null,
  attended: true,
  attended_at: '2026-03-12T15:02:00Z',
  marked_by: 'student-1',
  is_marked: true,
  ...overrides,
});

describe('attendanceService.roster', () => {
  it("asks for one page of the class's roster by name and maps the marks", async () => {
    fake.on(
      'GET',
      '/rest/v1/class_roster',
      pagedReply(
        [
          rosterRow(),
          rosterRow({
            student_id: 'student-2',
            first_name: '',
            last_name: '',
            attended: false,
            attended_at: null,
            marked_by: null,
            is_marked: false,
          }),
        ],
        62,
      ),
    );

    const result = await attendanceService.roster('class-1', { page: 2 });

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            classId: 'class-1',
            studentId: 'student-1',
            firstName: 'Sara',
            lastName: 'Núñez',
            name: 'Sara Núñez',
            email: 'sara@school.test',
            avatarUrl: null,
            attended: true,
            attendedAt: '2026-03-12T15:02:00Z',
            markedBy: 'student-1',
            isMarked: true,
          },
          expect.objectContaining({
            studentId: 'student-2',
            name: null,
            attended: false,
            isMarked: false,
          }),
        ],
        total: 62,
        page: 2,
        limit: 50,
        totalPages: 2,
      },
    });
    const query = fake.requests[0]?.query;
    expect(query?.get('class_id')).toBe('eq.class-1');
    expect(query?.get('order')).toBe('last_name.asc,first_name.asc,student_id.asc');
    expect(query?.get('offset')).toBe('50');
    expect(query?.get('limit')).toBe('50');
  });

  it('is GET_ATTENDANCE_ERROR when the roster cannot be read', async () => {
    fake.on('GET', '/rest/v1/class_roster', {
      status: 401,
      body: { code: 'PGRST301', message: 'JWT expired' },
    });
    expect(await attendanceService.roster('class-1')).toMatchObject({
      success: false,
      error: {
        code: 'GET_ATTENDANCE_ERROR',
        message: 'JWT expired',
        details: { code: 'PGRST301' },
      },
    });
  });
});

describe('attendanceService.save', () => {
  it('sends the changed marks in one request and maps what the database answers', async () => {
    fake.on('POST', '/rest/v1/rpc/save_class_attendance', {
      body: [
        {
          id: 'attendance-1',
          class_id: 'class-1',
          user_id: 'student-1',
          attended: true,
          attended_at: '2026-03-12T15:02:00Z',
          marked_by: 'student-1',
        },
      ],
    });

    const result = await attendanceService.save('class-1', {
      present: ['student-1'],
      absent: ['student-2'],
    });

    expect(result).toEqual({
      success: true,
      data: [
        {
          id: 'attendance-1',
          classId: 'class-1',
          userId: 'student-1',
          attended: true,
          attendedAt: '2026-03-12T15:02:00Z',
          markedBy: 'student-1',
        },
      ],
    });
    expect(fake.requests[0]?.body).toEqual({
      class_uuid: 'class-1',
      present_user_ids: ['student-1'],
      absent_user_ids: ['student-2'],
    });
  });

  it('sends nothing when nothing changed', async () => {
    expect(await attendanceService.save('class-1', { present: [], absent: [] })).toEqual({
      success: true,
      data: [],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("keeps the database's refusal as MARK_ATTENDANCE_ERROR", async () => {
    fake.on('POST', '/rest/v1/rpc/save_class_attendance', {
      status: 403,
      body: {
        code: '42501',
        message: "Only the course's teacher or an administrator can take attendance",
      },
    });
    expect(await attendanceService.save('class-1', { present: ['x'], absent: [] })).toMatchObject({
      success: false,
      error: { code: 'MARK_ATTENDANCE_ERROR', details: { code: '42501' } },
    });
  });
});
