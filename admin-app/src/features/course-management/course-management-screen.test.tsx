import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PUBLIC_SETTINGS,
  announcementsService,
  courseManagementReadModel,
  coursesService,
  fail,
  ok,
  paths,
  settingsService,
  type Course,
  type CourseManagementStats,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { aCourse } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import CourseManagementScreen from './course-management-screen';

// The query and mutation options call these very service objects, so their functions are replaced
// in place (the unit boundary is the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.coursesService, {
    list: vi.fn(),
    delete: vi.fn(),
    listEnrollments: vi.fn(),
  });
  Object.assign(actual.courseManagementReadModel, { stats: vi.fn() });
  Object.assign(actual.usersService, { listTeachers: vi.fn() });
  // The page's public settings (the shell's one read): the school's currency for prices.
  Object.assign(actual.settingsService, { getPublic: vi.fn() });
  Object.assign(actual.announcementsService, {
    forCourse: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
  });
  return actual;
});

const listCourses = vi.mocked(coursesService.list);
const managementStats = vi.mocked(courseManagementReadModel.stats);
const deleteCourse = vi.mocked(coursesService.delete);
const listEnrollments = vi.mocked(coursesService.listEnrollments);
const courseAnnouncements = vi.mocked(announcementsService.forCourse);
const updateAnnouncement = vi.mocked(announcementsService.update);
const removeAnnouncement = vi.mocked(announcementsService.remove);

function paged<T>(items: T[], total = items.length, page = 1, limit = 12): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

const STATS: CourseManagementStats = {
  totalCourses: 40,
  activeCourses: 31,
  totalStudents: 17,
  totalRevenue: 5940.5,
  totalInvoiced: 7000,
  totalOutstanding: 1059.5,
  currency: 'EUR',
  languages: ['English', 'Spanish'],
};

const travel = aCourse({
  id: 'course-2',
  title: 'English for Travel',
  description: 'Airports, hotels and directions',
  language: 'English',
  level: 'beginner',
  isActive: false,
  teacherName: null,
  enrolledCount: 12,
  maxStudents: 12,
  price: 120,
  duration: 4,
});

function renderPage({
  language = 'en',
  path = paths.courses,
}: { language?: Language; path?: string } = {}) {
  return renderScreen(<CourseManagementScreen />, { language, path, route: paths.courses });
}

function statValue(name: string): string {
  const card = screen.getByRole('group', { name });
  const id = card.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

/** Sets a field's text in one change event. */
function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listCourses.mockReset();
  managementStats.mockReset();
  managementStats.mockResolvedValue(ok(STATS));
  vi.mocked(settingsService.getPublic).mockResolvedValue(
    ok({ ...DEFAULT_PUBLIC_SETTINGS, currency: 'EUR' }),
  );
  deleteCourse.mockReset();
  listEnrollments.mockReset();
});

