import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { LARGE_LIST_LIMIT, type AppUser, type CourseFilters } from '@portal/shared-data';
import { courseQueries } from './course-queries';

/** A course a form or a course filter offers. */
export type ManagedCourseOption = { id: string; title: string; teacherId: string | null };

/**
 * The courses the signed-in user manages, by title, in one request: a teacher's own courses, every
 * course for an administrator (at most LARGE_LIST_LIMIT; the database's policies decide what each may
 * write). The class, activity and material forms and their screens' course filters all offer these.
 *
 * `wanted: false` (default true) leaves them unread until wanted: a screen whose course filter is
 * not yet in use loads without them, and asks for them once the user reaches for the filter or
 * opens a form that picks a course. Options already cached (read by another screen) still show.
 */
export function useManagedCourses(
  user: AppUser | null,
  { wanted = true }: { wanted?: boolean } = {},
): UseQueryResult<ManagedCourseOption[]> {
  const filters: CourseFilters = {
    ...(user?.role === 'admin' ? {} : { teacherId: user?.id ?? '' }),
    sortBy: 'title',
    sortOrder: 'asc',
    limit: LARGE_LIST_LIMIT,
  };
  return useQuery({
    ...courseQueries.list(filters),
    enabled: user !== null && wanted,
    select: (page) => page.items.map(({ id, title, teacherId }) => ({ id, title, teacherId })),
  });
}

/** What a course filter needs from `useCourseFilterOptions`. */
export type CourseFilterOptions = {
  /** The managed courses (unread until wanted). */
  courses: UseQueryResult<ManagedCourseOption[]>;
  /** The user reached for the course filter: read the courses from now on. */
  reachFor: () => void;
  /** The courses are on their way and none are shown yet (the filter's loader). */
  loading: boolean;
};

/**
 * The managed courses for a screen whose course filter loads them on first use: they are read once the
 * user reaches for the filter (`reachFor`), or whenever `needed` (a form that picks a course is open,
 * or a course is chosen), and stay wanted after that.
 */
export function useCourseFilterOptions(user: AppUser | null, needed: boolean): CourseFilterOptions {
  const [reached, setReached] = useState(false);
  const courses = useManagedCourses(user, { wanted: reached || needed });
  return {
    courses,
    reachFor: () => setReached(true),
    loading: courses.isFetching && !courses.data,
  };
}
