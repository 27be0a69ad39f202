import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { toCourseClass, type ClassRow, type CourseClass } from '../mappers/class';
import {
  toAttendanceSummary,
  type AttendanceSummaryRow,
  type ClassAttendanceSummary,
} from '../mappers/class-roster';
import { toNumber } from '../mappers/fields';
import { toPaged, type Paged } from '../rules/paging';
import { hoursFromMinutes } from '../rules/schedule';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import type { ClassFilters } from '../services/classes';
import { functionPage, type FunctionCount } from '../services/list-query';

// Class Management (teachers and administrators, /classes): the figures and one page of classes with
// their attendance in one request, `get_class_management` (20261122001600_read_models_classes.sql).

/** Class Management's figures: the classes the caller may see (RLS decides), by type, and their hours. */
export type ClassStats = {
  total: number;
  live: number;
  recorded: number;
  /** Minutes of all those classes ÷ 60, rounded (as `totalHours`). */
  totalHours: number;
};

/**
 * A class of Class Management's page with its attendance (roster, present, rate), read with it.
 * Null when the caller may see none (no roster rows visible).
 */
export type ClassWithAttendance = CourseClass & { attendance: ClassAttendanceSummary | null };

/** Class Management's filters: the class list's, without the class type (the screen has none). */
export type ClassManagementFilters = Omit<ClassFilters, 'type'>;

/** Class Management's one read: its figures and one page of classes with their attendance. */
export type ClassManagement = { stats: ClassStats; page: Paged<ClassWithAttendance> };

/**
 * `get_class_management`'s answer: `class_stats()`'s figures, the number of matching classes and the
 * page, each row in PostgREST's shape of a class with its course and attendance embedded.
 */
type ClassManagementReply = {
  stats?: {
    total?: FunctionCount;
    live?: FunctionCount;
    recorded?: FunctionCount;
    total_minutes?: FunctionCount;
  } | null;
  total?: FunctionCount;
  classes?: Array<ClassRow & { attendance?: AttendanceSummaryRow | null }> | null;
};

/**
 * Class Management in one request (`get_class_management`, 20261122001600_read_models_classes.sql):
 * the figures over every class the caller may see (`class_stats()`: a teacher's own courses, every
 * class for an admin), whatever the filters, and one page of the classes matching the filters, with the
 * rules of `list` (a teacher filter keeps only the classes of that teacher's courses), each with its
 * course and its attendance.
 */
async function get(filters: ClassManagementFilters = {}): Promise<Result<ClassManagement>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    const { page, limit } = functionPage(filters);
    // Absent filters are left out; the database escapes the search's LIKE characters.
    const { data, error } = await getClient().rpc('get_class_management', {
      search: filters.search?.trim() || undefined,
      course_uuid: filters.courseId || undefined,
      teacher_uuid: filters.teacherId || undefined,
      date_from: filters.dateFrom || undefined,
      date_to: filters.dateTo || undefined,
      descending: filters.order === 'desc',
      page,
      page_size: limit,
    });
    if (error) {
      return fromPostgrestError('FETCH_CLASSES_ERROR', error, ERROR_MESSAGES.fetchClassesFailed);
    }
    const reply = (data ?? {}) as ClassManagementReply;
    const stats = reply.stats ?? {};
    const rows = reply.classes ?? [];
    return ok({
      stats: {
        total: toNumber(stats.total),
        live: toNumber(stats.live),
        recorded: toNumber(stats.recorded),
        totalHours: hoursFromMinutes(toNumber(stats.total_minutes)),
      },
      page: toPaged(
        rows.map((row) => ({
          ...toCourseClass(row),
          attendance: row.attendance ? toAttendanceSummary(row.attendance) : null,
        })),
        toNumber(reply.total),
        page,
        limit,
      ),
    });
  });
}

export const classManagementReadModel = { get };
