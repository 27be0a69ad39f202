import { getClient } from '../client';
import { ERROR_MESSAGES } from '../errors';
import {
  ATTENDANCE_COLUMNS,
  toAttendance,
  toAttendanceWriteRow,
  type Attendance,
  type AttendanceMark,
  type AttendanceRow,
} from '../mappers/attendance';
import {
  CLASS_COLUMNS,
  CLASS_COLUMNS_INNER_COURSE,
  CLASS_DETAIL_COLUMNS,
  toClassDetail,
  toClassWriteRow,
  toCourseClass,
  type ClassChanges,
  type ClassDetail,
  type ClassInput,
  type ClassRow,
  type ClassType,
  type CourseClass,
} from '../mappers/class';
import {
  toAttendanceSummary,
  type AttendanceSummaryRow,
  type ClassAttendanceSummary,
} from '../mappers/class-roster';
import { toNumber } from '../mappers/fields';
import type { PageRequest, Paged } from '../rules/paging';
import { hoursFromMinutes } from '../rules/schedule';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { attendanceService } from './attendance';
import { anyColumnContains, nothingChanged, pageWindow, toPagedResult } from './list-query';

/** Class list filters. Dates are ISO date-times (inclusive bounds). */
export type ClassFilters = PageRequest & {
  courseId?: string;
  type?: ClassType;
  /** Classes of this teacher's courses. */
  teacherId?: string;
  dateFrom?: string;
  dateTo?: string;
  /** Title or description contains it. */
  search?: string;
  /** 'asc' (default): soonest first; 'desc': latest first (past classes, the most recent on top). */
  order?: 'asc' | 'desc';
};

/** Class Management's figures: the classes the caller may see (RLS decides), by type, and their hours. */
export type ClassStats = {
  total: number;
  live: number;
  recorded: number;
  /** Minutes of all those classes ÷ 60, rounded (as `totalHours`). */
  totalHours: number;
};

// No fixed product text exists for these; the provider's message is used whenever it has one.
const CLASS_STATS_FAILED = 'Failed to fetch class statistics';
const GET_ATTENDANCE_FAILED = 'Failed to fetch attendance';
const MARK_ATTENDANCE_FAILED = 'Failed to mark attendance';
const COURSE_REQUIRED = 'Course is required';

/**
 * A class of Class Management's page with its attendance (roster, present, rate), read with it.
 * Null when the caller may see none (no roster rows visible).
 */
export type ClassWithAttendance = CourseClass & { attendance: ClassAttendanceSummary | null };

type ClassWithAttendanceRow = ClassRow & { attendance?: AttendanceSummaryRow | null };

/**
 * The page's classes with their attendance embedded (`attendance_figures`, a computed relationship of
 * 20261127000200_screen_reads.sql): the figures come in the page's own request.
 */
const ATTENDANCE_EMBED =
  'attendance:attendance_figures(class_id, roster_count, attended_count, attendance_rate)';

/** One page of classes with the filters; `columns` are CLASS_COLUMNS or a superset of them. */
async function listPage<Item>(
  filters: ClassFilters,
  columns: { outer: string; inner: string },
  map: (row: ClassWithAttendanceRow) => Item,
): Promise<Result<Paged<Item>>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    const window = pageWindow(filters);
    // Filtering on the embedded course needs an inner join, or other teachers' classes come back
    // with a null course instead of being left out.
    let query = getClient()
      .from('classes')
      .select(filters.teacherId ? columns.inner : columns.outer, { count: 'exact' });
    if (filters.courseId) query = query.eq('course_id', filters.courseId);
    if (filters.type) query = query.eq('type', filters.type);
    if (filters.teacherId) query = query.eq('course.teacher_id', filters.teacherId);
    if (filters.dateFrom) query = query.gte('scheduled_date', filters.dateFrom);
    if (filters.dateTo) query = query.lte('scheduled_date', filters.dateTo);
    const search = anyColumnContains(['title', 'description'], filters.search);
    if (search) query = query.or(search);
    const ascending = filters.order !== 'desc';
    const response = await query
      .order('scheduled_date', { ascending })
      .order('id', { ascending })
      .range(window.from, window.to)
      .overrideTypes<ClassWithAttendanceRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      map,
      'FETCH_CLASSES_ERROR',
      ERROR_MESSAGES.fetchClassesFailed,
    );
  });
}

