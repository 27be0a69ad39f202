import { paths } from './paths';

// The course detail page's Back (docs/product-rules.md "Course detail"): it returns where the viewer
// came from. A screen that links to the page says where that is in the link's router state
// (`<Link to={paths.courseDetail(id)} state={courseDetailState(paths.myCourses)}>`); without it Back
// goes to the role's own course list.

/** Router state of a link to the course detail page. */
export type CourseDetailState = { from: string };

/** The state a link to the course detail page carries: the in-app path Back returns to. */
export function courseDetailState(from: string): CourseDetailState {
  return { from };
}

/**
 * The in-app path a course detail page was opened from, read from its router state; null when the
 * link said nothing, or said something that is not a path of this site (`//host`, `https:`).
 */
export function courseDetailFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { from } = state as Partial<Record<'from', unknown>>;
  if (typeof from !== 'string' || !from.startsWith('/')) return null;
  // '//host' and '/\host' leave the site in a browser.
  return from.startsWith('//') || from.startsWith('/\\') ? null : from;
}

/** Where Back goes when the link did not say: Course Management for admins, else My Courses. */
export function courseDetailBackPath(role: string | null | undefined): string {
  return role === 'admin' ? paths.courses : paths.myCourses;
}
