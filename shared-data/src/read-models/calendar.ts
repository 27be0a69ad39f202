import { getClient } from '@portal/shared-data/session';
import type { Database, Tables } from '../database.types';
import { ERROR_MESSAGES } from '../errors';
import type { ClassType } from '../mappers/class';
import { toNumber } from '../mappers/fields';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// The calendar screens from the read models migration: `get_calendar_month` answers a
// month grid in one request (each day's count and first classes, every class of the viewer's today,
// plus the next classes), and the `calendar_classes` view answers another busy day's full list, an
// export window and counts. RLS decides whose
// classes they are (a student's enrolled courses, a teacher's own, everything for an admin), so the
// number of requests never depends on the number of courses.

/** A calendar day shows 2 classes before '+N more'. */
export const CALENDAR_DAY_LIMIT = 2;

/** The calendar lists the next 5 classes. */
export const UPCOMING_CLASSES_LIMIT = 5;

/** PostgREST's max_rows (as on Supabase): no response holds more rows. */
const MAX_ROWS = 1000;

/** A class on the calendar, with what its day list and the export show. */
export type CalendarClass = {
  id: string;
  courseId: string;
  courseTitle: string | null;
  title: string;
  description: string;
  /** ISO date-time of the start. */
  scheduledDate: string;
  /** ISO date-time of the end (start + duration). */
  endsAt: string;
  /** Minutes. */
  duration: number;
  type: ClassType;
  meetingLink: string | null;
  recordingUrl: string | null;
  teacherName: string | null;
  /** The caller's own roster mark: true present, false absent, null not marked. */
  myAttendance: boolean | null;
};

/**
 * One day of the month grid: how many classes it has and the first ones by time (all of them for the
 * viewer's today, up to 1000, so the calendar opens without a second request).
 */
export type CalendarDay = {
  /** 'YYYY-MM-DD' in the month's time zone. */
  date: string;
  classCount: number;
  classes: CalendarClass[];
};

export type CalendarMonth = {
  classCount: number;
  /** Only the days that have classes, by date. */
  days: CalendarDay[];
  /** The next classes from now on, soonest first (whatever month is shown). */
  upcoming: CalendarClass[];
};

/** Narrows the calendar to one course and/or one teacher's courses (within what RLS shows). */
export type CalendarFilters = {
  courseId?: string | null;
  teacherId?: string | null;
};

export type CalendarMonthRequest = CalendarFilters & {
  /** ISO date-times; the range may span at most 42 days (a six-week grid). */
  from: string;
  to: string;
  /** IANA name of the viewer's time zone: days are calendar days there. */
  timeZone: string;
  dayLimit?: number;
  upcomingLimit?: number;
};

export type CalendarClassRow = Pick<
  Tables<'calendar_classes'>,
  | 'id'
  | 'course_id'
  | 'course_title'
  | 'title'
  | 'description'
  | 'scheduled_date'
  | 'ends_at'
  | 'duration'
  | 'type'
  | 'meeting_link'
  | 'recording_url'
  | 'teacher_name'
  | 'my_attendance'
>;

type CalendarMonthJson = {
  class_count: number | null;
  days: { date: string; class_count: number | null; classes: CalendarClassRow[] | null }[] | null;
  upcoming_classes: CalendarClassRow[] | null;
} | null;

type CalendarMonthArgs = Database['public']['Functions']['get_calendar_month']['Args'];

const CALENDAR_CLASS_COLUMNS =
  'id, course_id, course_title, title, description, scheduled_date, ends_at, duration, type, meeting_link, recording_url, teacher_name, my_attendance';

/** A start plus minutes, as an ISO date-time (for rows that come without `ends_at`). */
function addMinutes(iso: string, minutes: number): string {
  const start = Date.parse(iso);
  return Number.isNaN(start) ? iso : new Date(start + minutes * 60_000).toISOString();
}

/** View columns are all nullable in the generated types; the view never leaves these empty. */
export function toCalendarClass(row: CalendarClassRow): CalendarClass {
  const scheduledDate = row.scheduled_date ?? '';
  const duration = toNumber(row.duration);
  return {
    id: row.id ?? '',
    courseId: row.course_id ?? '',
    courseTitle: row.course_title,
    title: row.title ?? '',
    description: row.description ?? '',
    scheduledDate,
    endsAt: row.ends_at ?? addMinutes(scheduledDate, duration),
    duration,
    type: row.type === 'recorded' ? 'recorded' : 'live',
    meetingLink: row.meeting_link ?? null,
    recordingUrl: row.recording_url ?? null,
    teacherName: row.teacher_name,
    myAttendance: row.my_attendance,
  };
}

export function toCalendarMonth(json: CalendarMonthJson): CalendarMonth {
  return {
    classCount: toNumber(json?.class_count),
    days: (json?.days ?? []).map((day) => ({
      date: day.date,
      classCount: toNumber(day.class_count),
      classes: (day.classes ?? []).map(toCalendarClass),
    })),
    upcoming: (json?.upcoming_classes ?? []).map(toCalendarClass),
  };
}

function failed(error: unknown) {
  return fromPostgrestError('FETCH_CLASSES_ERROR', error, ERROR_MESSAGES.fetchClassesFailed);
}

/** The month grid and the next classes, in one request. */
async function month({
  from,
  to,
  timeZone,
  dayLimit = CALENDAR_DAY_LIMIT,
  upcomingLimit = UPCOMING_CLASSES_LIMIT,
  courseId,
  teacherId,
}: CalendarMonthRequest): Promise<Result<CalendarMonth>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    const args: CalendarMonthArgs = {
      range_start: from,
      range_end: to,
      time_zone: timeZone,
      day_limit: dayLimit,
      upcoming_limit: upcomingLimit,
      ...(courseId ? { course_uuid: courseId } : {}),
      ...(teacherId ? { teacher_uuid: teacherId } : {}),
    };
    const { data, error } = await getClient().rpc('get_calendar_month', args);
    if (error) return failed(error);
    return ok(toCalendarMonth(data as CalendarMonthJson));
  });
}

/**
 * Every class starting in [from, to) (ISO date-times), soonest first: a day's full list or the window
 * of an export. One request, or one per 1000 classes beyond that (PostgREST's max_rows).
 */
async function classesBetween(
  from: string,
  to: string,
  { courseId, teacherId }: CalendarFilters = {},
): Promise<Result<CalendarClass[]>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    const classes: CalendarClass[] = [];
    for (let offset = 0; ; offset += MAX_ROWS) {
      let query = getClient()
        .from('calendar_classes')
        .select(CALENDAR_CLASS_COLUMNS)
        .gte('scheduled_date', from)
        .lt('scheduled_date', to);
      if (courseId) query = query.eq('course_id', courseId);
      if (teacherId) query = query.eq('teacher_id', teacherId);
      const { data, error } = await query
        .order('scheduled_date', { ascending: true })
        .order('id', { ascending: true })
        .range(offset, offset + MAX_ROWS - 1)
        .overrideTypes<CalendarClassRow[], { merge: false }>();
      if (error) return failed(error);
      classes.push(...data.map(toCalendarClass));
      if (data.length < MAX_ROWS) return ok(classes);
    }
  });
}

/** How many of the caller's classes start from `now` on: a count only, no rows. */
async function countUpcomingClasses(now: Date = new Date()): Promise<Result<number>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    const { count, error } = await getClient()
      .from('calendar_classes')
      .select('id', { count: 'exact', head: true })
      .gte('scheduled_date', now.toISOString());
    if (error) return failed(error);
    return ok(count ?? 0);
  });
}

export const calendarReadModel = { month, classesBetween, countUpcomingClasses };
