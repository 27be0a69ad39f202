import { useCallback, useEffect, useRef, useState } from 'react';
import {
  studentActivitiesReadModel,
  type ServiceError,
  type StudentActivitiesOverview,
  type Submission,
} from '@portal/shared-data';
import { withSubmission } from './activity-rules';

export type ActivitiesState =
  | { status: 'loading' }
  | { status: 'error'; error: ServiceError }
  | { status: 'ready'; overview: StudentActivitiesOverview };

/**
 * The Activities screen's data in three parallel requests (activities with the student's own
 * submission, enrolled courses, upcoming class count), whatever the number of courses.
 */
export function useStudentActivities() {
  const [state, setState] = useState<ActivitiesState>({ status: 'loading' });
  // Kept across StrictMode's second effect run, so a mount loads once.
  const started = useRef(false);

  const load = useCallback(async () => {
    started.current = true;
    setState({ status: 'loading' });
    const result = await studentActivitiesReadModel.overview();
    setState(
      result.success
        ? { status: 'ready', overview: result.data }
        : { status: 'error', error: result.error },
    );
  }, []);

  useEffect(() => {
    if (!started.current) void load();
  }, [load]);

  /** Shows a new or updated submission on its card without loading the list again. */
  const applySubmission = useCallback((submission: Submission) => {
    setState((previous) =>
      previous.status === 'ready'
        ? {
            ...previous,
            overview: {
              ...previous.overview,
              activities: previous.overview.activities.map((activity) =>
                activity.id === submission.activityId
                  ? withSubmission(activity, submission)
                  : activity,
              ),
            },
          }
        : previous,
    );
  }, []);

  return { state, reload: load, applySubmission };
}
