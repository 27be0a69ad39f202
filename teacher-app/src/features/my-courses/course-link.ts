import { courseDetailState, paths } from '@portal/shared-data';

/** Where a course's card and panel link to: its detail page, whose Back returns to My Courses. */
export function courseLink(courseId: string) {
  return { to: paths.courseDetail(courseId), state: courseDetailState(paths.myCourses) };
}
