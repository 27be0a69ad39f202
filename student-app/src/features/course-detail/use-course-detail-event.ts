import { onOpenCourseDetail, paths } from '@portal/shared-data';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Opens the course detail page whenever any app dispatches the open-course-detail window event
 * (docs/architecture.md). The shell listens too: this listener waits one task so a host listener
 * goes first, and navigates only if the page is not already there, so each event adds one history
 * entry. Standalone (no shell), it is the one that navigates.
 */
export function useCourseDetailEvent(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  shownPath.current = pathname;

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = onOpenCourseDetail((courseId) => {
      const target = paths.courseDetail(courseId);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (window.location.pathname === target || shownPath.current === target) return;
        navigate(target);
      }, 0);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [navigate]);
}
