import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { LARGE_LIST_LIMIT, type AppUser, type CourseFilters } from '@portal/shared-data';
import { courseQueries } from '@portal/shared-data/queries';

/** A course the course filter offers. */
export type CourseOption = { id: string; title: string };

/**
 * The courses whose students the signed-in user sees, by title: a teacher's own courses, every course
 * for an administrator (at most 100, like every list that loads in one piece).
 */
export function useStudentCourses(user: AppUser | null): UseQueryResult<CourseOption[]> {
  const filters: CourseFilters = {
    ...(user?.role === 'admin' ? {} : { teacherId: user?.id ?? '' }),
    sortBy: 'title',
    sortOrder: 'asc',
    limit: LARGE_LIST_LIMIT,
  };
  return useQuery({
    ...courseQueries.list(filters),
    enabled: user !== null,
    select: (page) => page.items.map(({ id, title }) => ({ id, title })),
  });
}
