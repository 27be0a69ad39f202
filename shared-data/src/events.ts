/** Window event that opens the course detail page from any app. */
export const OPEN_COURSE_DETAIL_EVENT = 'portal:open-course-detail';

export type OpenCourseDetailDetail = { courseId: string };

export function dispatchOpenCourseDetail(courseId: string): void {
  window.dispatchEvent(
    new CustomEvent<OpenCourseDetailDetail>(OPEN_COURSE_DETAIL_EVENT, { detail: { courseId } }),
  );
}

/** Calls `listener` with the course id of every well-formed event; returns the unsubscribe. */
export function onOpenCourseDetail(listener: (courseId: string) => void): () => void {
  const handle = (event: Event) => {
    // Another bundle may dispatch by hand: accept only a non-empty string id.
    const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
    const courseId =
      typeof detail === 'object' && detail !== null
        ? (detail as Record<string, unknown>).courseId
        : undefined;
    if (typeof courseId === 'string' && courseId !== '') listener(courseId);
  };
  window.addEventListener(OPEN_COURSE_DETAIL_EVENT, handle);
  return () => window.removeEventListener(OPEN_COURSE_DETAIL_EVENT, handle);
}