/** Default sort: soonest first (`order: 'desc'` for latest first). */
async function list(filters: ClassFilters = {}): Promise<Result<Paged<CourseClass>>> {
  return listPage(
    filters,
    { outer: CLASS_COLUMNS, inner: CLASS_COLUMNS_INNER_COURSE },
    toCourseClass,
  );
}

/**
 * Class Management's page: like `list`, each class with its attendance, in one request (so the
 * screen does not wait for its page to ask for the figures).
 */
async function listWithAttendance(
  filters: ClassFilters = {},
): Promise<Result<Paged<ClassWithAttendance>>> {
  return listPage(
    filters,
    {
      outer: `${CLASS_COLUMNS}, ${ATTENDANCE_EMBED}`,
      inner: `${CLASS_COLUMNS_INNER_COURSE}, ${ATTENDANCE_EMBED}`,
    },
    (row) => ({
      ...toCourseClass(row),
      attendance: row.attendance ? toAttendanceSummary(row.attendance) : null,
    }),
  );
}

/** One class with its course's materials, in one request; null when not visible. */
async function getById(id: string): Promise<Result<ClassDetail | null>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    const { data, error } = await getClient()
      .from('classes')
      .select(CLASS_DETAIL_COLUMNS)
      .eq('id', id)
      .maybeSingle<ClassRow>();
    if (error) {
      return fromPostgrestError('FETCH_CLASSES_ERROR', error, ERROR_MESSAGES.fetchClassesFailed);
    }
    return ok(data ? toClassDetail(data) : null);
  });
}

/** Schedules a class. Without a course nothing is saved, and the caller is told why. */
async function create(input: ClassInput): Promise<Result<CourseClass>> {
  return settle('CREATE_CLASSES_ERROR', ERROR_MESSAGES.createClassFailed, async () => {
    if (!input.courseId?.trim()) return fail('CREATE_CLASSES_ERROR', COURSE_REQUIRED);
    const { data, error } = await getClient()
      .from('classes')
      .insert(toClassWriteRow({ ...input, description: input.description ?? '' }))
      .select(CLASS_COLUMNS)
      .single<ClassRow>();
    if (error) {
      return fromPostgrestError('CREATE_CLASSES_ERROR', error, ERROR_MESSAGES.createClassFailed);
    }
    return ok(toCourseClass(data));
  });
}

/**
 * Schedules several classes (a weekly series) in one request. PostgREST inserts them in one statement,
 * so one refused class (a policy, a check) saves none of them.
 */
async function createSeries(inputs: readonly ClassInput[]): Promise<Result<CourseClass[]>> {
  return settle('CREATE_CLASSES_ERROR', ERROR_MESSAGES.createClassFailed, async () => {
    if (inputs.length === 0) return ok([]);
    if (inputs.some((input) => !input.courseId?.trim())) {
      return fail('CREATE_CLASSES_ERROR', COURSE_REQUIRED);
    }
    const { data, error } = await getClient()
      .from('classes')
      .insert(
        inputs.map((input) => toClassWriteRow({ ...input, description: input.description ?? '' })),
      )
      .select(CLASS_COLUMNS)
      .overrideTypes<ClassRow[], { merge: false }>();
    if (error) {
      return fromPostgrestError('CREATE_CLASSES_ERROR', error, ERROR_MESSAGES.createClassFailed);
    }
    // A write's returned rows come in no promised order: soonest first, as every class list.
    const classes = data.map(toCourseClass);
    return ok(classes.sort((a, b) => Date.parse(a.scheduledDate) - Date.parse(b.scheduledDate)));
  });
}

