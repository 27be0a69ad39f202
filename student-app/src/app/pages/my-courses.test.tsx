import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authAtom,
  coursesService,
  initialAuthState,
  myCoursesReadModel,
  type Paged,
  type Result,
  type StudentCourse,
} from '@portal/shared-data';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import MyCourses from './my-courses';
import { student } from '../../test-support/fixtures';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  return {
    ...actual,
    myCoursesReadModel: { listForStudent: vi.fn() },
    coursesService: { ...actual.coursesService, unenroll: vi.fn() },
  };
});

const listMyCourses = vi.mocked(myCoursesReadModel.listForStudent);
const unenroll = vi.mocked(coursesService.unenroll);

function aCourse(overrides: Partial<StudentCourse> = {}): StudentCourse {
  return {
    id: 'course-1',
    title: 'Business Spanish',
    description: 'Meetings, email and negotiation',
    language: 'Spanish',
    category: 'business',
    level: 'intermediate',
    duration: 8,
    teacherId: 'teacher-1',
    teacherName: 'Marta López',
    price: 299,
    thumbnailUrl: null,
    isActive: true,
    enrolledCount: 12,
    maxStudents: 30,
    enrollmentId: 'enrollment-1',
    enrollmentStatus: 'active',
    progress: 85,
    enrolledAt: '2025-02-01T09:00:00Z',
    classCount: 6,
    nextClassAt: '2025-03-12T15:00:00Z',
    ...overrides,
  };
}

function pageOf(items: StudentCourse[], total = items.length): Result<Paged<StudentCourse>> {
  return {
    success: true,
    data: { items, total, page: 1, limit: 100, totalPages: Math.ceil(total / 100) },
  };
}

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderMyCourses(options: { language?: 'en' | 'es' } = {}) {
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, user: student, initialized: true });
  return renderWithProviders(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/my-courses']}>
        <Routes>
          <Route path="/my-courses" element={<MyCourses />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
    { language: options.language ?? 'en' },
  );
}

/** Makes the side-column media query match, as on a desktop screen. */
function useWideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('min-width: 62em'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

beforeEach(() => {
  vi.restoreAllMocks();
  listMyCourses.mockReset();
  unenroll.mockReset();
});

describe('My Courses (student)', () => {
  it('shows a loader, then the courses with real progress, teacher and next class', async () => {
    let answer: (result: Result<Paged<StudentCourse>>) => void = () => {};
    listMyCourses.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderMyCourses();

    expect(screen.getByRole('status', { name: 'Loading your courses…' })).toBeInTheDocument();
    answer(
      pageOf([
        aCourse(),
        aCourse({ id: 'course-2', title: 'English B2', progress: 30, nextClassAt: null }),
      ]),
    );

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(screen.getByText('2 courses')).toBeInTheDocument();
    expect(
      within(card).getByRole('progressbar', { name: 'Progress in Business Spanish' }),
    ).toHaveAttribute('aria-valuenow', '85');
    expect(within(card).getByText('85%')).toBeInTheDocument();
    expect(within(card).getByText(/Marta López/)).toBeInTheDocument();
    expect(within(card).getByText('Intermediate')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'English B2' })).getByText(/No upcoming classes/),
    ).toBeInTheDocument();
    expect(listMyCourses).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state with a way to the catalog', async () => {
    listMyCourses.mockResolvedValue(pageOf([]));
    const { user } = renderMyCourses();

    expect(await screen.findByText('You are not enrolled in any courses yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse the Course Catalog' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/catalog');
  });

  it('shows the error with Try again', async () => {
    listMyCourses.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch enrolled courses' },
    });
    listMyCourses.mockResolvedValueOnce(pageOf([aCourse()]));
    const { user } = renderMyCourses();

    expect(await screen.findByText('Error loading courses:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading courses:')).not.toBeInTheDocument();
  });

  it('opens the course detail from the card', async () => {
    listMyCourses.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderMyCourses();

    await user.click(await screen.findByRole('button', { name: 'Open course' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/course-detail/course-1');
  });

  it('on a phone, shows the details in a drawer', async () => {
    listMyCourses.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderMyCourses();

    await user.click(await screen.findByRole('button', { name: 'Details of Business Spanish' }));

    const drawer = await screen.findByRole('dialog', { name: 'Business Spanish' });
    expect(within(drawer).getByText('Meetings, email and negotiation')).toBeInTheDocument();
    expect(within(drawer).getByText('8 weeks')).toBeInTheDocument();
    expect(within(drawer).getByText('12/30 students')).toBeInTheDocument();
    expect(within(drawer).getByText('6')).toBeInTheDocument();
  });

  it('on a wide screen, shows the first course in the side column and follows the selection', async () => {
    useWideScreen();
    listMyCourses.mockResolvedValue(
      pageOf([
        aCourse(),
        aCourse({ id: 'course-2', title: 'English B2', teacherName: 'John Smith' }),
      ]),
    );
    const { user } = renderMyCourses();

    const panel = await screen.findByRole('complementary', { name: 'Course details' });
    expect(within(panel).getByRole('heading', { name: 'Business Spanish' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Details of English B2' }));
    expect(within(panel).getByRole('heading', { name: 'English B2' })).toBeInTheDocument();
    expect(within(panel).getByText('John Smith')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('drops a course after confirmation and reloads the list', async () => {
    useWideScreen();
    listMyCourses.mockResolvedValueOnce(pageOf([aCourse()]));
    listMyCourses.mockResolvedValueOnce(pageOf([]));
    let finish: (result: Result<null>) => void = () => {};
    unenroll.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderMyCourses();

    const panel = await screen.findByRole('complementary', { name: 'Course details' });
    await user.click(within(panel).getByRole('button', { name: 'Drop course' }));
    const dialog = screen.getByRole('dialog', { name: 'Drop this course?' });
    expect(
      within(dialog).getByText(/You will leave Business Spanish and give up your seat/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Drop course' }));
    expect(unenroll).toHaveBeenCalledWith('course-1', 'student-1');

    await act(async () => finish({ success: true, data: null }));

    expect(await screen.findByText('You dropped Business Spanish.')).toBeInTheDocument();
    expect(await screen.findByText('You are not enrolled in any courses yet')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Drop this course?' })).not.toBeInTheDocument(),
    );
    expect(listMyCourses).toHaveBeenCalledTimes(2);
  });

  it('keeps the dialog open with the reason when dropping fails, and can cancel', async () => {
    useWideScreen();
    listMyCourses.mockResolvedValue(pageOf([aCourse()]));
    unenroll.mockResolvedValue({
      success: false,
      error: { code: 'UNENROLL_ERROR', message: 'You are not enrolled in this course' },
    });
    const { user } = renderMyCourses();

    const panel = await screen.findByRole('complementary', { name: 'Course details' });
    await user.click(within(panel).getByRole('button', { name: 'Drop course' }));
    const dialog = screen.getByRole('dialog', { name: 'Drop this course?' });
    await user.click(within(dialog).getByRole('button', { name: 'Drop course' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The course could not be dropped: You are not enrolled in this course',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(listMyCourses).toHaveBeenCalledTimes(1);
  });

  it('speaks Spanish', async () => {
    listMyCourses.mockResolvedValue(pageOf([aCourse()]));
    renderMyCourses({ language: 'es' });

    expect(await screen.findByText('1 curso')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir curso' })).toBeInTheDocument();
    expect(screen.getByText('Progreso')).toBeInTheDocument();
  });
});
