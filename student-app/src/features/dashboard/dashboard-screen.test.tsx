import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announcementsService,
  classesService,
  studentDashboardReadModel,
  type Announcement,
  type DashboardClass,
  type DashboardCourse,
  type Result,
  type StudentDashboard,
} from '@portal/shared-data';
import { student } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import { useAnnouncementsLive } from '@portal/shared-data/queries';
import DashboardScreen from './dashboard-screen';

// The query options and the join hook call these objects from inside shared-data, so the test
// replaces their functions in place (the unit boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.studentDashboardReadModel.get = vi.fn();
  actual.classesService.markAttendance = vi.fn();
  actual.announcementsService.newestForStudent = vi.fn();
  return actual;
});
// The live subscription needs the data client's socket (its own test: shared-data's
// use-live-invalidation.test.ts); here the dashboard asks for it with the student's id.
vi.mock('@portal/shared-data/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@portal/shared-data/queries')>()),
  useAnnouncementsLive: vi.fn(),
}));

const getDashboard = vi.mocked(studentDashboardReadModel.get);
const markAttendance = vi.mocked(classesService.markAttendance);
const newestAnnouncements = vi.mocked(announcementsService.newestForStudent);
const announcementsLive = vi.mocked(useAnnouncementsLive);

function anAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 'announcement-1',
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    title: 'Exam on Friday',
    body: 'Bring a **pencil**. <img src=x onerror=alert(1)>',
    pinned: false,
    emailed: true,
    createdAt: '2025-03-11T09:00:00Z',
    updatedAt: '2025-03-11T09:00:00Z',
    ...overrides,
  };
}

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

function withClasses(...classes: DashboardClass[]): Result<StudentDashboard> {
  return dashboardOf([aCourse({ upcomingClasses: classes })]);
}

