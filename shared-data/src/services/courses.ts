import { getClient } from '@portal/shared-data/session';
import { fromStorageError, type Bucket } from './storage';
import { ERROR_MESSAGES, type ErrorCode } from '../errors';
import {
  COURSE_COLUMNS,
  toCourse,
  toCourseWriteRow,
  type Course,
  type CourseChanges,
  type CourseInput,
  type CourseLanguage,
  type CourseLevel,
  type CourseRow,
} from '../mappers/course';
import {
  ENROLLMENT_WITH_STUDENT_COLUMNS,
  ENROLLMENT_COLUMNS,
  toEnrolledCourse,
  toEnrollment,
  type EnrolledCourse,
  type Enrollment,
  type EnrollmentRow,
  type EnrollmentStatus,
} from '../mappers/enrollment';
import {
  toBulkEnrolment,
  type BulkEnrolment,
  type BulkEnrolmentReply,
} from '../mappers/bulk-enrolment';
import type { EnrolmentOutcome } from '../mappers/seat-hold';
import { COURSE_DEFAULTS } from '../rules/courses';
import type { PageRequest, Paged } from '../rules/paging';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { anyColumnContains, nothingChanged, pageWindow, toPagedResult } from './list-query';

export type CourseSortKey =
  'createdAt' | 'title' | 'price' | 'level' | 'duration' | 'enrolledCount' | 'language';

export type SortOrder = 'asc' | 'desc';

/** Course list filters; every one optional. */
export type CourseFilters = PageRequest & {
  language?: CourseLanguage;
  level?: CourseLevel;
  teacherId?: string;
  isActive?: boolean;
  priceMin?: number;
  priceMax?: number;
  /** Title or description contains it (case-insensitive). */
  search?: string;
  sortBy?: CourseSortKey;
  sortOrder?: SortOrder;
};

export type EnrollmentFilters = PageRequest & {
  courseId?: string;
  userId?: string;
  status?: EnrollmentStatus;
};

const SORT_COLUMNS: Record<CourseSortKey, string> = {
  createdAt: 'created_at',
  title: 'title',
  price: 'price',
  level: 'level',
  duration: 'duration',
  enrolledCount: 'enrolled_count',
  language: 'language',
};

// No fixed product text exists for these; the provider's message is used whenever it has one.
const UNENROLL_FAILED = 'Failed to unenroll from course';
const UPDATE_ENROLLMENT_FAILED = 'Failed to update enrollment';

/** Default sort: newest first; `id` breaks ties so pages never overlap. */
async function list(filters: CourseFilters = {}): Promise<Result<Paged<Course>>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchCoursesFailed, async () => {
    const window = pageWindow(filters);
    let query = getClient().from('courses').select(COURSE_COLUMNS, { count: 'exact' });
    if (filters.language) query = query.eq('language', filters.language);
    if (filters.level) query = query.eq('level', filters.level);
    if (filters.teacherId) query = query.eq('teacher_id', filters.teacherId);
    if (filters.isActive !== undefined) query = query.eq('is_active', filters.isActive);
    if (filters.priceMin !== undefined) query = query.gte('price', filters.priceMin);
    if (filters.priceMax !== undefined) query = query.lte('price', filters.priceMax);
    const search = anyColumnContains(['title', 'description'], filters.search);
    if (search) query = query.or(search);
    const response = await query
      .order(SORT_COLUMNS[filters.sortBy ?? 'createdAt'], {
        ascending: (filters.sortOrder ?? 'desc') === 'asc',
      })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<CourseRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toCourse,
      'FETCH_COURSES_ERROR',
      ERROR_MESSAGES.fetchCoursesFailed,
    );
  });
}

/** One course with its teacher's name; null when it does not exist or is not visible. */
async function getById(id: string): Promise<Result<Course | null>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchCourseFailed, async () => {
    const { data, error } = await getClient()
      .from('courses')
      .select(COURSE_COLUMNS)
      .eq('id', id)
      .maybeSingle<CourseRow>();
    if (error) {
      return fromPostgrestError('FETCH_COURSES_ERROR', error, ERROR_MESSAGES.fetchCourseFailed);
    }
    return ok(data ? toCourse(data) : null);
  });
}

/** Creates a course with the course form defaults for every field the form left out. */
async function create(input: CourseInput): Promise<Result<Course>> {
  return settle('CREATE_COURSES_ERROR', ERROR_MESSAGES.createCourseFailed, async () => {
    const { data, error } = await getClient()
      .from('courses')
      .insert(toCourseWriteRow({ ...COURSE_DEFAULTS, ...withoutUndefined(input) }))
      .select(COURSE_COLUMNS)
      .single<CourseRow>();
    if (error) {
      return fromPostgrestError('CREATE_COURSES_ERROR', error, ERROR_MESSAGES.createCourseFailed);
    }
    return ok(toCourse(data));
  });
}

