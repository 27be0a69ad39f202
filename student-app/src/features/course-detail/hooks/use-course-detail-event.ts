import { onOpenCourseDetail } from '@portal/shared-data';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export function courseDetailPath(courseId: string): string {
  return `/course-detail/${encodeURIComponent(courseId)}`;
}

/**
 * Opens the course detail page whenever any app dispatches the open-course-detail window event
 * (DESIGN §1). Several listeners may be mounted (this page, the shell); the first one navigates and the
 * others see they are already there, so history gets one entry per event.
 */
export function useCourseDetailEvent(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(
    () =>
      onOpenCourseDetail((courseId) => {
        const target = courseDetailPath(courseId);
        if (pathname === target || window.location.pathname === target) return;
        navigate(target);
      }),
    [navigate, pathname],
  );
}
