import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import {
  toManagedActivity,
  type ActivityType,
  type ManagedActivity,
  type ManagedActivityRow,
} from '../mappers/activity';
import { toNumber } from '../mappers/fields';
import { toPaged, type PageRequest, type Paged } from '../rules/paging';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { functionPage, type FunctionCount } from '../services/list-query';

// Activities (teachers and administrators, teacher-app /activities): the figures and one page in one
// request, `get_activity_management` (20261122001700_read_models_activities.sql).

/** The Activities management screen's filters. */
export type ManagedActivityFilters = PageRequest & {
  /** Activities of this course, whether set for the course or for one of its classes. */
  courseId?: string;
  type?: ActivityType;
  isActive?: boolean;
  /** Title or description contains it. */
  search?: string;
};

/**
 * The Activities management screen's figures over everything the caller may see (`activity_stats()`):
 * a teacher's own courses, everything for an administrator.
 */
export type ActivityTotals = {
  total: number;
  /** Active courses in the caller's scope. */
  activeCourses: number;
  /** Classes of those courses that start from now on. */
  scheduledClasses: number;
  /** Activities due between now and 7 days from now. */
  dueThisWeek: number;
};

/** The Activities management screen's one read: its figures and one page of activities. */
export type ActivityManagement = { stats: ActivityTotals; page: Paged<ManagedActivity> };

/**
 * `get_activity_management`'s answer: `activity_stats()`'s figures, the number of matching
 * activities and the page, each row in `activity_list`'s shape.
 */
type ActivityManagementReply = {
  stats?: {
    total?: FunctionCount;
    active_courses?: FunctionCount;
    scheduled_classes?: FunctionCount;
    due_this_week?: FunctionCount;
  } | null;
  total?: FunctionCount;
  activities?: ManagedActivityRow[] | null;
};

/**
 * The Activities management screen in one request (`get_activity_management`,
 * 20261122001700_read_models_activities.sql): the figures over everything the caller may see
 * (`activity_stats()`), whatever the filters, and one page of the activities matching the filters (a
 * teacher: those of their courses and their classes; an administrator: all), inactive ones too, with
 * their course and class titles and the submissions received and graded; newest first.
 */
async function get(filters: ManagedActivityFilters = {}): Promise<Result<ActivityManagement>> {
  return settle('FETCH_ACTIVITIES_ERROR', ERROR_MESSAGES.fetchActivitiesFailed, async () => {
    const { page, limit } = functionPage(filters);
    // Blank and absent filters are left out; the database escapes the search's LIKE characters.
    const { data, error } = await getClient().rpc('get_activity_management', {
      search: filters.search?.trim() || undefined,
      course_uuid: filters.courseId || undefined,
      activity_type: filters.type,
      active: filters.isActive,
      page,
      page_size: limit,
    });
    if (error) {
      return fromPostgrestError(
        'FETCH_ACTIVITIES_ERROR',
        error,
        ERROR_MESSAGES.fetchActivitiesFailed,
      );
    }
    const reply = (data ?? {}) as ActivityManagementReply;
    const stats = reply.stats ?? {};
    const rows = reply.activities ?? [];
    return ok({
      stats: {
        total: toNumber(stats.total),
        activeCourses: toNumber(stats.active_courses),
        scheduledClasses: toNumber(stats.scheduled_classes),
        dueThisWeek: toNumber(stats.due_this_week),
      },
      page: toPaged(rows.map(toManagedActivity), toNumber(reply.total), page, limit),
    });
  });
}

export const activityManagementReadModel = { get };
