import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import {
  OPEN_COURSE_DETAIL_EVENT,
  dispatchOpenCourseDetail,
  onOpenCourseDetail,
} from '@portal/shared-data';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import { useEffect } from 'react';
import {
  MemoryRouter,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  createBrowserRouter,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useCourseDetailEvent } from './use-course-detail-event';

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
  it('opens the course detail page of the course the window event names', async () => {
    renderAt('/my-courses');

    act(() => dispatchOpenCourseDetail('c0a5e000-0000-4000-8000-000000000002'));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/course-detail/c0a5e000-0000-4000-8000-000000000002 PUSH',
      ),
    );
  });

  it('stays put when the page already shows that course', async () => {
    renderAt('/course-detail/course-1');

    act(() => dispatchOpenCourseDetail('course-1'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));

    expect(screen.getByTestId('location')).toHaveTextContent('/course-detail/course-1 POP');
  });

  it('lets a host listener (the shell) go first, so one event adds one history entry', async () => {
    // The shell's layout listens and navigates at once, as in the portal.
    function Shell() {
      const navigate = useNavigate();
      useEffect(
        () => onOpenCourseDetail((courseId) => void navigate(`/course-detail/${courseId}`)),
        [navigate],
      );
      return <Outlet />;
    }
    window.history.replaceState(null, '', '/my-courses');
    const router = createBrowserRouter([
      { element: <Shell />, children: [{ path: '*', element: <Probe /> }] },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    const before = window.history.length;

    act(() => dispatchOpenCourseDetail('course-7'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));

    expect(screen.getByTestId('location')).toHaveTextContent('/course-detail/course-7 PUSH');
    expect(window.history.length).toBe(before + 1);
    router.dispose();
  });

  it('stops listening once unmounted', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderAt('/');
    unmount();
    expect(removed).toHaveBeenCalledWith(OPEN_COURSE_DETAIL_EVENT, expect.any(Function));
    removed.mockRestore();
  });
});
