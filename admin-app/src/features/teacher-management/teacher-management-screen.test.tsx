import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PUBLIC_SETTINGS,
  settingsService,
  teacherManagementReadModel,
  fail,
  ok,
  teachersService,
  usersService,
  type ManagedTeacher,
  type Paged,
  type TeacherFilters,
  type TeacherStats,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { aPerson, admin } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import TeacherManagementScreen from './teacher-management-screen';

// The query and mutation options call these very service objects, so their functions are replaced
// in place (the unit boundary is the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.teachersService, {
    create: vi.fn(),
    update: vi.fn(),
    setActive: vi.fn(),
    delete: vi.fn(),
  });
  Object.assign(actual.usersService, { listTeachers: vi.fn() });
  Object.assign(actual.teacherManagementReadModel, { page: vi.fn(), stats: vi.fn() });
  // The school's default language, which a new teacher's account gets unless another is chosen.
  Object.assign(actual.settingsService, { getPublic: vi.fn() });
  return actual;
});

const listTeachers = vi.mocked(teacherManagementReadModel.page);
const teacherStats = vi.mocked(teacherManagementReadModel.stats);
const createTeacher = vi.mocked(teachersService.create);
const updateTeacher = vi.mocked(teachersService.update);
const setActive = vi.mocked(teachersService.setActive);
const deleteTeacher = vi.mocked(teachersService.delete);
const reassignTargets = vi.mocked(usersService.listTeachers);

function aTeacher(overrides: Partial<ManagedTeacher> = {}): ManagedTeacher {
  return {
    ...aPerson({ role: 'teacher' }),
    id: 't-ana',
    email: 'ana.gil@school.test',
    firstName: 'Ana',
    lastName: 'Gil',
    phone: '+34 600 111 222',
    location: 'Madrid',
    bio: 'Grammar lover.',
    createdAt: '2026-02-10T10:00:00Z',
    specializations: ['Business Spanish', 'Grammar'],
    courseCount: 7,
    activeCourseCount: 6,
    courses: [
      { id: 'c-1', title: 'Business Spanish', isActive: true },
      { id: 'c-2', title: 'Spanish Grammar B1', isActive: true },
      { id: 'c-3', title: 'Old Spanish', isActive: false },
      { id: 'c-4', title: 'Spanish A2', isActive: true },
      { id: 'c-5', title: 'Spanish A1', isActive: true },
    ],
    studentCount: 42,
    averageRating: 4.5,
    reviewCount: 12,
    ...overrides,
  };
}

const ana = aTeacher();
const leo = aTeacher({
  id: 't-leo',
  email: 'leo.paz@school.test',
  firstName: 'Leo',
  lastName: 'Paz',
  phone: null,
  location: null,
  specializations: [],
  courseCount: 0,
  activeCourseCount: 0,
  courses: [],
  studentCount: 0,
  averageRating: null,
  reviewCount: 0,
  isActive: false,
});
const daniel = aPerson({
  id: 't-daniel',
  role: 'teacher',
  firstName: 'Daniel',
  lastName: 'Ortega',
  email: 'teacher@school.test',
});

const STATS: TeacherStats = {
  totalTeachers: 5,
  activeTeachers: 4,
  inactiveTeachers: 1,
  coursesTaught: 9,
  unassignedCourses: 2,
  activeStudents: 26,
  averageRating: 4.43,
  reviewCount: 14,
  specializations: ['Business Spanish', 'Conversation', 'Grammar'],
};

function paged<T>(items: T[], total = items.length, page = 1, limit = 12): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

function renderPage(language: Language = 'en') {
  return renderScreen(<TeacherManagementScreen />, { language, user: admin, path: '/teachers' });
}

function stat(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

function statValue(name: string): string {
  const id = stat(name).getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

/** A teacher's card, found by their name. */
function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

/** Sets a field's text in one change event. */
function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  vi.mocked(settingsService.getPublic).mockResolvedValue(
    ok({ ...DEFAULT_PUBLIC_SETTINGS, defaultLanguage: 'es' }),
  );
  listTeachers.mockReset();
  teacherStats.mockReset();
  teacherStats.mockResolvedValue(ok(STATS));
  reassignTargets.mockResolvedValue(
    ok([
      daniel,
      aPerson({ id: 't-ana', role: 'teacher', firstName: 'Ana', lastName: 'Gil' }),
      aPerson({
        id: 't-old',
        role: 'teacher',
        firstName: 'Olga',
        lastName: 'Ruiz',
        isActive: false,
      }),
      aPerson({ id: 't-bea', role: 'teacher', firstName: 'Beatriz', lastName: 'Soto' }),
    ]),
  );
});