async function update(id: string, changes: CourseChanges): Promise<Result<Course>> {
  return settle('UPDATE_COURSES_ERROR', ERROR_MESSAGES.updateCourseFailed, async () => {
    const { data, error } = await getClient()
      .from('courses')
      .update(toCourseWriteRow(changes))
      .eq('id', id)
      .select(COURSE_COLUMNS)
      .maybeSingle<CourseRow>();
    if (error) {
      return fromPostgrestError('UPDATE_COURSES_ERROR', error, ERROR_MESSAGES.updateCourseFailed);
    }
    return data
      ? ok(toCourse(data))
      : nothingChanged('UPDATE_COURSES_ERROR', ERROR_MESSAGES.updateCourseFailed);
  });
}

/** At most this many object names per storage removal request. */
const REMOVE_BATCH = 100;

type CourseFile = { bucket: Bucket; name: string };

/**
 * Deletes a course and the stored files that belong to it: its materials' files and the work handed
 * in for its activities (`get_course_files`, for its teacher or an administrator). The files go first,
 * through the storage API; if that fails the course stays, so nothing is left without its row. The
 * rows (classes, materials, activities, enrolments) go with the course by cascade.
 */
async function remove(id: string): Promise<Result<null>> {
  return settle('DELETE_COURSES_ERROR', ERROR_MESSAGES.deleteCourseFailed, async () => {
    const listed = await getClient().rpc('get_course_files', { course_uuid: id });
    if (listed.error) {
      return fromPostgrestError(
        'DELETE_COURSES_ERROR',
        listed.error,
        ERROR_MESSAGES.deleteCourseFailed,
      );
    }
    const files = (Array.isArray(listed.data) ? listed.data : []) as CourseFile[];
    for (const bucket of new Set(files.map((file) => file.bucket))) {
      const names = files.filter((file) => file.bucket === bucket).map((file) => file.name);
      for (let start = 0; start < names.length; start += REMOVE_BATCH) {
        const removed = await getClient()
          .storage.from(bucket)
          .remove(names.slice(start, start + REMOVE_BATCH));
        if (removed.error) {
          return fromStorageError(
            'DELETE_COURSES_ERROR',
            removed.error,
            ERROR_MESSAGES.deleteCourseFailed,
          );
        }
      }
    }
    const { data, error } = await getClient()
      .from('courses')
      .delete()
      .eq('id', id)
      .select('id')
      .overrideTypes<{ id: string }[], { merge: false }>();
    if (error) {
      return fromPostgrestError('DELETE_COURSES_ERROR', error, ERROR_MESSAGES.deleteCourseFailed);
    }
    return data.length > 0
      ? ok(null)
      : nothingChanged('DELETE_COURSES_ERROR', ERROR_MESSAGES.deleteCourseFailed);
  });
}

type EnrollmentFunctionReply = {
  success?: boolean;
  error?: string | null;
  held?: boolean;
  held_until?: string | null;
  invoice_id?: string | null;
  time_zone?: string | null;
} | null;

/**
 * Calls an enrollment server function. A transport or SQL error is `transportCode`; a refusal the
 * function explains (`{ success: false, error }`) is `refusalCode` with the function's message.
 */
async function callEnrollmentFunction(
  name: 'enroll_user_in_course' | 'unenroll_user_from_course',
  courseId: string,
  userId: string,
  codes: { transport: ErrorCode; refusal: ErrorCode },
  fallbackMessage: string,
): Promise<Result<EnrollmentFunctionReply>> {
  return settle(codes.transport, fallbackMessage, async () => {
    const { data, error } = await getClient().rpc(name, {
      user_uuid: userId,
      course_uuid: courseId,
    });
    if (error) return fromPostgrestError(codes.transport, error, fallbackMessage);
    const reply = data as EnrollmentFunctionReply;
    if (reply?.success) return ok(reply);
    const message = reply?.error?.trim();
    return fail(codes.refusal, message || fallbackMessage);
  });
}

/**
 * Enrolls the user (self, or anyone for an admin); the server decides capacity and duplicates. Answers
 * null when enrolled at once, or the hold's end and its invoice when the school asks for payment before
 * the seat (docs/money.md "Payment before the seat").
 */
async function enroll(courseId: string, userId: string): Promise<Result<EnrolmentOutcome>> {
  const result = await callEnrollmentFunction(
    'enroll_user_in_course',
    courseId,
    userId,
    { transport: 'ENROLL_ERROR', refusal: 'ENROLLMENT_ERROR' },
    ERROR_MESSAGES.enrollFailed,
  );
  if (!result.success) return result;
  const reply = result.data;
  return ok(
    reply?.held && reply.held_until
      ? {
          heldUntil: reply.held_until,
          invoiceId: reply.invoice_id ?? null,
          timeZone: reply.time_zone || 'UTC',
        }
      : null,
  );
}

