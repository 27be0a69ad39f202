import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { toNumber } from '../mappers/fields';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// Course Management's figures (administrators, /admin/courses) in one request,
// `get_course_management_stats` (20261122001900_read_models_admin.sql); its page of courses is
// `coursesService.list`.

export type CourseManagementStats = {
  totalCourses: number;
  activeCourses: number;
  /** Distinct students with an active enrolment. */
  totalStudents: number;
  /** Money received (payments minus refunds, docs/money.md "Revenue"); 0 for a teacher. */
  totalRevenue: number;
  /** Invoiced less credit notes, and still due. */
  totalInvoiced?: number;
  totalOutstanding?: number;
  /** The school's billing currency (ISO 4217, e.g. 'EUR'): the money figures are in it. */
  currency: string;
  /** The languages of existing courses, for the filter. */
  languages: string[];
};

/** Course Management's figures over every course the caller may see, in one request. */
async function stats(): Promise<Result<CourseManagementStats>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchCoursesFailed, async () => {
    const { data, error } = await getClient().rpc('get_course_management_stats');
    if (error) {
      return fromPostgrestError('FETCH_COURSES_ERROR', error, ERROR_MESSAGES.fetchCoursesFailed);
    }
    const json = (data ?? {}) as Record<string, unknown>;
    const number = (value: unknown) => toNumber(value as number | string | null | undefined);
    return ok({
      totalCourses: number(json.total_courses),
      activeCourses: number(json.active_courses),
      totalStudents: number(json.total_students),
      totalRevenue: number(json.total_revenue),
      totalInvoiced: number(json.total_invoiced),
      totalOutstanding: number(json.total_outstanding),
      currency: typeof json.currency === 'string' ? json.currency : '',
      languages: Array.isArray(json.languages)
        ? json.languages.filter((value): value is string => typeof value === 'string')
        : [],
    });
  });
}

export const courseManagementReadModel = { stats };
