import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  coursesService,
  myCoursesReadModel,
  type Paged,
  type Result,
  type StudentCourse,
} from '@portal/shared-data';
import { mediaQueryList } from '@portal/shared-ui/test-utils';
import { renderScreen } from '../../test-support/render-screen';
import MyCoursesScreen from './my-courses-screen';

// The query and mutation options call these objects from inside shared-data, so the test
// replaces their functions in place (the unit boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.myCoursesReadModel.listForStudent = vi.fn();
  actual.coursesService.unenroll = vi.fn();
  // The waiting lists section (its own tests: ../waiting-list/my-waiting-lists.test.tsx).
  actual.waitingListService.mine = vi.fn(() =>
    Promise.resolve({ success: true as const, data: [] }),
  );
  // The held seats section (its own tests: my-held-seats.test.tsx).
  actual.billingService.mySeatHolds = vi.fn(() =>
    Promise.resolve({ success: true as const, data: [] }),
  );
  return actual;
});
vi.mock('@portal/shared-data/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@portal/shared-data/queries')>()),
  useWaitingListLive: vi.fn(),
}));

const listMyCourses = vi.mocked(myCoursesReadModel.listForStudent);
const unenroll = vi.mocked(coursesService.unenroll);

const PAGE_SIZE = 12;

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

function pageOf(
  items: StudentCourse[],
  total = items.length,
  page = 1,
): Result<Paged<StudentCourse>> {
  return {
    success: true,
    data: { items, total, page, limit: PAGE_SIZE, totalPages: Math.ceil(total / PAGE_SIZE) },
  };
}

const renderMyCourses = (options: { language?: 'en' | 'es' } = {}) =>
  renderScreen(<MyCoursesScreen />, { path: '/my-courses', ...options });

let matchMedia: ReturnType<typeof vi.spyOn> | null = null;

/** Makes the side-column media query match, as on a desktop screen. */
function useWideScreen() {
  matchMedia = vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) =>
      mediaQueryList(query, query.includes('min-width: 62em')),
    );
}

beforeEach(() => {
  listMyCourses.mockReset();
  unenroll.mockReset();
});

afterEach(() => {
  matchMedia?.mockRestore();
  matchMedia = null;
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
    expect(listMyCourses).toHaveBeenCalledWith({ page: 1 });
  });

  it('shows the empty state with a way to the catalog', async () => {
    listMyCourses.mockResolvedValue(pageOf([]));
    renderMyCourses();

    expect(await screen.findByText('You are not enrolled in any courses yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Course Catalog' })).toHaveAttribute(
      'href',
      '/catalog',
    );
  });

  it('shows a translated error with Try again', async () => {
    listMyCourses.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'JWT expired', details: { code: 'PGRST301' } },
    });
    listMyCourses.mockResolvedValueOnce(pageOf([aCourse()]));
    const { user } = renderMyCourses();

    expect(await screen.findByText('Error loading courses:')).toBeInTheDocument();
    expect(screen.queryByText(/JWT expired/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading courses:')).not.toBeInTheDocument();
  });

  it('links the title and Open course to the course detail page', async () => {
    listMyCourses.mockResolvedValue(pageOf([aCourse({ id: 'c/42' })]));
    renderMyCourses();

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(within(card).getByRole('link', { name: 'Open course' })).toHaveAttribute(
      'href',
      '/course-detail/c%2F42',
    );
    expect(within(card).getByRole('link', { name: 'Business Spanish' })).toHaveAttribute(
      'href',
      '/course-detail/c%2F42',
    );
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
    expect(within(drawer).getByRole('link', { name: 'Open course' })).toHaveAttribute(
      'href',
      '/course-detail/course-1',
    );
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

  it('drops a course after confirmation and the list refetches', async () => {
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

  it('keeps the dialog open with a translated reason when dropping fails, and can cancel', async () => {
    useWideScreen();
    listMyCourses.mockResolvedValue(pageOf([aCourse()]));
    unenroll.mockResolvedValue({
      success: false,
      error: { code: 'UNENROLL_ERROR', message: 'You are not enrolled in this course' },
    });
    const { user } = renderMyCourses({ language: 'es' });

    const panel = await screen.findByRole('complementary', { name: 'Detalles del curso' });
    await user.click(within(panel).getByRole('button', { name: 'Abandonar curso' }));
    const dialog = screen.getByRole('dialog', { name: '¿Abandonar este curso?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abandonar curso' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No se pudo abandonar el curso: No hay inscripción en este curso.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    // A refused drop reads the list again, as a successful one does (docs/product-rules.md).
    await waitFor(() => expect(listMyCourses).toHaveBeenCalledTimes(2));
  });

  it('shows the page before when the last course of the last page is dropped', async () => {
    let total = 13;
    listMyCourses.mockImplementation(async (paging) => {
      const page = paging?.page ?? 1;
      const items =
        page > Math.ceil(total / PAGE_SIZE)
          ? []
          : [aCourse({ id: `c-${page}`, title: `Page ${page} course` })];
      return pageOf(items, total, page);
    });
    unenroll.mockImplementation(async () => {
      total = 12;
      return { success: true, data: null };
    });
    const { user } = renderMyCourses();

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Details of Page 2 course' }));
    const drawer = await screen.findByRole('dialog', { name: 'Page 2 course' });
    await user.click(within(drawer).getByRole('button', { name: 'Drop course' }));
    const confirm = screen.getByRole('dialog', { name: 'Drop this course?' });
    await user.click(within(confirm).getByRole('button', { name: 'Drop course' }));

    expect(await screen.findByRole('article', { name: 'Page 1 course' })).toBeInTheDocument();
    expect(await screen.findByText('12 courses')).toBeInTheDocument();
    expect(screen.queryByText('You are not enrolled in any courses yet')).not.toBeInTheDocument();
  });

  it('keeps the page on show, marked as updating, while the next one loads', async () => {
    let answerPage2: (result: Result<Paged<StudentCourse>>) => void = () => {};
    listMyCourses.mockImplementation((paging) =>
      (paging?.page ?? 1) === 1
        ? Promise.resolve(pageOf([aCourse({ id: 'c-1', title: 'Page 1 course' })], 13, 1))
        : new Promise((resolve) => (answerPage2 = resolve)),
    );
    const { user } = renderMyCourses();

    expect(await screen.findByRole('heading', { name: '13 courses' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Updating the list…')).toBeInTheDocument();
    const shown = screen.getByRole('article', { name: 'Page 1 course' });
    expect(shown.closest('[aria-busy="true"]')).not.toBeNull();

    answerPage2(pageOf([aCourse({ id: 'c-2', title: 'Page 2 course' })], 13, 2));
    expect(await screen.findByRole('article', { name: 'Page 2 course' })).toBeInTheDocument();
    expect(screen.queryByText('Updating the list…')).not.toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    listMyCourses.mockResolvedValue(pageOf([aCourse()]));
    renderMyCourses({ language: 'es' });

    expect(await screen.findByText('1 curso')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir curso' })).toBeInTheDocument();
    expect(screen.getByText('Progreso')).toBeInTheDocument();
  });

  it('names a teacher whose profile is gone in the student language, on the card and in the details', async () => {
    useWideScreen();
    listMyCourses.mockResolvedValue(pageOf([aCourse({ teacherName: null })]));
    renderMyCourses({ language: 'es' });

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(within(card).getByText(/Desconocido/)).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Detalles del curso' });
    expect(within(panel).getByText('Desconocido')).toBeInTheDocument();
    expect(screen.queryByText(/Unknown/)).not.toBeInTheDocument();
  });
});