describe('Course Management', () => {
  it('shows a loader while the courses load', async () => {
    listCourses.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading courses…' })).toBeInTheDocument();
  });

  it("shows 'Error loading courses:' with the reason in the user's language, and Try again loads them", async () => {
    listCourses
      .mockResolvedValueOnce(
        fail('FETCH_COURSES_ERROR', 'permission denied for table courses', { code: '42501' }),
      )
      .mockResolvedValueOnce(ok(paged([aCourse()])));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading courses:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(listCourses).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Error loading courses:')).not.toBeInTheDocument();
  });

  it('says the figures could not be loaded when only they fail, and Try again reads them again', async () => {
    listCourses.mockResolvedValue(ok(paged([aCourse()])));
    managementStats
      .mockResolvedValueOnce(fail('FETCH_COURSES_ERROR', 'fetch failed', { status: 500 }))
      .mockResolvedValueOnce(ok(STATS));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading courses:')).toBeInTheDocument();
    expect(statValue('Total Courses')).toBe('—');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(statValue('Total Courses')).toBe('40'));
    expect(listCourses).toHaveBeenCalledTimes(1);
  });

  it("says 'No courses found' when there are none, and offers to create one", async () => {
    listCourses.mockResolvedValue(ok(paged<Course>([])));
    managementStats.mockResolvedValue(
      ok({
        totalCourses: 0,
        activeCourses: 0,
        totalStudents: 0,
        totalRevenue: 0,
        currency: 'EUR',
        languages: [],
      }),
    );
    const { user } = renderPage();

    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    expect(
      screen.getByText('Create the first course and it will appear here.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Revenue')).toBe('€0.00'));
    const create = screen.getAllByRole('button', { name: 'Create Course' });
    expect(create).toHaveLength(2);
    await user.click(create[1]!);
    expect(await screen.findByRole('dialog', { name: 'Create Course' })).toBeInTheDocument();
  });

  // Issue 31: Total Revenue is in the school's billing currency, never in dollars.
  it.each([
    ['en', 'Total Revenue', '€5,940.50'],
    ['es', 'Ingresos totales', '5940,50\u00a0€'],
  ] as const)(
    "shows Total Revenue in the school's currency, in %s",
    async (language, label, value) => {
      listCourses.mockResolvedValue(ok(paged<Course>([])));
      renderPage({ language });

      await waitFor(() => expect(statValue(label)).toBe(value));
      expect(statValue(label)).not.toContain('$');
    },
  );

  it('shows the server totals over every course, and a card per course of the page', async () => {
    // One page of two out of forty: the figures come from the stats call, not from the page.
    listCourses.mockResolvedValue(ok(paged([aCourse(), travel], 40)));
    renderPage();

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    await waitFor(() => expect(statValue('Total Courses')).toBe('40'));
    expect(statValue('Total Students')).toBe('17');
    expect(statValue('Total Revenue')).toBe('€5,940.50');
    // Money received, with invoiced and outstanding beside it (docs/money.md).
    expect(
      screen.getByText(
        'Payments received, less refunds · invoiced €7,000.00 · outstanding €1,059.50',
      ),
    ).toBeInTheDocument();
    expect(statValue('Active Courses')).toBe('31');
    expect(managementStats).toHaveBeenCalledTimes(1);
    expect(listCourses).toHaveBeenCalledTimes(1);
    expect(listCourses).toHaveBeenCalledWith({ page: 1, limit: 12 });
    expect(screen.getByRole('heading', { name: '40 courses' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    // The back of a card is read only when it is turned.
    expect(listEnrollments).not.toHaveBeenCalled();

    expect(card).toHaveTextContent('Intermediate');
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('Meetings, email and negotiation');
    expect(card).toHaveTextContent('Language: Spanish');
    expect(card).toHaveTextContent('Teacher: Marta Ruiz');
    expect(card).toHaveTextContent('Duration: 10 weeks');
    expect(card).toHaveTextContent('Students: 2/30 students');
    // In the school's currency (its public settings, read once for the page), not dollars.
    await waitFor(() => expect(card).toHaveTextContent('Price: €349.50'));
    expect(within(card).getByRole('link', { name: 'Business Spanish' })).toHaveAttribute(
      'href',
      paths.courseDetail('course-1'),
    );
    for (const name of ['View students', 'Add student', 'Edit', 'Delete']) {
      expect(within(card).getByRole('button', { name })).toHaveAccessibleDescription(
        'Business Spanish',
      );
    }

    const full = screen.getByRole('article', { name: 'English for Travel' });
    expect(full).toHaveTextContent('Inactive');
    expect(full).toHaveTextContent('Full');
    expect(full).toHaveTextContent('Teacher: Unknown');
    expect(full).toHaveTextContent('12/12 students');
  });

  it('searches over title and description on the server, and filters by the languages of existing courses', async () => {
    listCourses.mockResolvedValue(ok(paged([aCourse(), travel])));
    managementStats.mockResolvedValue(ok({ ...STATS, languages: ['Spanish'] }));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Business Spanish' });

    fill(screen.getByRole('searchbox', { name: 'Search courses' }), '  negotiation ');
    await waitFor(() =>
      expect(listCourses).toHaveBeenLastCalledWith({ search: 'negotiation', page: 1, limit: 12 }),
    );

    // Only the languages of existing courses are offered.
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    expect(await screen.findByRole('option', { name: 'Spanish' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'English' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Spanish' }));
    await waitFor(() =>
      expect(listCourses).toHaveBeenLastCalledWith({
        search: 'negotiation',
        language: 'Spanish',
        page: 1,
        limit: 12,
      }),
    );
  });

  it('filters by level, and tells an empty result from no courses, with Clear Filters', async () => {
    listCourses.mockImplementation(async (filters) =>
      ok(filters?.level === 'advanced' ? paged<Course>([]) : paged([aCourse(), travel])),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Business Spanish' });

    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'Advanced' }));
    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    expect(screen.getByText('Try another search, language or level.')).toBeInTheDocument();
    expect(listCourses).toHaveBeenLastCalledWith({ level: 'advanced', page: 1, limit: 12 });
    // The figures stay those of every course.
    expect(statValue('Total Courses')).toBe('40');

    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
    expect(await screen.findByRole('article', { name: 'English for Travel' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('All levels');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('All languages');
  });

  it('pages through the courses on the server, 12 a page', async () => {
    listCourses.mockImplementation(async (filters) =>
      ok(
        filters?.page === 2
          ? paged([travel], 13, 2)
          : paged(
              Array.from({ length: 12 }, (_, i) => aCourse({ id: `c${i}`, title: `Course ${i}` })),
              13,
            ),
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Course 0' });
    expect(screen.getAllByRole('article')).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'English for Travel' })).toBeInTheDocument();
    expect(listCourses).toHaveBeenLastCalledWith({ page: 2, limit: 12 });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('opens the course form on arrival with ?new=1', async () => {
    listCourses.mockResolvedValue(ok(paged([aCourse()])));
    renderPage({ path: paths.withNewItem(paths.courses) });
    expect(await screen.findByRole('dialog', { name: 'Create Course' })).toBeInTheDocument();
  });

  it('asks before deleting; a refused delete keeps the question open with the reason, and Delete tries again', async () => {
    listCourses.mockResolvedValue(ok(paged([aCourse(), travel])));
    deleteCourse
      .mockResolvedValueOnce(
        fail('DELETE_COURSES_ERROR', 'new row violates row-level security policy', {
          code: '42501',
        }),
      )
      .mockResolvedValueOnce(ok(null));
    const { user } = renderPage();

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Business Spanish' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this course? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The course was not deleted: You are not allowed to do this.');
    expect(alert).not.toHaveTextContent('row-level security');
    expect(screen.getByRole('dialog', { name: 'Delete Business Spanish' })).toBeInTheDocument();
    expect(deleteCourse).toHaveBeenCalledWith('course-1');

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Course deleted')).toBeInTheDocument();
    expect(deleteCourse).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list and the figures are read again, after the refusal and after the delete.
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(managementStats).toHaveBeenCalledTimes(3));
  });

  it('says how many enrolled students a delete affects (issue 29)', async () => {
    listCourses.mockResolvedValue(
      ok(paged([aCourse({ enrolledCount: 3 }), { ...travel, enrolledCount: 1 }])),
    );
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Business Spanish' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Delete Business Spanish' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this course? This action cannot be undone.',
    );
    expect(dialog).toHaveTextContent(
      '3 students are enrolled: they lose their place in the course, its classes and the work they handed in.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(screen.getByRole('article', { name: travel.title })).getByRole('button', {
        name: 'Delete',
      }),
    );
    dialog = await screen.findByRole('dialog', { name: `Delete ${travel.title}` });
    expect(dialog).toHaveTextContent(
      '1 student is enrolled: they lose their place in the course, its classes and the work they handed in.',
    );
    expect(deleteCourse).not.toHaveBeenCalled();
  });

  it('Cancel leaves the course alone', async () => {
    listCourses.mockResolvedValue(ok(paged([aCourse()])));
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Business Spanish' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteCourse).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    listCourses.mockResolvedValue(ok(paged([aCourse()])));
    const { user } = renderPage({ language: 'es' });

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    await waitFor(() => expect(statValue('Total de cursos')).toBe('40'));
    expect(statValue('Ingresos totales')).toMatch(/^5\s?940,50\s€$/);
    expect(screen.getByRole('group', { name: 'Total de estudiantes' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Cursos activos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 curso' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Activo');
    expect(card).toHaveTextContent('Idioma: Español');
    for (const name of ['Ver estudiantes', 'Agregar estudiante', 'Editar', 'Eliminar']) {
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('searchbox', { name: 'Buscar cursos' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Business Spanish' });
    expect(dialog).toHaveTextContent(
      '¿Seguro que quieres eliminar este curso? Esta acción no se puede deshacer.',
    );
    expect(dialog).toHaveTextContent(
      '2 estudiantes tienen una inscripción activa: perderán su plaza en el curso, sus clases y los trabajos que entregaron.',
    );
  });

  it("says 'No se encontraron cursos' and 'Error al cargar los cursos:' in Spanish", async () => {
    listCourses
      .mockResolvedValueOnce(fail('FETCH_COURSES_ERROR', 'boom', { status: 500 }))
      .mockResolvedValueOnce(ok(paged<Course>([])));
    const { user } = renderPage({ language: 'es' });
    expect(await screen.findByText('Error al cargar los cursos:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('No se encontraron cursos')).toBeInTheDocument();
  });
});

describe('Course Management: announcements', () => {
  const news = {
    id: 'a-1',
    courseId: 'course-2',
    courseTitle: null,
    title: 'Trip moved',
    body: 'See you **Monday**',
    pinned: false,
    emailed: true,
    createdAt: '2025-03-10T09:00:00Z',
    updatedAt: '2025-03-10T09:00:00Z',
  };

  // The drawer's wiring (list, post, edit, pin, delete, failures) is shared-data's
  // useCourseAnnouncementsDrawer, tested once there; these prove the card opens it wired to the service.
  it("opens any course's announcements from its card, wired to the course's list and writes", async () => {
    listCourses.mockResolvedValue(ok(paged([travel])));
    courseAnnouncements.mockResolvedValue(ok([news]));
    updateAnnouncement.mockResolvedValue(ok({ ...news, pinned: true }));
    const { user } = renderPage();

    const card = await screen.findByRole('article', { name: 'English for Travel' });
    await user.click(within(card).getByRole('button', { name: 'Announcements' }));
    const drawer = await screen.findByRole('dialog', { name: 'Announcements: English for Travel' });
    const item = await within(drawer).findByRole('article', { name: 'Trip moved' });
    expect(courseAnnouncements).toHaveBeenCalledWith('course-2');
    expect(within(item).getByText('Emailed to the students')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Actions for “Trip moved”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pin to the top' }));
    await waitFor(() => expect(updateAnnouncement).toHaveBeenCalledWith('a-1', { pinned: true }));
  });

  it('speaks Spanish and says why a delete was refused', async () => {
    listCourses.mockResolvedValue(ok(paged([travel])));
    courseAnnouncements.mockResolvedValue(ok([news]));
    removeAnnouncement.mockResolvedValue(
      fail('DELETE_COURSES_ERROR', 'permission denied for table announcements'),
    );
    const { user } = renderPage({ language: 'es' });

    const card = await screen.findByRole('article', { name: 'English for Travel' });
    await user.click(within(card).getByRole('button', { name: 'Anuncios' }));
    const drawer = await screen.findByRole('dialog', { name: 'Anuncios: English for Travel' });
    const item = await within(drawer).findByRole('article', { name: 'Trip moved' });
    await user.click(within(item).getByRole('button', { name: 'Acciones de «Trip moved»' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar este anuncio?' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await within(confirm).findByText(/No se eliminó el anuncio/)).toBeInTheDocument();
    expect(within(confirm).queryByText(/permission denied/)).not.toBeInTheDocument();
  });
});
