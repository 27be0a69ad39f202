import { screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authAtom,
  classesService,
  initialAuthState,
  studentDashboardReadModel,
  type AppUser,
  type DashboardClass,
  type DashboardCourse,
  type Result,
  type StudentDashboard,
} from '@portal/shared-data';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import StudentDashboardPage from './dashboard';
import { student } from '../../test-support/fixtures';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  return {
    ...actual,
    studentDashboardReadModel: { get: vi.fn() },
    classesService: { ...actual.classesService, markAttendance: vi.fn() },
  };
});

const getDashboard = vi.mocked(studentDashboardReadModel.get);
const markAttendance = vi.mocked(classesService.markAttendance);

const NOW = new Date(2025, 2, 12, 15, 0);
const minutesFromNow = (minutes: number) =>
  new Date(NOW.getTime() + minutes * 60_000).toISOString();

function aClass(overrides: Partial<DashboardClass> = {}): DashboardClass {
  return {
    id: 'class-1',
    courseId: 'course-1',
    title: 'Role play',
    description: '',
    scheduledDate: minutesFromNow(60 * 24 * 3),
    duration: 60,
    type: 'live',
    meetingLink: 'https://meet.school.test/abc',
    recordingUrl: null,
    ...overrides,
  };
}

function aCourse(overrides: Partial<DashboardCourse> = {}): DashboardCourse {
  return {
    id: 'course-1',
    title: 'Business Spanish',
    description: 'Meetings and email',
    language: 'Spanish',
    category: 'business',
    level: 'intermediate',
    duration: 8,
    thumbnailUrl: null,
    teacherId: 'teacher-1',
    teacherName: 'Marta López',
    enrollmentId: 'enrollment-1',
    progress: 40,
    enrolledAt: '2025-02-01T09:00:00Z',
    upcomingClasses: [],
    ...overrides,
  };
}