describe('Teacher Management: the list', () => {
  it('agrees the Spanish counts with their number (1 activo, never 1 activos)', async () => {
    teacherStats.mockResolvedValue(ok({ ...STATS, activeTeachers: 1, inactiveTeachers: 1 }));
    listTeachers.mockResolvedValue(
      ok(paged([aTeacher({ courseCount: 1, activeCourseCount: 1 })], 1)),
    );
    renderPage('es');

    const ana = await screen.findByRole('article', { name: 'Ana Gil' });
    expect(ana).toHaveTextContent('1 activo');
    expect(ana).not.toHaveTextContent('1 activos');
    await waitFor(() => expect(stat('Total de docentes')).toHaveTextContent('1 activo'));
    expect(stat('Total de docentes')).not.toHaveTextContent('1 activos');
    expect(stat('Total de docentes')).toHaveTextContent('1 desactivado');
    expect(stat('Total de docentes')).not.toHaveTextContent('1 desactivados');
  });

  it('shows a loader while the teachers load', async () => {
    listTeachers.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading teachers…' })).toBeInTheDocument();
  });

  it('shows the figures over every teacher and a card per teacher of the page', async () => {
    listTeachers.mockResolvedValue(ok(paged([ana, leo], 14)));
    renderPage();

    expect(await screen.findByRole('article', { name: 'Ana Gil' })).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Teachers')).toBe('5'));
    expect(stat('Total Teachers')).toHaveTextContent('4 active · 1 deactivated');
    expect(statValue('Courses Taught')).toBe('9');
    expect(stat('Courses Taught')).toHaveTextContent('2 courses without a teacher');
    expect(statValue('Active Students')).toBe('26');
    expect(statValue('Average Rating')).toBe('4.4');
    expect(stat('Average Rating')).toHaveTextContent('From 14 reviews');
    expect(teacherStats).toHaveBeenCalledTimes(1);
    expect(listTeachers).toHaveBeenCalledTimes(1);
    expect(listTeachers).toHaveBeenCalledWith({ page: 1, limit: 12 });
    expect(screen.getByRole('heading', { name: '14 teachers' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    const anaCard = card('Ana Gil');
    expect(anaCard).toHaveTextContent('Active');
    expect(anaCard).toHaveTextContent('ana.gil@school.test');
    expect(anaCard).toHaveTextContent('+34 600 111 222');
    const specializations = within(anaCard).getByRole('list', { name: 'Specializations' });
    expect(
      within(specializations)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Business Spanish', 'Grammar']);
    expect(anaCard).toHaveTextContent('7 courses');
    expect(anaCard).toHaveTextContent('6 active');
    expect(anaCard).toHaveTextContent('42');
    expect(within(anaCard).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(anaCard).toHaveTextContent('12 reviews');
    const courses = within(anaCard).getByRole('list', { name: 'Their courses' });
    expect(within(courses).getAllByRole('listitem')).toHaveLength(5);
    expect(courses).toHaveTextContent('Old Spanish (inactive)');
    expect(anaCard).toHaveTextContent('and 2 more courses');
    expect(within(anaCard).getByRole('button', { name: 'Deactivate' })).toBeEnabled();

    const leoCard = card('Leo Paz');
    expect(leoCard).toHaveTextContent('Deactivated');
    expect(leoCard).toHaveTextContent('No specializations yet');
    expect(leoCard).toHaveTextContent('No courses yet');
    expect(leoCard).toHaveTextContent('No ratings yet');
    expect(within(leoCard).getByRole('button', { name: 'Reactivate' })).toBeEnabled();
  });

  it("says 'No ratings yet' when nobody has reviewed a course", async () => {
    teacherStats.mockResolvedValue(ok({ ...STATS, averageRating: null, reviewCount: 0 }));
    listTeachers.mockResolvedValue(ok(paged([leo])));
    renderPage();
    await screen.findByRole('article', { name: 'Leo Paz' });
    await waitFor(() => expect(statValue('Average Rating')).toBe('No ratings yet'));
    expect(stat('Average Rating')).not.toHaveTextContent('From');
  });

  it("shows 'Error loading teachers:' with the reason in the user's language, and Try again loads them", async () => {
    listTeachers
      .mockResolvedValueOnce(
        fail('FETCH_USERS_ERROR', 'Only administrators can manage teachers', { code: '42501' }),
      )
      .mockResolvedValueOnce(ok(paged([ana])));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading teachers:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText(/Only administrators/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Ana Gil' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading teachers:')).not.toBeInTheDocument();
  });

  it('shows the error when only the figures fail, and Try again reads them again', async () => {
    listTeachers.mockResolvedValue(ok(paged([ana])));
    teacherStats
      .mockResolvedValueOnce(fail('USER_STATS_ERROR', 'boom'))
      .mockResolvedValueOnce(ok(STATS));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading teachers:')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ana Gil' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(statValue('Total Teachers')).toBe('5'));
    expect(listTeachers).toHaveBeenCalledTimes(1);
  });

  it("says 'No teachers found' when there are none, and offers to add one", async () => {
    listTeachers.mockResolvedValue(ok(paged<ManagedTeacher>([])));
    const { user } = renderPage();
    expect(await screen.findByText('No teachers found')).toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: 'Add Teacher' });
    expect(addButtons).toHaveLength(2);
    await user.click(addButtons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Add Teacher' })).toBeInTheDocument();
  });

  it(
    'searches, filters by specialization and status on the server, and clears the filters',
    { timeout: 20_000 },
    async () => {
      listTeachers.mockImplementation(async (filters?: TeacherFilters) =>
        ok(filters?.search === 'zzz' ? paged<ManagedTeacher>([]) : paged([ana, leo])),
      );
      const { user } = renderPage();
      await screen.findByRole('article', { name: 'Ana Gil' });

      await user.click(screen.getByRole('searchbox', { name: 'Search teachers' }));
      await user.paste('  gil ');
      await waitFor(() =>
        expect(listTeachers).toHaveBeenLastCalledWith({ search: 'gil', page: 1, limit: 12 }),
      );

      await user.click(screen.getByRole('combobox', { name: 'Specialization' }));
      await user.click(await screen.findByRole('option', { name: 'Grammar' }));
      await user.click(screen.getByRole('radio', { name: 'Deactivated' }));
      await waitFor(() =>
        expect(listTeachers).toHaveBeenLastCalledWith({
          search: 'gil',
          specialization: 'Grammar',
          isActive: false,
          page: 1,
          limit: 12,
        }),
      );

      fill(screen.getByRole('searchbox', { name: 'Search teachers' }), 'zzz');
      expect(await screen.findByText('No teachers found')).toBeInTheDocument();
      // The figures stay those of every teacher.
      expect(statValue('Total Teachers')).toBe('5');

      await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
      expect(await screen.findByRole('article', { name: 'Ana Gil' })).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search teachers' })).toHaveValue('');
      expect(screen.getByRole('combobox', { name: 'Specialization' })).toHaveValue(
        'All specializations',
      );
      expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    },
  );

  it('pages through the teachers on the server', async () => {
    listTeachers.mockImplementation(async (filters?: TeacherFilters) =>
      ok(filters?.page === 2 ? paged([leo], 13, 2) : paged([ana], 13)),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Ana Gil' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Leo Paz' })).toBeInTheDocument();
    expect(listTeachers).toHaveBeenLastCalledWith({ page: 2, limit: 12 });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});

describe('Teacher Management: add and edit', () => {
  beforeEach(() => {
    listTeachers.mockResolvedValue(ok(paged([ana, leo])));
  });

  async function openCreate(user: ReturnType<typeof renderPage>['user'], name = 'Add Teacher') {
    await screen.findByRole('article', { name: 'Ana Gil' });
    await user.click(screen.getAllByRole('button', { name })[0]!);
    return screen.findByRole('dialog', { name });
  }

  it('opens Add Teacher when the dashboard sends the admin here (?new=1)', async () => {
    listTeachers.mockResolvedValue(ok(paged([ana])));
    renderScreen(<TeacherManagementScreen />, {
      user: admin,
      path: '/teachers?new=1',
      route: '/teachers',
    });
    expect(await screen.findByRole('dialog', { name: 'Add Teacher' })).toBeInTheDocument();
  });

  it('names every missing field and sends nothing', async () => {
    const { user } = renderPage();
    const dialog = await openCreate(user);
    expect(within(dialog).getByRole('textbox', { name: /First name/ })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Add Teacher' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(createTeacher).not.toHaveBeenCalled();

    fill(within(dialog).getByRole('textbox', { name: /First name/ }), 'Nuria');
    expect(within(dialog).queryByText('First name is required')).not.toBeInTheDocument();
  });

  it(
    'adds a teacher with specializations through the function, then shows the password once',
    { timeout: 20_000 },
    async () => {
      createTeacher.mockResolvedValue(
        ok({
          user: {
            ...aPerson({ id: 't-new', role: 'teacher', firstName: 'Nuria', lastName: 'Vidal' }),
            email: 'nuria@school.test',
            specializations: ['Drama', 'Conversation'],
          },
          temporaryPassword: 'Tq7!pXr2-mKw9zBe',
        }),
      );
      const { user } = renderPage();
      const dialog = await openCreate(user);

      fill(within(dialog).getByRole('textbox', { name: /First name/ }), ' Nuria ');
      fill(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Vidal');
      fill(within(dialog).getByRole('textbox', { name: /Email/ }), 'nuria@school.test');
      const tags = within(dialog).getByRole('combobox', { name: /Specializations/ });
      await user.type(tags, 'Drama{Enter}');
      await user.type(tags, 'Conv');
      // Specializations in use are suggested.
      await user.click(await screen.findByRole('option', { name: 'Conversation' }));
      expect(dialog).toHaveTextContent('(2/10)');
      fill(within(dialog).getByRole('textbox', { name: /Location/ }), 'Bilbao');
      await user.click(within(dialog).getByRole('button', { name: 'Add Teacher' }));

      const shown = await screen.findByRole('dialog', { name: 'Teacher added' });
      expect(createTeacher).toHaveBeenCalledWith({
        email: 'nuria@school.test',
        firstName: 'Nuria',
        lastName: 'Vidal',
        phone: null,
        location: 'Bilbao',
        bio: null,
        specializations: ['Drama', 'Conversation'],
        // The school's default, shown by the form and sent, so the welcome email matches it.
        language: 'es',
      });
      expect(shown).toHaveTextContent('Tq7!pXr2-mKw9zBe');
      expect(shown).toHaveTextContent('nuria@school.test');
      expect(await screen.findByText('Teacher added.')).toBeInTheDocument();

      await user.click(within(shown).getByRole('button', { name: 'Done' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Teacher added' })).not.toBeInTheDocument(),
      );
      expect(screen.queryByText('Tq7!pXr2-mKw9zBe')).not.toBeInTheDocument();
    },
  );

  it("shows the server's reason in the dialog and keeps what was typed", async () => {
    createTeacher.mockResolvedValue(
      fail('CREATE_USERS_ERROR', 'A user with this email already exists', {
        status: 409,
        code: 'EMAIL_TAKEN',
      }),
    );
    const { user } = renderPage('es');
    const dialog = await openCreate(user, 'Añadir docente');
    fill(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Ana');
    fill(within(dialog).getByRole('textbox', { name: /Apellido/ }), 'Gil');
    fill(within(dialog).getByRole('textbox', { name: /Email/ }), 'ana.gil@school.test');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir docente' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('La cuenta docente no se guardó:');
    expect(alert).toHaveTextContent('Ya existe un usuario con este correo electrónico.');
    expect(screen.queryByText('A user with this email already exists')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue(
      'ana.gil@school.test',
    );
  });

  it('refuses more specializations than allowed with its own message', async () => {
    updateTeacher.mockResolvedValue(
      fail(
        'UPDATE_USERS_ERROR',
        'new row for relation "users" violates check constraint "users_specializations_items"',
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Ana Gil' });
    await user.click(within(card('Ana Gil')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Teacher' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Each specialization must have 1 to 40 characters, and none can appear twice.',
    );
  });

  it('edits a teacher: the email cannot change, specializations can', async () => {
    updateTeacher.mockResolvedValue(
      ok({ ...ana, specializations: ['Business Spanish', 'Phonetics'] }),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Ana Gil' });
    await user.click(within(card('Ana Gil')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Teacher' });

    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    expect(email).toHaveValue('ana.gil@school.test');
    expect(email).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: /Location/ })).toHaveValue('Madrid');

    // Backspace removes the last one ("Grammar"); then "Phonetics" is added.
    const tags = within(dialog).getByRole('combobox', { name: /Specializations/ });
    await user.type(tags, '{Backspace}Phonetics{Enter}');
    fill(within(dialog).getByRole('textbox', { name: /Phone/ }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Teacher updated.')).toBeInTheDocument();
    expect(updateTeacher).toHaveBeenCalledWith('t-ana', {
      firstName: 'Ana',
      lastName: 'Gil',
      phone: null,
      location: 'Madrid',
      bio: 'Grammar lover.',
      specializations: ['Business Spanish', 'Phonetics'],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Teacher' })).not.toBeInTheDocument(),
    );
  });
});

describe('Teacher Management: deactivate, reactivate and delete', () => {
  beforeEach(() => {
    listTeachers.mockResolvedValue(ok(paged([ana, leo])));
  });

  it(
    'deactivates after moving the courses to the chosen active teacher',
    { timeout: 20_000 },
    async () => {
      setActive.mockResolvedValue(ok({ ...ana, isActive: false }));
      const { user } = renderPage();
      await screen.findByRole('article', { name: 'Ana Gil' });
      await user.click(within(card('Ana Gil')).getByRole('button', { name: 'Deactivate' }));

      const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ana Gil?' });
      expect(dialog).toHaveTextContent('cannot sign in until an admin reactivates the account');
      const question = within(dialog).getByRole('radiogroup', {
        name: 'What happens to their 7 courses?',
      });
      expect(
        within(question).getByRole('radio', { name: 'Keep them: they stay listed under Ana Gil' }),
      ).toBeChecked();

      await user.click(
        within(question).getByRole('radio', { name: 'Reassign them to another teacher' }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
      expect(
        await within(dialog).findByText('Choose the teacher who takes over the courses'),
      ).toBeInTheDocument();
      expect(setActive).not.toHaveBeenCalled();

      await user.click(within(dialog).getByRole('combobox', { name: /New teacher/ }));
      // Other active teachers only, by name: not Ana herself, not the deactivated Olga.
      const options = await screen.findAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual([
        'Beatriz Soto',
        'Daniel Ortega',
      ]);
      await user.click(screen.getByRole('option', { name: 'Daniel Ortega' }));
      await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

      expect(await screen.findByText('Teacher deactivated.')).toBeInTheDocument();
      expect(setActive).toHaveBeenCalledWith('t-ana', false, 't-daniel');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
  );

  it('deactivates keeping the courses under the teacher', async () => {
    setActive.mockResolvedValue(ok({ ...ana, isActive: false }));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Ana Gil' });
    await user.click(within(card('Ana Gil')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ana Gil?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Teacher deactivated.')).toBeInTheDocument();
    expect(setActive).toHaveBeenCalledWith('t-ana', false, null);
  });

  it('reactivates a deactivated teacher after asking', async () => {
    setActive.mockResolvedValue(ok({ ...leo, isActive: true }));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Leo Paz' });
    await user.click(within(card('Leo Paz')).getByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Leo Paz?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Teacher reactivated.')).toBeInTheDocument();
    expect(setActive).toHaveBeenCalledWith('t-leo', true, undefined);
  });

  it(
    'deletes after moving the courses to another teacher, and says where they went',
    { timeout: 20_000 },
    async () => {
      deleteTeacher.mockResolvedValue(ok({ reassigned: 7 }));
      const { user } = renderPage();
      await screen.findByRole('article', { name: 'Ana Gil' });
      await user.click(within(card('Ana Gil')).getByRole('button', { name: 'Delete' }));

      const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Gil?' });
      expect(dialog).toHaveTextContent('This cannot be undone.');
      const question = within(dialog).getByRole('radiogroup', {
        name: 'What happens to their 7 courses?',
      });
      expect(
        within(question).getByRole('radio', { name: 'Reassign them to another teacher' }),
      ).toBeChecked();
      // Cancel is where the focus starts, so Enter never deletes by accident.
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

      await user.click(within(dialog).getByRole('combobox', { name: /New teacher/ }));
      await user.click(await screen.findByRole('option', { name: 'Daniel Ortega' }));
      await user.click(within(dialog).getByRole('button', { name: 'Delete teacher' }));

      expect(
        await screen.findByText('Teacher deleted. Their 7 courses now belong to Daniel Ortega.'),
      ).toBeInTheDocument();
      expect(deleteTeacher).toHaveBeenCalledWith('t-ana', 't-daniel');
    },
  );

  it("deletes leaving the courses without a teacher ('Unknown')", async () => {
    deleteTeacher.mockResolvedValue(ok({ reassigned: 0 }));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Ana Gil' });
    await user.click(within(card('Ana Gil')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Gil?' });
    await user.click(
      within(dialog).getByRole('radio', {
        name: 'Leave them without a teacher: they show “Unknown” as their teacher',
      }),
    );
    expect(within(dialog).queryByRole('combobox', { name: /New teacher/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete teacher' }));
    expect(await screen.findByText('Teacher deleted.')).toBeInTheDocument();
    expect(deleteTeacher).toHaveBeenCalledWith('t-ana', null);
  });

  it('deletes a teacher without courses without asking about them', async () => {
    deleteTeacher.mockResolvedValue(ok({ reassigned: 0 }));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Leo Paz' });
    await user.click(within(card('Leo Paz')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Leo Paz?' });
    expect(dialog).toHaveTextContent('They teach no courses.');
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete teacher' }));
    expect(await screen.findByText('Teacher deleted.')).toBeInTheDocument();
    expect(deleteTeacher).toHaveBeenCalledWith('t-leo', null);
    expect(reassignTargets).not.toHaveBeenCalled();
  });

  it('keeps the dialog open with the reason when the server refuses, and tries again', async () => {
    deleteTeacher
      .mockResolvedValueOnce(
        fail('DELETE_USERS_ERROR', 'Courses can only be reassigned to another active teacher', {
          status: 400,
          code: 'REASSIGN_TARGET_INVALID',
        }),
      )
      .mockResolvedValueOnce(ok({ reassigned: 7 }));
    const { user } = renderPage('es');
    await screen.findByRole('article', { name: 'Ana Gil' });
    await user.click(within(card('Ana Gil')).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar a Ana Gil?' });
    await user.click(within(dialog).getByRole('combobox', { name: /Docente que se hace cargo/ }));
    await user.click(await screen.findByRole('option', { name: 'Daniel Ortega' }));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar docente' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('La cuenta docente no se eliminó:');
    expect(alert).toHaveTextContent('Los cursos solo se pueden pasar a docentes activos.');
    expect(screen.getByRole('dialog', { name: '¿Eliminar a Ana Gil?' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar docente' }));
    expect(
      await screen.findByText('Cuenta docente eliminada. Sus 7 cursos ahora son de Daniel Ortega.'),
    ).toBeInTheDocument();
    expect(deleteTeacher).toHaveBeenCalledTimes(2);
  });

  it('says so when no other active teacher can take the courses', async () => {
    reassignTargets.mockResolvedValue(ok([aPerson({ id: 't-ana', role: 'teacher' })]));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Ana Gil' });
    await user.click(within(card('Ana Gil')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Gil?' });
    expect(
      await within(dialog).findByText('There is no other active teacher to take them over.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /New teacher/ })).toBeDisabled();
  });
});

describe('Teacher Management in Spanish', () => {
  it('speaks Spanish', async () => {
    listTeachers.mockResolvedValue(ok(paged([ana, leo])));
    renderPage('es');

    expect(await screen.findByRole('article', { name: 'Ana Gil' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total de docentes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 docentes' })).toBeInTheDocument();
    expect(card('Leo Paz')).toHaveTextContent('Aún sin valoraciones');
    expect(card('Leo Paz')).toHaveTextContent('Desactivado');
    expect(within(card('Ana Gil')).getByRole('button', { name: 'Desactivar' })).toBeEnabled();
  });

  it("shows 'Error al cargar docentes:' when the list fails", async () => {
    listTeachers.mockResolvedValue(fail('FETCH_USERS_ERROR', 'boom'));
    renderPage('es');
    expect(await screen.findByText('Error al cargar docentes:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });
});
