import { PROGRESS_FAIR } from './student-progress';

// My Students: the teacher's students, one row per student (docs/product-rules.md "My Students").
// The database computes the figures (`get_my_students_overview`, `get_my_students`); these are the same
// definitions for the screen and its tests.

/** Students per page of the list. */
export const MY_STUDENTS_PAGE_SIZE = 10;

/** Students per request when the whole list is exported (PostgREST's row cap). */
export const MY_STUDENTS_EXPORT_PAGE_SIZE = 1000;

/** Events in the recent-activity panel. */
export const RECENT_ACTIVITY_LIMIT = 10;

/** Graded submissions shown in a student's details. */
export const GRADED_WORK_LIMIT = 10;

/** "Active this week": some activity in the last 7 days. */
export const ACTIVE_WEEK_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A student is at risk when their average progress is below 60 (the red progress colour). */
export function isAtRisk(averageProgress: number | null): boolean {
  return averageProgress !== null && averageProgress < PROGRESS_FAIR;
}

/** Last activity within the last 7 days (a time ahead of `now` counts as now). */
export function isActiveThisWeek(lastActivityAt: string | null, now: Date): boolean {
  if (!lastActivityAt) return false;
  const at = new Date(lastActivityAt).getTime();
  return Number.isFinite(at) && now.getTime() - at <= ACTIVE_WEEK_DAYS * DAY_MS;
}
