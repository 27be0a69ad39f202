import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authAtom,
  catalogReadModel,
  coursesService,
  initialAuthState,
  type AppUser,
  type CatalogCourse,
  type Paged,
  type Result,
} from '@portal/shared-data';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import CourseCatalog from './catalog';
import { student } from '../../test-support/fixtures';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  return {
    ...actual,
    catalogReadModel: { list: vi.fn(), listLanguages: vi.fn() },
    coursesService: { ...actual.coursesService, enroll: vi.fn() },
  };
});

const listCatalog = vi.mocked(catalogReadModel.list);
const listLanguages = vi.mocked(catalogReadModel.listLanguages);
const enroll = vi.mocked(coursesService.enroll);

function aCourse(overrides: Partial<CatalogCourse> = {}): CatalogCourse {
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
    enrolledCount: 12,
    maxStudents: 30,
    isFull: false,
    averageRating: 4.5,
    reviewCount: 2,
    isEnrolled: false,
    createdAt: '2025-01-05T10:00:00Z',
    ...overrides,
  };
}

function pageOf(
  items: CatalogCourse[],
  total = items.length,
  page = 1,
): Result<Paged<CatalogCourse>> {
  return {
    success: true,
    data: { items, total, page, limit: 12, totalPages: Math.ceil(total / 12) },
  };
}

function renderCatalog(options: { language?: 'en' | 'es'; user?: AppUser | null } = {}) {
  const store = createStore();
  store.set(authAtom, {
    ...initialAuthState,
    user: options.user === undefined ? student : options.user,
    initialized: true,
  });
  return renderWithProviders(
    <Provider store={store}>
      <MemoryRouter>
        <CourseCatalog />
      </MemoryRouter>
    </Provider>,
    { language: options.language ?? 'en' },
  );
}

beforeEach(() => {
  listCatalog.mockReset();
  listLanguages.mockReset();
  enroll.mockReset();
  listLanguages.mockResolvedValue({ success: true, data: ['Spanish', 'English'] });
});

