import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import {
  CALENDAR_DAY_LIMIT,
  UPCOMING_CLASSES_LIMIT,
  calendarReadModel,
  toCalendarClass,
  toCalendarMonth,
  type CalendarClassRow,
} from './calendar';

const fake = installFakeSupabase();

function calendarRow(overrides: Partial<CalendarClassRow> = {}): CalendarClassRow {
  return {
    id: 'class-1',
    course_id: 'course-1',
    course_title: 'Business Spanish',
    title: 'Negotiation role play',
    description: 'Bring your notes',
    scheduled_date: '2025-03-12T15:00:00+00:00',
    ends_at: '2025-03-12T16:00:00+00:00',
    duration: 60,
    type: 'live',
    meeting_link: 'https://meet.school.test/abc',
    recording_url: null,
    teacher_name: 'Marta López',
    my_attendance: null,
    ...overrides,
  };
}

const VIEW = '/rest/v1/calendar_classes';

describe('toCalendarClass', () => {
  it('maps the view row to the camelCase class', () => {
    expect(toCalendarClass(calendarRow({ my_attendance: true }))).toEqual({
      id: 'class-1',
      courseId: 'course-1',
      courseTitle: 'Business Spanish',
      title: 'Negotiation role play',
      description: 'Bring your notes',
      scheduledDate: '2025-03-12T15:00:00+00:00',
      endsAt: '2025-03-12T16:00:00+00:00',
      duration: 60,
      type: 'live',
      meetingLink: 'https://meet.school.test/abc',
      recordingUrl: null,
      teacherName: 'Marta López',
      myAttendance: true,
    });
  });

  it('reads unknown types as live, empty text as empty and computes a missing end', () => {
    const mapped = toCalendarClass(
      calendarRow({ type: 'recorded', description: null, ends_at: null, duration: 90 }),
    );
    expect(mapped.type).toBe('recorded');
    expect(mapped.description).toBe('');
    expect(mapped.endsAt).toBe('2025-03-12T16:30:00.000Z');
    expect(toCalendarClass(calendarRow({ type: 'webinar' })).type).toBe('live');
  });
});

describe('calendarReadModel.classesBetween', () => {
  it('asks the view for one window of start times, soonest first, in one request', async () => {
    fake.on('GET', VIEW, { body: [calendarRow()] });

    const result = await calendarReadModel.classesBetween(
      '2025-03-01T00:00:00.000Z',
      '2025-04-01T00:00:00.000Z',
    );

    expect(result.success && result.data.map((item) => item.id)).toEqual(['class-1']);
    expect(fake.requests).toHaveLength(1);
    const query = fake.requestsTo('GET', VIEW)[0]?.query;
    expect(query?.getAll('scheduled_date')).toEqual([
      'gte.2025-03-01T00:00:00.000Z',
      'lt.2025-04-01T00:00:00.000Z',
    ]);
    expect(query?.get('order')).toBe('scheduled_date.asc,id.asc');
    expect(query?.get('offset')).toBe('0');
    expect(query?.get('limit')).toBe('1000');
    expect(query?.get('select')).toContain('course_title');
    expect(query?.get('select')).toContain('my_attendance');
  });

  it('pages past the 1000 rows PostgREST returns at most', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => calendarRow({ id: `class-${from + index}` }));
    fake.on('GET', VIEW, (request) =>
      request.query.get('offset') === '0' ? { body: page(0, 1000) } : { body: page(1000, 3) },
    );

    const result = await calendarReadModel.classesBetween('a', 'b');

    expect(result.success && result.data).toHaveLength(1003);
    expect(fake.requestsTo('GET', VIEW).map((request) => request.query.get('offset'))).toEqual([
      '0',
      '1000',
    ]);
  });

  it('reports a refusal with the provider message and the calendar error code', async () => {
    fake.on('GET', VIEW, { status: 400, body: { message: 'bad filter', code: 'PGRST100' } });

    const result = await calendarReadModel.classesBetween('x', 'y');

    expect(result).toEqual({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'bad filter', details: { code: 'PGRST100' } },
    });
  });

  it('falls back to the calendar fallback message when the server gives none', async () => {
    fake.on('GET', VIEW, { status: 500, body: {} });

    const result = await calendarReadModel.classesBetween('x', 'y');

    expect(result).toEqual({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'Failed to fetch classes' },
    });
  });
});

