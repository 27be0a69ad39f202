import { dueThisWeek, isOverdue, type StudentActivity } from '@portal/shared-data';

export type ActivityFilters = { search: string; courseId: string | null };

export const NO_FILTERS: ActivityFilters = { search: '', courseId: null };

/** Case-insensitive substring on title and description; the course filter matches class activities by their course. */
export function filterActivities(
  activities: readonly StudentActivity[],
  { search, courseId }: ActivityFilters,
): StudentActivity[] {
  const term = search.trim().toLocaleLowerCase();
  return activities.filter(
    (activity) =>
      (!courseId || activity.courseId === courseId) &&
      (!term ||
        activity.title.toLocaleLowerCase().includes(term) ||
        activity.description.toLocaleLowerCase().includes(term)),
  );
}

export function countDueThisWeek(activities: readonly StudentActivity[], now: Date): number {
  return activities.filter((activity) => dueThisWeek(activity, now)).length;
}

/**
 * What the student can do with an activity: `graded` (no resubmission, the grade is shown), `closed`
 * (past the due date and late work not accepted) or `open` (submit, or resubmit before grading).
 */
export type SubmitState = 'open' | 'closed' | 'graded';

export function submitState(activity: StudentActivity, now: Date): SubmitState {
  if (activity.mySubmission?.status === 'graded') return 'graded';
  if (isOverdue(activity, now) && !activity.allowLateSubmission) return 'closed';
  return 'open';
}

/** A grade for people: up to two decimals, no trailing zeros (88, 17.5). */
export function formatPoints(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