describe('Course Catalog', () => {
  it('shows a loader, then the courses in cards with the count, real rating and price', async () => {
    let answer: (result: Result<Paged<CatalogCourse>>) => void = () => {};
    listCatalog.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderCatalog();

    expect(screen.getByRole('status', { name: 'Loading courses…' })).toBeInTheDocument();
    answer(
      pageOf([
        aCourse(),
        aCourse({ id: 'course-2', title: 'English B2', averageRating: null, reviewCount: 0 }),
      ]),
    );

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(screen.getByText('2 courses available')).toBeInTheDocument();
    expect(within(card).getByText('Intermediate')).toBeInTheDocument();
    expect(within(card).getByText('8 weeks')).toBeInTheDocument();
    expect(within(card).getByText('12/30 students')).toBeInTheDocument();
    expect(within(card).getByText('Marta López')).toBeInTheDocument();
    expect(within(card).getByText('4.5')).toBeInTheDocument();
    expect(within(card).getByText('$299.00 total')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'English B2' })).getByText('No ratings yet'),
    ).toBeInTheDocument();
    expect(listCatalog).toHaveBeenCalledTimes(1);
    expect(listCatalog).toHaveBeenCalledWith({
      search: '',
      language: undefined,
      level: undefined,
      page: 1,
    });
    expect(listLanguages).toHaveBeenCalledTimes(1);
  });

  it('says when there are no courses, and when nothing matches the filters', async () => {
    listCatalog.mockResolvedValue(pageOf([]));
    const { user } = renderCatalog();

    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    expect(screen.getByText('0 courses available')).toBeInTheDocument();
    expect(screen.getByText(/no courses open for enrollment/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Level'), 'advanced');
    expect(await screen.findByText(/No course matches your search/)).toBeInTheDocument();
  });

  it('shows the error with Try again', async () => {
    listCatalog.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch courses' },
    });
    listCatalog.mockResolvedValueOnce(pageOf([aCourse()]));
    const { user } = renderCatalog();

    expect(await screen.findByText('Error loading courses:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading courses:')).not.toBeInTheDocument();
  });

  it('searches (debounced), filters by language and level, and clears the filters', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderCatalog();
    await screen.findByRole('article', { name: 'Business Spanish' });

    const languageSelect = screen.getByLabelText('Language');
    expect(
      within(languageSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All languages', 'Spanish', 'English']);
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'Email');
    await waitFor(() =>
      expect(listCatalog).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'Email' })),
    );
    // Typing fast sends one search, not one per key.
    expect(
      listCatalog.mock.calls.filter(([filters]) => filters?.search && filters.search !== 'Email'),
    ).toEqual([]);

    await user.selectOptions(languageSelect, 'English');
    await user.selectOptions(screen.getByLabelText('Level'), 'advanced');
    await waitFor(() =>
      expect(listCatalog).toHaveBeenLastCalledWith({
        search: 'Email',
        language: 'English',
        level: 'advanced',
        page: 1,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() =>
      expect(listCatalog).toHaveBeenLastCalledWith({
        search: '',
        language: undefined,
        level: undefined,
        page: 1,
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('');
  });

  it('pages through more than 12 courses and goes back to page 1 on a new filter', async () => {
    listCatalog.mockImplementation(async (filters) =>
      pageOf([aCourse({ id: `c-${filters?.page}` })], 30, filters?.page ?? 1),
    );
    const { user } = renderCatalog();
    await screen.findByText('30 courses available');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(listCatalog).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })),
    );
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Level'), 'beginner');
    await waitFor(() =>
      expect(listCatalog).toHaveBeenLastCalledWith(
        expect.objectContaining({ level: 'beginner', page: 1 }),
      ),
    );
  });

  it('refreshes the courses and the language options', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderCatalog();
    await screen.findByRole('article', { name: 'Business Spanish' });

    await user.click(screen.getByRole('button', { name: 'Refresh Courses' }));

    await waitFor(() => expect(listCatalog).toHaveBeenCalledTimes(2));
    expect(listLanguages).toHaveBeenCalledTimes(2);
  });

  it('enrolls: overlay while it runs, success message, and the reloaded card shows Enrolled', async () => {
    listCatalog.mockResolvedValueOnce(pageOf([aCourse()]));
    listCatalog.mockResolvedValueOnce(pageOf([aCourse({ isEnrolled: true, enrolledCount: 13 })]));
    let finish: (result: Result<null>) => void = () => {};
    enroll.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderCatalog();

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    expect(enroll).toHaveBeenCalledWith('course-1', 'student-1');
    expect(screen.getByText('Enrolling in course…')).toBeInTheDocument();

    await act(async () => finish({ success: true, data: null }));

    expect(await screen.findByText('Successfully enrolled in course!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enrolled' })).toBeDisabled();
    expect(screen.getByText('13/30 students')).toBeInTheDocument();
    expect(screen.queryByText('Enrolling in course…')).not.toBeInTheDocument();
  });

  it("shows the server's reason when enrolling is refused", async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    enroll.mockResolvedValue({
      success: false,
      error: { code: 'ENROLLMENT_ERROR', message: 'This course is full' },
    });
    const { user } = renderCatalog();

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));

    expect(await screen.findByText('This course is full')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
  });

  it('falls back to the SPEC text when enrolling fails without a reason', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    enroll.mockResolvedValue({
      success: false,
      error: { code: 'ENROLL_ERROR', message: 'Failed to fetch' },
    });
    const { user } = renderCatalog();

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));

    expect(
      await screen.findByText('Failed to enroll in course. Please try again.'),
    ).toBeInTheDocument();
  });

  it('shows Full for a full course, which cannot be enrolled', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse({ enrolledCount: 30, isFull: true })]));
    renderCatalog();

    expect(await screen.findByRole('button', { name: 'Full' })).toBeDisabled();
    expect(screen.getByText('This course is currently full')).toBeInTheDocument();
  });

  it('asks to log in before enrolling', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderCatalog({ user: null });

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));

    expect(await screen.findByText('Please log in to enroll in courses')).toBeInTheDocument();
    expect(enroll).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    renderCatalog({ language: 'es' });

    expect(await screen.findByText('1 curso disponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Borrar filtros' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar cursos' })).toBeInTheDocument();
  });
});