describe('calendarReadModel.month', () => {
  const RPC = '/rest/v1/rpc/get_calendar_month';

  it('asks the RPC for the month grid in the viewer time zone, in one request', async () => {
    fake.on('POST', RPC, {
      body: {
        range_start: '2025-03-01T00:00:00+00:00',
        range_end: '2025-04-01T00:00:00+00:00',
        time_zone: 'Europe/Madrid',
        class_count: 4,
        days: [
          {
            date: '2025-03-12',
            class_count: 3,
            classes: [calendarRow(), calendarRow({ id: 'class-2' })],
          },
          { date: '2025-03-20', class_count: 1, classes: [calendarRow({ id: 'class-4' })] },
        ],
        upcoming_classes: [calendarRow({ id: 'class-9', type: 'recorded' })],
      },
    });

    const result = await calendarReadModel.month({
      from: '2025-02-28T23:00:00.000Z',
      to: '2025-03-31T22:00:00.000Z',
      timeZone: 'Europe/Madrid',
    });

    expect(fake.requests).toHaveLength(1);
    expect(fake.requestsTo('POST', RPC)[0]?.body).toEqual({
      range_start: '2025-02-28T23:00:00.000Z',
      range_end: '2025-03-31T22:00:00.000Z',
      time_zone: 'Europe/Madrid',
      day_limit: CALENDAR_DAY_LIMIT,
      upcoming_limit: UPCOMING_CLASSES_LIMIT,
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.classCount).toBe(4);
    expect(result.data.days.map((day) => [day.date, day.classCount, day.classes.length])).toEqual([
      ['2025-03-12', 3, 2],
      ['2025-03-20', 1, 1],
    ]);
    expect(result.data.days[0]?.classes[0]).toEqual(toCalendarClass(calendarRow()));
    expect(result.data.upcoming.map((item) => [item.id, item.type])).toEqual([
      ['class-9', 'recorded'],
    ]);
  });

  it('reads an empty answer as an empty month', () => {
    expect(toCalendarMonth(null)).toEqual({ classCount: 0, days: [], upcoming: [] });
    expect(toCalendarMonth({ class_count: null, days: null, upcoming_classes: null })).toEqual({
      classCount: 0,
      days: [],
      upcoming: [],
    });
  });

  it("passes on the server's refusal of a range", async () => {
    fake.on('POST', RPC, {
      status: 400,
      body: { code: '22023', message: 'The calendar range can span at most 42 days' },
    });

    const result = await calendarReadModel.month({
      from: '2025-01-01T00:00:00Z',
      to: '2025-06-01T00:00:00Z',
      timeZone: 'UTC',
    });

    expect(result).toEqual({
      success: false,
      error: {
        code: 'FETCH_CLASSES_ERROR',
        message: 'The calendar range can span at most 42 days',
        details: { code: '22023' },
      },
    });
  });
});

describe('calendarReadModel.countUpcomingClasses', () => {
  it('reads the exact count from a head request', async () => {
    fake.on('HEAD', VIEW, { headers: { 'content-range': '*/7' } });

    const result = await calendarReadModel.countUpcomingClasses(
      new Date('2025-03-10T12:00:00.000Z'),
    );

    expect(result).toEqual({ success: true, data: 7 });
    const request = fake.requestsTo('HEAD', VIEW)[0];
    expect(request?.query.get('scheduled_date')).toBe('gte.2025-03-10T12:00:00.000Z');
    expect(request?.headers.get('prefer')).toContain('count=exact');
  });

  it('fails with the classes code when the count is refused', async () => {
    fake.on('HEAD', VIEW, { status: 500 });

    const result = await calendarReadModel.countUpcomingClasses();

    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('FETCH_CLASSES_ERROR');
      expect(result.error.message).toBeTruthy();
    }
  });
});
