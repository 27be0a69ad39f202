import { getClient } from '@portal/shared-data/session';
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
import { type PageRequest, type Paged } from '../rules/paging';
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

// No fixed product text exists for these; the provider's message is used whenever it has one.
const GET_ATTENDANCE_FAILED = 'Failed to fetch attendance';
const MARK_ATTENDANCE_FAILED = 'Failed to mark attendance';
const COURSE_REQUIRED = 'Course is required';

/** One page of classes with the filters. Default sort: soonest first (`order: 'desc'` for latest first). */
async function list(filters: ClassFilters = {}): Promise<Result<Paged<CourseClass>>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    const window = pageWindow(filters);
    // Filtering on the embedded course needs an inner join, or other teachers' classes come back
    // with a null course instead of being left out.
    let query = getClient()
      .from('classes')
      .select(filters.teacherId ? CLASS_COLUMNS_INNER_COURSE : CLASS_COLUMNS, { count: 'exact' });
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
      .overrideTypes<ClassRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toCourseClass,
      'FETCH_CLASSES_ERROR',
      ERROR_MESSAGES.fetchClassesFailed,
    );
  });
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
  getById,
  create,
  createSeries,
  update,
  delete: remove,
  getAttendance,
  markAttendance,
  saveAttendance,
};
