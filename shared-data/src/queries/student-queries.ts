import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { studentKeys } from './keys';
import { unwrap } from './service-failure';
import { myStudentsReadModel, type MyStudentFilters } from '@portal/shared-data';

// My Students: one request per part of the screen (list page, figures, recent activity, a student's
// details), whatever the number of courses and students. Attendance saves invalidate `studentKeys.all`.

export const studentQueries = {
  /** One page of the caller's students (one row per student); the shown page stays while the next loads. */
  list: (filters: MyStudentFilters) =>
    queryOptions({
      queryKey: studentKeys.list(filters),
      queryFn: () => unwrap(myStudentsReadModel.list(filters)),
      placeholderData: keepPreviousData,
    }),
  /**
   * Every student matching the filters (search, course), for the CSV export. Read on demand with
   * `queryClient.fetchQuery(...)`; always fresh.
   */
  exportAll: (filters: Pick<MyStudentFilters, 'search' | 'courseId'>) =>
    queryOptions({
      queryKey: studentKeys.export(filters),
      queryFn: () => unwrap(myStudentsReadModel.listAll(filters)),
      staleTime: 0,
    }),
  /** Students, active this week, average progress, at risk: over all the caller's students. */
  stats: () =>
    queryOptions({
      queryKey: studentKeys.stats(),
      queryFn: () => unwrap(myStudentsReadModel.stats()),
    }),
  /** The newest submissions and attendance of the caller's students (of one, when given). */
  recentActivity: (studentId?: string) =>
    queryOptions({
      queryKey: studentKeys.recentActivity(studentId),
      queryFn: () => unwrap(myStudentsReadModel.recentActivity({ studentId })),
    }),
  /** One student's courses, graded work and statistics; null when not one of the caller's students. */
  detail: (studentId: string) =>
    queryOptions({
      queryKey: studentKeys.detail(studentId),
      queryFn: () => unwrap(myStudentsReadModel.detail(studentId)),
    }),
};