beforeEach(() => {
  // Only the clock is fixed ("Today" and the join window depend on it); timers run for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  getDashboard.mockReset();
  markAttendance.mockReset();
  newestAnnouncements.mockReset();
  newestAnnouncements.mockResolvedValue({ success: true, data: [] });
  announcementsLive.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Student dashboard', () => {
  it('welcomes a first visit (no sign-in before this one), with or without a name', () => {
    getDashboard.mockResolvedValue(dashboardOf([]));
    const newcomer = { ...student, previousLogin: null };
    const named = renderScreen(<DashboardScreen />, { user: newcomer });
    expect(screen.getByRole('heading', { name: 'Welcome, Lucía!' })).toBeInTheDocument();
    named.unmount();
    const spanish = renderScreen(<DashboardScreen />, { user: newcomer, language: 'es' });
    expect(
      screen.getByRole('heading', { name: '¡Te damos la bienvenida, Lucía!' }),
    ).toBeInTheDocument();
    spanish.unmount();
    renderScreen(<DashboardScreen />, { user: { ...newcomer, firstName: ' ' } });
    expect(screen.getByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
  });

  it('shows a loader while the dashboard loads, then the welcome with the first name', async () => {
    let answer: (result: Result<StudentDashboard>) => void = () => {};
    getDashboard.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    renderScreen(<DashboardScreen />);

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
    renderScreen(<DashboardScreen />);

    expect(await screen.findByText('You are not enrolled in any courses yet')).toBeInTheDocument();
    expect(screen.getByText('No upcoming classes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Course Catalog' })).toHaveAttribute(
      'href',
      '/catalog',
    );
  });

  it('shows a translated error, never the raw message, and tries again', async () => {
    getDashboard.mockResolvedValueOnce({
      success: false,
      error: { code: 'RPC_ERROR', message: 'relation "enrollments" does not exist' },
    });
    getDashboard.mockResolvedValueOnce(dashboardOf([aCourse()]));
    const { user } = renderScreen(<DashboardScreen />);

    expect(await screen.findByText('Error loading dashboard data:')).toBeInTheDocument();
    expect(screen.getByText('The data could not be loaded. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/does not exist/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading dashboard data:')).not.toBeInTheDocument();
    expect(getDashboard).toHaveBeenCalledTimes(2);
  });

  it('lists the courses with language, level and teacher, each with a way into its classroom', async () => {
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
    renderScreen(<DashboardScreen />);

    const card = await screen.findByRole('article', { name: 'English B2' });
    expect(within(card).getByText('English')).toBeInTheDocument();
    expect(within(card).getByText('Advanced')).toBeInTheDocument();
    expect(within(card).getByText(/John Smith/)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View all my courses (5)' })).toHaveAttribute(
      'href',
      '/my-courses',
    );
    expect(within(card).getByRole('link', { name: 'Course Classroom' })).toHaveAttribute(
      'href',
      '/course-detail/course-2',
    );
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
    renderScreen(<DashboardScreen />);

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

  it('offers Join Now from 30 minutes before the start, Join before that', async () => {
    getDashboard.mockResolvedValue(
      withClasses(
        aClass({ id: 'a', title: 'In 29 minutes', scheduledDate: minutesFromNow(29) }),
        aClass({ id: 'b', title: 'In 31 minutes', scheduledDate: minutesFromNow(31) }),
      ),
    );
    renderScreen(<DashboardScreen />);

    expect(
      await screen.findByRole('link', { name: /^Join Now: In 29 minutes/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Join: In 31 minutes/ })).toBeInTheDocument();
  });

  it('offers no Join for a class that has ended, and says a running one is in progress', async () => {
    getDashboard.mockResolvedValue(
      withClasses(
        aClass({ id: 'over', title: 'Finished', scheduledDate: minutesFromNow(-61), duration: 60 }),
        aClass({ id: 'now', title: 'Running', scheduledDate: minutesFromNow(-10), duration: 60 }),
      ),
    );
    renderScreen(<DashboardScreen />);

    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    const [over, running] = items as [HTMLElement, HTMLElement];
    expect(within(over).getByText('Finished')).toBeInTheDocument();
    expect(within(over).queryByRole('link')).not.toBeInTheDocument();
    expect(within(running).getByText('In progress')).toBeInTheDocument();
    expect(within(running).getByRole('link', { name: /^Join Now: Running/ })).toBeInTheDocument();
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
      withClasses(aClass({ id: 'soon', title: 'Small talk', scheduledDate: minutesFromNow(10) })),
    );
    const { user } = renderScreen(<DashboardScreen />);

    await user.click(await screen.findByRole('link', { name: /^Join Now: Small talk/ }));

    expect(markAttendance).toHaveBeenCalledWith({
      classId: 'soon',
      userId: 'student-1',
      attended: true,
    });
    expect(await screen.findByText('Attendance recorded')).toBeInTheDocument();
  });

  it('says so in words the student understands, without blocking, when attendance fails', async () => {
    markAttendance.mockResolvedValue({
      success: false,
      error: {
        code: 'MARK_ATTENDANCE_ERROR',
        message: 'new row violates row-level security policy',
      },
    });
    getDashboard.mockResolvedValue(
      withClasses(aClass({ id: 'soon', title: 'Small talk', scheduledDate: minutesFromNow(5) })),
    );
    const { user } = renderScreen(<DashboardScreen />);

    await user.click(await screen.findByRole('link', { name: /^Join Now: Small talk/ }));

    expect(
      await screen.findByText(
        'Your attendance for "Small talk" could not be recorded: The changes could not be saved. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/row-level security/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not be recorded/)).not.toBeInTheDocument();
  });

  it('does not try to record attendance for a class days away', async () => {
    getDashboard.mockResolvedValue(withClasses(aClass({ title: 'Negotiation' })));
    const { user } = renderScreen(<DashboardScreen />);

    await user.click(await screen.findByRole('link', { name: /^Join: Negotiation/ }));

    expect(markAttendance).not.toHaveBeenCalled();
  });

  it('refreshes on demand and keeps the dashboard if the refresh fails', async () => {
    getDashboard.mockResolvedValueOnce(dashboardOf([aCourse()]));
    getDashboard.mockResolvedValueOnce({
      success: false,
      error: { code: 'RPC_ERROR', message: 'offline' },
    });
    const { user } = renderScreen(<DashboardScreen />);

    expect(await screen.findByRole('heading', { name: 'Business Spanish' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Error loading dashboard data:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(getDashboard).toHaveBeenCalledTimes(2);
  });

  it('speaks Spanish', async () => {
    getDashboard.mockResolvedValue(
      withClasses(aClass({ id: 'soon', title: 'Small talk', scheduledDate: minutesFromNow(10) })),
    );
    renderScreen(<DashboardScreen />, { language: 'es' });

    expect(screen.getByRole('heading', { name: '¡Hola de nuevo, Lucía!' })).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: /^Unirse ahora: Small talk/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aula del curso' })).toBeInTheDocument();
    expect(
      screen.getByText(/Tu asistencia se registra cuando te unes desde 30 minutos antes/),
    ).toBeInTheDocument();
  });

  it('names a teacher whose profile is gone in the student language', async () => {
    getDashboard.mockResolvedValue(dashboardOf([aCourse({ teacherName: null })]));
    renderScreen(<DashboardScreen />, { language: 'es' });

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(within(card).getByText(/Desconocido/)).toBeInTheDocument();
    expect(within(card).queryByText(/Unknown/)).not.toBeInTheDocument();
  });

  it('shows the newest announcements of the student’s courses, each with its course, from one live read', async () => {
    getDashboard.mockResolvedValue(dashboardOf([aCourse()]));
    newestAnnouncements.mockResolvedValue({
      success: true,
      data: [
        anAnnouncement(),
        anAnnouncement({ id: 'a-2', title: 'Welcome', courseTitle: 'Italian A1' }),
      ],
    });
    renderScreen(<DashboardScreen />);

    const section = await screen.findByRole('region', { name: 'Announcements' });
    const exam = await within(section).findByRole('article', { name: 'Exam on Friday' });
    expect(within(exam).getByText(/In Business Spanish/)).toBeInTheDocument();
    // The Markdown is drawn (bold), the HTML typed in it is not.
    expect(await within(exam).findByText('pencil')).toHaveProperty('tagName', 'STRONG');
    expect(exam.querySelector('img')).toBeNull();
    expect(within(section).getByRole('article', { name: 'Welcome' })).toBeInTheDocument();
    expect(newestAnnouncements).toHaveBeenCalledTimes(1);
    expect(newestAnnouncements).toHaveBeenCalledWith(student.id);
    expect(announcementsLive).toHaveBeenCalledWith(
      'dashboard',
      ['announcements', 'newest', student.id],
      student.id,
    );
  });

  it('says when there are no announcements, and a failed read in the student’s words, in Spanish', async () => {
    getDashboard.mockResolvedValue(dashboardOf([aCourse()]));
    const first = renderScreen(<DashboardScreen />, { language: 'es' });
    const section = await screen.findByRole('region', { name: 'Anuncios' });
    expect(
      await within(section).findByText('Todavía no hay anuncios en tus cursos.'),
    ).toBeInTheDocument();
    first.unmount();

    newestAnnouncements.mockResolvedValue({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'relation "announcements" does not exist' },
    });
    renderScreen(<DashboardScreen />, { language: 'es' });
    const failed = await screen.findByRole('region', { name: 'Anuncios' });
    expect(
      await within(failed).findByText('No se pudieron cargar los anuncios.'),
    ).toBeInTheDocument();
    expect(within(failed).queryByText(/does not exist/)).not.toBeInTheDocument();
  });
});