/**
 * An administrator enrols a list of students (by email) in one course, in one call: all of them, or
 * nobody and each row's reason (enroll_students_in_course). A report is a success of the call even
 * when nobody was enrolled; only a transport or SQL error (42501 for a non-admin) is a failure.
 */
function enrollMany(courseId: string, emails: readonly string[]): Promise<Result<BulkEnrolment>> {
  return settle('ENROLL_ERROR', ERROR_MESSAGES.enrollFailed, async () => {
    const { data, error } = await getClient().rpc('enroll_students_in_course', {
      course_uuid: courseId,
      emails: [...emails],
    });
    if (error) return fromPostgrestError('ENROLL_ERROR', error, ERROR_MESSAGES.enrollFailed);
    return ok(toBulkEnrolment(data as BulkEnrolmentReply));
  });
}

/** Drops the enrollment (the row stays, status dropped) and frees the seat. */
async function unenroll(courseId: string, userId: string): Promise<Result<null>> {
  const result = await callEnrollmentFunction(
    'unenroll_user_from_course',
    courseId,
    userId,
    { transport: 'UNENROLL_ERROR', refusal: 'UNENROLL_ERROR' },
    UNENROLL_FAILED,
  );
  return result.success ? ok(null) : result;
}

/** An admin removes a student from a course: the same unenrollment, with its own message. */
async function removeStudent(courseId: string, userId: string): Promise<Result<null>> {
  const result = await callEnrollmentFunction(
    'unenroll_user_from_course',
    courseId,
    userId,
    { transport: 'UNENROLL_ERROR', refusal: 'UNENROLL_ERROR' },
    ERROR_MESSAGES.removeStudentFailed,
  );
  return result.success ? ok(null) : result;
}

/** Enrollments with their students (course rosters), newest first. */
async function listEnrollments(
  filters: EnrollmentFilters = {},
): Promise<Result<Paged<Enrollment>>> {
  return settle('QUERY_ERROR', ERROR_MESSAGES.fetchEnrollmentsFailed, async () => {
    const window = pageWindow(filters);
    let query = getClient()
      .from('enrollments')
      .select(ENROLLMENT_WITH_STUDENT_COLUMNS, { count: 'exact' });
    if (filters.courseId) query = query.eq('course_id', filters.courseId);
    if (filters.userId) query = query.eq('user_id', filters.userId);
    if (filters.status) query = query.eq('status', filters.status);
    const response = await query
      .order('enrolled_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<EnrollmentRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toEnrollment,
      'QUERY_ERROR',
      ERROR_MESSAGES.fetchEnrollmentsFailed,
    );
  });
}

/**
 * The user's active enrollments with their courses and teachers, in one request, most recent
 * first. A course the user can no longer see (inactive) is left out of the page and the count.
 */
async function listEnrolledCourses(
  userId: string,
  paging: PageRequest = {},
): Promise<Result<Paged<EnrolledCourse>>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchEnrolledCoursesFailed, async () => {
    const window = pageWindow(paging);
    const response = await getClient()
      .from('enrollments')
      .select(`${ENROLLMENT_COLUMNS}, course:courses!inner(${COURSE_COLUMNS})`, { count: 'exact' })
      .eq('user_id', userId)
      .eq('status', 'active')
      .order('enrolled_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<EnrollmentRow[], { merge: false }>();
    if (response.error) {
      return fromPostgrestError(
        'FETCH_COURSES_ERROR',
        response.error,
        ERROR_MESSAGES.fetchEnrolledCoursesFailed,
      );
    }
    const courses = response.data.flatMap((row) => {
      const course = toEnrolledCourse(row);
      return course ? [course] : [];
    });
    return toPagedResult(
      { data: courses, error: null, count: response.count },
      window,
      (course) => course,
      'FETCH_COURSES_ERROR',
      ERROR_MESSAGES.fetchEnrolledCoursesFailed,
    );
  });
}

/**
 * Changes an enrollment's status: an admin marks it completed
 * or dropped, a student drops their own. Seats and enrolled_count follow in the database.
 */
async function updateEnrollmentStatus(
  id: string,
  status: EnrollmentStatus,
): Promise<Result<Enrollment>> {
  return settle('QUERY_ERROR', UPDATE_ENROLLMENT_FAILED, async () => {
    const { data, error } = await getClient()
      .from('enrollments')
      .update({ status })
      .eq('id', id)
      .select(ENROLLMENT_COLUMNS)
      .maybeSingle<EnrollmentRow>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, UPDATE_ENROLLMENT_FAILED);
    return data ? ok(toEnrollment(data)) : nothingChanged('QUERY_ERROR', UPDATE_ENROLLMENT_FAILED);
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}

export const coursesService = {
  list,
  getById,
  create,
  update,
  delete: remove,
  enroll,
  enrollMany,
  unenroll,
  removeStudent,
  listEnrollments,
  listEnrolledCourses,
  updateEnrollmentStatus,
};
