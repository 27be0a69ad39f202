import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import {
  ENROLLMENT_WITH_STUDENT_COLUMNS,
  toEnrollment,
  type Enrollment,
  type EnrollmentRow,
  type EnrollmentStatus,
} from '../mappers/enrollment';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { readAllPages } from './list-query';

/** An enrolment with its student and its course's title, for Course Management's CSV exports. */
export type EnrollmentExport = Enrollment & { courseTitle: string | null };

type EnrollmentExportRow = Omit<EnrollmentRow, 'course'> & { course: { title: string } | null };

/** Which enrolments an export holds: one course's (its roster), of one status, or all. */
export type EnrollmentExportFilters = { courseId?: string; status?: EnrollmentStatus };

/**
 * Every enrolment matching the filters (visible to the caller: an administrator sees them all),
 * grouped by course and newest first, with the student and the course's title embedded in the same
 * request; read in pages of EXPORT_PAGE_ROWS while a page comes back full.
 */
async function listForExport(
  filters: EnrollmentExportFilters = {},
): Promise<Result<EnrollmentExport[]>> {
  return settle('QUERY_ERROR', ERROR_MESSAGES.fetchEnrollmentsFailed, async () => {
    const { rows, error } = await readAllPages<EnrollmentExportRow>((from, to) => {
      let query = getClient()
        .from('enrollments')
        .select(`${ENROLLMENT_WITH_STUDENT_COLUMNS}, course:courses!course_id(title)`);
      if (filters.courseId) query = query.eq('course_id', filters.courseId);
      if (filters.status) query = query.eq('status', filters.status);
      return query
        .order('course_id', { ascending: true })
        .order('enrolled_at', { ascending: false })
        .order('id', { ascending: true })
        .range(from, to)
        .overrideTypes<EnrollmentExportRow[], { merge: false }>();
    });
    if (error)
      return fromPostgrestError('QUERY_ERROR', error, ERROR_MESSAGES.fetchEnrollmentsFailed);
    return ok(
      rows.map(({ course, ...row }) => ({
        ...toEnrollment(row),
        courseTitle: course?.title ?? null,
      })),
    );
  });
}

export const enrollmentExportsService = { listForExport };
