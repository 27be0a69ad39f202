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

/**
 * When a student is at risk in a course, counted from their enrolment on: at least `minHeldClasses`
 * classes held and fewer than `attendanceBelow` % of them attended, or at least `minDueWork` pieces of
 * work past their due date and fewer than `workBelow` % of them handed in. The database decides
 * (`private.enrolment_standing`, 20261129000200_at_risk.sql) and answers each student's flag and
 * reasons; these are its numbers for the screen's texts. Progress plays no part: it measures how much
 * of the course is behind the student, not how they are doing.
 */
export const AT_RISK = {
  minHeldClasses: 3,
  attendanceBelow: 60,
  minDueWork: 2,
  workBelow: 60,
} as const;

/** Last activity within the last 7 days (a time ahead of `now` counts as now). */
export function isActiveThisWeek(lastActivityAt: string | null, now: Date): boolean {
  if (!lastActivityAt) return false;
  const at = new Date(lastActivityAt).getTime();
  return Number.isFinite(at) && now.getTime() - at <= ACTIVE_WEEK_DAYS * DAY_MS;
}
