import { useCallback, useEffect, useRef, useState } from 'react';
import {
  coursesService,
  myCoursesReadModel,
  type Paged,
  type ServiceError,
  type StudentCourse,
} from '@portal/shared-data';

export type MyCoursesState = {
  /** The last page loaded; kept on screen while a reload runs or after it fails. */
  courses: Paged<StudentCourse> | null;
  error: ServiceError | null;
  loading: boolean;
};

export type DropOutcome =
  { kind: 'dropped' } | { kind: 'notLoggedIn' } | { kind: 'failed'; error: ServiceError };

/** The student's active courses (one request per page) and dropping one. */
export function useMyCourses(userId: string | null) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<MyCoursesState>({ courses: null, error: null, loading: true });
  const latest = useRef(0);

  const load = useCallback(async (pageToLoad: number) => {
    const call = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    const result = await myCoursesReadModel.listForStudent({ page: pageToLoad });
    if (call !== latest.current) return;
    if (!result.success) {
      setState((previous) => ({ ...previous, error: result.error, loading: false }));
      return;
    }
    const { totalPages } = result.data;
    if (totalPages > 0 && pageToLoad > totalPages) {
      // The last course of the last page was dropped: show the page before.
      setPage(totalPages);
      return;
    }
    setState({ courses: result.data, error: null, loading: false });
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  useEffect(
    () => () => {
      // Answers arriving after unmount are ignored.
      latest.current += 1;
    },
    [],
  );

  const reload = useCallback(() => void load(page), [load, page]);

  /** Drops the course (frees the seat); the list reloads on success. */
  const drop = useCallback(
    async (course: StudentCourse): Promise<DropOutcome> => {
      if (!userId) return { kind: 'notLoggedIn' };
      const result = await coursesService.unenroll(course.id, userId);
      if (!result.success) return { kind: 'failed', error: result.error };
      void load(page);
      return { kind: 'dropped' };
    },
    [userId, load, page],
  );

  return { ...state, page, setPage, reload, drop };
}
