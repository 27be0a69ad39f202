import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { LARGE_LIST_LIMIT, type CourseClass } from '@portal/shared-data';
import { classQueries } from '@portal/shared-data/queries';

/**
 * The classes of one course, soonest first (up to LARGE_LIST_LIMIT), for an activity set for one
 * class. Read only once a course is chosen and the form asks for a class.
 */
export function useCourseClasses(
  courseId: string,
  enabled: boolean,
): UseQueryResult<CourseClass[]> {
  return useQuery({
    ...classQueries.list({ courseId, limit: LARGE_LIST_LIMIT }),
    // Another course's classes must never stand in while this course's load.
    placeholderData: undefined,
    enabled: enabled && courseId !== '',
    select: (page) => page.items,
  });
}
