import { describe, expect, it, vi } from 'vitest';
import { dispatchOpenCourseDetail, OPEN_COURSE_DETAIL_EVENT, onOpenCourseDetail } from './events';

describe('open-course-detail event', () => {
  it('uses the agreed window event name', () => {
    expect(OPEN_COURSE_DETAIL_EVENT).toBe('portal:open-course-detail');
  });

  it('delivers the course id to listeners until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = onOpenCourseDetail(listener);

    dispatchOpenCourseDetail('course-42');
    unsubscribe();
    dispatchOpenCourseDetail('course-43');

    expect(listener).toHaveBeenCalledExactlyOnceWith('course-42');
  });

  it('dispatches a CustomEvent that code outside the package can read', () => {
    const seen: unknown[] = [];
    const handle = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(OPEN_COURSE_DETAIL_EVENT, handle);

    dispatchOpenCourseDetail('course-7');
    window.removeEventListener(OPEN_COURSE_DETAIL_EVENT, handle);

    expect(seen).toEqual([{ courseId: 'course-7' }]);
  });

  it.each([
    ['no detail', new Event(OPEN_COURSE_DETAIL_EVENT)],
    ['an empty id', new CustomEvent(OPEN_COURSE_DETAIL_EVENT, { detail: { courseId: '' } })],
    ['a numeric id', new CustomEvent(OPEN_COURSE_DETAIL_EVENT, { detail: { courseId: 7 } })],
    ['a bare string detail', new CustomEvent(OPEN_COURSE_DETAIL_EVENT, { detail: 'course-7' })],
  ])('ignores an event with %s', (_case, event) => {
    const listener = vi.fn();
    const unsubscribe = onOpenCourseDetail(listener);

    window.dispatchEvent(event);
    unsubscribe();

    expect(listener).not.toHaveBeenCalled();
  });
});
