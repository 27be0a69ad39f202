import '@testing-library/jest-dom/vitest';
import { act, screen } from '@testing-library/react';
import { OPEN_COURSE_DETAIL_EVENT, dispatchOpenCourseDetail } from '@portal/shared-data';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { courseDetailPath, useCourseDetailEvent } from './use-course-detail-event';

function Probe() {
  useCourseDetailEvent();
  const { pathname } = useLocation();
  return (
    <p data-testid="location">
      {pathname} {useNavigationType()}
    </p>
  );
}

function renderAt(path: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useCourseDetailEvent', () => {
  it('opens the course detail page of the course the window event names', () => {
    renderAt('/my-courses');

    act(() => dispatchOpenCourseDetail('c0a5e000-0000-4000-8000-000000000002'));

    expect(screen.getByTestId('location')).toHaveTextContent(
      '/course-detail/c0a5e000-0000-4000-8000-000000000002 PUSH',
    );
  });

  it('stays put when the page already shows that course', () => {
    renderAt('/course-detail/course-1');

    act(() => dispatchOpenCourseDetail('course-1'));

    expect(screen.getByTestId('location')).toHaveTextContent('/course-detail/course-1 POP');
  });

  it('stops listening once unmounted', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderAt('/');
    unmount();
    expect(removed).toHaveBeenCalledWith(OPEN_COURSE_DETAIL_EVENT, expect.any(Function));
    removed.mockRestore();
  });
});

describe('courseDetailPath', () => {
  it('encodes the id', () => {
    expect(courseDetailPath('a/b c')).toBe('/course-detail/a%2Fb%20c');
  });
});