function dashboardOf(
  courses: DashboardCourse[],
  courseCount = courses.length,
): Result<StudentDashboard> {
  return {
    success: true,
    data: {
      courseCount,
      courses,
      stats: {
        enrolledCourses: courseCount,
        completedCourses: 0,
        totalStudyHours: 0,
        averageProgress: 0,
      },
    },
  };
}

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderDashboard(options: { language?: 'en' | 'es'; user?: AppUser | null } = {}) {
  const store = createStore();
  store.set(authAtom, {
    ...initialAuthState,
    user: options.user === undefined ? student : options.user,
    initialized: true,
  });
  return renderWithProviders(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<StudentDashboardPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
    { language: options.language ?? 'en' },
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  getDashboard.mockReset();
  markAttendance.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Student dashboard', () => {
  it('shows a loader while the dashboard loads, then the welcome with the first name', async () => {
    let answer: (result: Result<StudentDashboard>) => void = () => {};
    getDashboard.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    renderDashboard();

    expect(screen.getByRole('heading', { name: 'Welcome back, Lucía!' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your dashboard…' })).toBeInTheDocument();
    answer(dashboardOf([]));
    expect(await screen.findByText('You are not enrolled in any courses yet')).toBeInTheDocument();
    expect(
      screen.queryByRole('status', { name: 'Loading your dashboard…' }),
    ).not.toBeInTheDocument();
    expect(getDashboard).toHaveBeenCalledTimes(1);
  });

  it('shows both empty states with a way to the catalog', async () => {
    getDashboard.mockResolvedValue(dashboardOf([]));
    const { user } = renderDashboard();

    expect(await screen.findByText('You are not enrolled in any courses yet')).toBeInTheDocument();
    expect(screen.getByText('No upcoming classes')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse the Course Catalog' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/catalog');
  });

  it("shows the error with the server's message and tries again", async () => {
    getDashboard.mockResolvedValueOnce({
      success: false,
      error: { code: 'RPC_ERROR', message: 'Failed to fetch enrolled courses' },
    });
    getDashboard.mockResolvedValueOnce(dashboardOf([aCourse()]));
    const { user } = renderDashboard();

    expect(await screen.findByText('Error loading dashboard data:')).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch enrolled courses/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading dashboard data:')).not.toBeInTheDocument();
    expect(getDashboard).toHaveBeenCalledTimes(2);
  });

  it('lists the courses with language, level and teacher, and opens the classroom', async () => {
    getDashboard.mockResolvedValue(
      dashboardOf(
        [
          aCourse(),
          aCourse({
            id: 'course-2',
            title: 'English B2',
            language: 'English',
            level: 'advanced',
            teacherName: 'John Smith',
          }),
          aCourse({ id: 'course-3', title: 'Spanish A1', level: 'beginner' }),
        ],
        5,
      ),
    );
    const { user } = renderDashboard();

    const card = await screen.findByRole('article', { name: 'English B2' });
    expect(within(card).getByText('English')).toBeInTheDocument();
    expect(within(card).getByText('Advanced')).toBeInTheDocument();
    expect(within(card).getByText(/John Smith/)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View all my courses (5)' })).toHaveAttribute(
      'href',
      '/my-courses',
    );

    await user.click(within(card).getByRole('button', { name: 'Course Classroom' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/course-detail/course-2');
  });

  it('lists upcoming classes by date: today highlighted, live and recorded, Join and Join Now', async () => {
    getDashboard.mockResolvedValue(
      dashboardOf([
        aCourse({
          upcomingClasses: [
            aClass({
              id: 'later',
              title: 'Negotiation',
              scheduledDate: minutesFromNow(60 * 24 * 2),
            }),
            aClass({ id: 'soon', title: 'Small talk', scheduledDate: minutesFromNow(10) }),
          ],
        }),
        aCourse({
          id: 'course-2',
          title: 'English B2',
          upcomingClasses: [
            aClass({
              id: 'video',
              courseId: 'course-2',
              title: 'Idioms video',
              type: 'recorded',
              meetingLink: null,
              scheduledDate: minutesFromNow(120),
            }),
          ],
        }),
      ]),
    );
    renderDashboard();

    const list = within(await screen.findByRole('region', { name: 'Upcoming Classes' })).getByRole(
      'list',
    );
    const items = within(list).getAllByRole('listitem');
    expect(
      items.map(
        (item) => within(item).getAllByText(/Small talk|Idioms video|Negotiation/)[0]?.textContent,
      ),
    ).toEqual(['Live: Small talk', 'Recorded: Idioms video', 'Live: Negotiation']);
    const [soon, video, later] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(soon).toHaveAttribute('aria-current', 'date');
    expect(within(soon).getByText('Today')).toBeInTheDocument();
    expect(within(later).queryByText('Today')).not.toBeInTheDocument();
    const joinNow = within(soon).getByRole('link', { name: /^Join Now: Small talk/ });
    expect(joinNow).toHaveAttribute('href', 'https://meet.school.test/abc');
    expect(joinNow).toHaveAttribute('target', '_blank');
    expect(within(later).getByRole('link', { name: /^Join: Negotiation/ })).toBeInTheDocument();
    expect(within(video).queryByRole('link')).not.toBeInTheDocument();
  });

  it("joining a class about to start records the student's attendance", async () => {
    markAttendance.mockResolvedValue({
      success: true,
      data: {
        id: 'a-1',
        classId: 'soon',
        userId: 'student-1',
        attended: true,
        attendedAt: NOW.toISOString(),
        markedBy: 'student-1',
      },
    });
    getDashboard.mockResolvedValue(
      dashboardOf([
        aCourse({
          upcomingClasses: [
            aClass({ id: 'soon', title: 'Small talk', scheduledDate: minutesFromNow(10) }),
          ],
        }),
      ]),
    );
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('link', { name: /^Join Now: Small talk/ }));

    expect(markAttendance).toHaveBeenCalledWith({
      classId: 'soon',
      userId: 'student-1',
      attended: true,
    });
    expect(await screen.findByText('Attendance recorded')).toBeInTheDocument();
  });

  it('says so, without blocking, when the attendance cannot be recorded', async () => {
    markAttendance.mockResolvedValue({
      success: false,
      error: {
        code: 'MARK_ATTENDANCE_ERROR',
        message: 'new row violates row-level security policy',
      },
    });
    getDashboard.mockResolvedValue(
      dashboardOf([
        aCourse({
          upcomingClasses: [
            aClass({ id: 'soon', title: 'Small talk', scheduledDate: minutesFromNow(5) }),
          ],
        }),
      ]),
    );
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('link', { name: /^Join Now: Small talk/ }));

    expect(
      await screen.findByText(
        'Your attendance for "Small talk" could not be recorded: new row violates row-level security policy',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not be recorded/)).not.toBeInTheDocument();
  });

  it('does not try to record attendance for a class days away', async () => {
    getDashboard.mockResolvedValue(
      dashboardOf([aCourse({ upcomingClasses: [aClass({ title: 'Negotiation' })] })]),
    );
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('link', { name: /^Join: Negotiation/ }));

    expect(markAttendance).not.toHaveBeenCalled();
  });

  it('refreshes on demand and keeps the dashboard if the refresh fails', async () => {
    getDashboard.mockResolvedValueOnce(dashboardOf([aCourse()]));
    getDashboard.mockResolvedValueOnce({
      success: false,
      error: { code: 'RPC_ERROR', message: 'offline' },
    });
    const { user } = renderDashboard();

    expect(await screen.findByRole('heading', { name: 'Business Spanish' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Error loading dashboard data:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Business Spanish' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    getDashboard.mockResolvedValue(dashboardOf([]));
    renderDashboard({ language: 'es' });

    expect(
      screen.getByRole('heading', { name: '¡Bienvenido de nuevo, Lucía!' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Todavía no estás inscrito en ningún curso'),
    ).toBeInTheDocument();
    expect(screen.getByText('No hay próximas clases')).toBeInTheDocument();
  });
});
