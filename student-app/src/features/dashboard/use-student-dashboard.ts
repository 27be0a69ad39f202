import { useCallback, useEffect, useRef, useState } from 'react';
import {
  studentDashboardReadModel,
  type ServiceError,
  type StudentDashboard,
} from '@portal/shared-data';

export type StudentDashboardState = {
  /** The last dashboard loaded; kept on screen while a refresh runs or after it fails. */
  dashboard: StudentDashboard | null;
  error: ServiceError | null;
  loading: boolean;
};

/** Loads the dashboard in one request; `reload` backs Refresh and Try again. */
export function useStudentDashboard() {
  const [state, setState] = useState<StudentDashboardState>({
    dashboard: null,
    error: null,
    loading: true,
  });
  // Only the latest load may write, so a slow earlier answer never overwrites a newer one.
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    const result = await studentDashboardReadModel.get();
    if (call !== latest.current) return;
    setState((previous) =>
      result.success
        ? { dashboard: result.data, error: null, loading: false }
        : { dashboard: previous.dashboard, error: result.error, loading: false },
    );
  }, []);

  useEffect(() => {
    void reload();
    return () => {
      // Answers arriving after unmount are ignored.
      latest.current += 1;
    };
  }, [reload]);

  return { ...state, reload };
}