async function update(id: string, changes: ClassChanges): Promise<Result<CourseClass>> {
  return settle('UPDATE_CLASSES_ERROR', ERROR_MESSAGES.updateClassFailed, async () => {
    if (changes.courseId !== undefined && !changes.courseId.trim()) {
      return fail('UPDATE_CLASSES_ERROR', COURSE_REQUIRED);
    }
    const { data, error } = await getClient()
      .from('classes')
      .update(toClassWriteRow(changes))
      .eq('id', id)
      .select(CLASS_COLUMNS)
      .maybeSingle<ClassRow>();
    if (error) {
      return fromPostgrestError('UPDATE_CLASSES_ERROR', error, ERROR_MESSAGES.updateClassFailed);
    }
    return data
      ? ok(toCourseClass(data))
      : nothingChanged('UPDATE_CLASSES_ERROR', ERROR_MESSAGES.updateClassFailed);
  });
}

async function remove(id: string): Promise<Result<null>> {
  return settle('DELETE_CLASSES_ERROR', ERROR_MESSAGES.deleteClassFailed, async () => {
    const { data, error } = await getClient()
      .from('classes')
      .delete()
      .eq('id', id)
      .select('id')
      .overrideTypes<{ id: string }[], { merge: false }>();
    if (error) {
      return fromPostgrestError('DELETE_CLASSES_ERROR', error, ERROR_MESSAGES.deleteClassFailed);
    }
    return data.length > 0
      ? ok(null)
      : nothingChanged('DELETE_CLASSES_ERROR', ERROR_MESSAGES.deleteClassFailed);
  });
}

/**
 * Class Management's figures in one request (`class_stats()`): a teacher's own courses, every class for
 * an admin, a student's active courses.
 */
async function stats(): Promise<Result<ClassStats>> {
  return settle('CLASS_STATS_ERROR', CLASS_STATS_FAILED, async () => {
    const { data, error } = await getClient().rpc('class_stats');
    if (error) return fromPostgrestError('CLASS_STATS_ERROR', error, CLASS_STATS_FAILED);
    // An aggregate answers exactly one row; PostgREST sends a set-returning function's rows as an array.
    const row = Array.isArray(data) ? data[0] : data;
    return ok({
      total: toNumber(row?.total),
      live: toNumber(row?.live),
      recorded: toNumber(row?.recorded),
      totalHours: hoursFromMinutes(toNumber(row?.total_minutes)),
    });
  });
}

/** The attendance marks of a class that the caller may see (a student: only their own). */
async function getAttendance(classId: string): Promise<Result<Attendance[]>> {
  return settle('GET_ATTENDANCE_ERROR', GET_ATTENDANCE_FAILED, async () => {
    const { data, error } = await getClient()
      .from('class_attendance')
      .select(ATTENDANCE_COLUMNS)
      .eq('class_id', classId)
      .overrideTypes<AttendanceRow[], { merge: false }>();
    if (error) return fromPostgrestError('GET_ATTENDANCE_ERROR', error, GET_ATTENDANCE_FAILED);
    return ok(data.map(toAttendance));
  });
}

/** Marks one student present or absent; a second mark for the same class and student replaces it. */
async function markAttendance(mark: AttendanceMark): Promise<Result<Attendance>> {
  return settle('MARK_ATTENDANCE_ERROR', MARK_ATTENDANCE_FAILED, async () => {
    const { data, error } = await getClient()
      .from('class_attendance')
      .upsert(toAttendanceWriteRow(mark, new Date()), { onConflict: 'class_id,user_id' })
      .select(ATTENDANCE_COLUMNS)
      .single<AttendanceRow>();
    if (error) return fromPostgrestError('MARK_ATTENDANCE_ERROR', error, MARK_ATTENDANCE_FAILED);
    return ok(toAttendance(data));
  });
}

/**
 * Saves a roster for one class in a single request (a teacher taking attendance), through
 * `save_class_attendance`: a student already marked as sent keeps their mark and the time they joined.
 */
async function saveAttendance(
  classId: string,
  marks: readonly Omit<AttendanceMark, 'classId'>[],
): Promise<Result<Attendance[]>> {
  return attendanceService.save(classId, {
    present: marks.filter((mark) => mark.attended).map((mark) => mark.userId),
    absent: marks.filter((mark) => !mark.attended).map((mark) => mark.userId),
  });
}

export const classesService = {
  list,
  listWithAttendance,
  getById,
  create,
  createSeries,
  update,
  delete: remove,
  stats,
  getAttendance,
  markAttendance,
  saveAttendance,
};
