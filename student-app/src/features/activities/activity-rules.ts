import { dueThisWeek, isOverdue, type StudentActivity, type Submission } from '@portal/shared-data';

export type ActivityFilters = { search: string; courseId: string | null };

export const NO_FILTERS: ActivityFilters = { search: '', courseId: null };

/** SPEC §5: case-insensitive substring on title and description; the course filter matches class activities by their course. */
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

/** The activity as the list shows it once a submission came back from the server. */
export function withSubmission(activity: StudentActivity, submission: Submission): StudentActivity {
  return {
    ...activity,
    mySubmission: {
      id: submission.id,
      status: submission.status,
      grade: submission.grade,
      feedback: submission.feedback,
      submittedAt: submission.submittedAt,
    },
  };
}

/** A grade for people: up to two decimals, no trailing zeros (88, 17.5). */
export function formatPoints(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
