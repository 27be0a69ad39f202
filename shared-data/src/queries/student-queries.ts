import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { studentKeys } from './keys';
import { unwrap } from './service-failure';
import { myStudentsReadModel, type MyStudentFilters } from '@portal/shared-data';

// My Students: the screen (a page of students, the figures, the recent activity) in one request, a
// student's details in another, whatever the number of courses and students. Attendance saves
// invalidate `studentKeys.all`.

export const studentQueries = {
  /**
   * One page of the caller's students (one row per student) with the screen's figures and recent
   * activity; the shown page (and figures) stay while the next page loads.
   */
  overview: (filters: MyStudentFilters) =>
    queryOptions({
      queryKey: studentKeys.overview(filters),
      queryFn: () => unwrap(myStudentsReadModel.overview(filters)),
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
  /** One student's courses, graded work and statistics; null when not one of the caller's students. */
  detail: (studentId: string) =>
    queryOptions({
      queryKey: studentKeys.detail(studentId),
      queryFn: () => unwrap(myStudentsReadModel.detail(studentId)),
    }),
};
