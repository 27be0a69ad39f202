import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PUBLIC_SETTINGS,
  coursesService,
  settingsService,
  userManagementReadModel,
  fail,
  ok,
  teachersService,
  usersService,
  type AppUser,
  type Paged,
  type UserFilters,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { admin } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import { chooseRowAction, menuItems, moreActions, openRowMenu } from '../../test-support/row-menu';
import UserManagementScreen from './user-management-screen';

// The query and mutation options call these very service objects, so their functions are replaced
// in place (the unit boundary is the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.usersService, {
    list: vi.fn(),
    adminCreate: vi.fn(),
    adminUpdate: vi.fn(),
    adminDelete: vi.fn(),
    adminImport: vi.fn(),
    adminResetTwoFactor: vi.fn(),
    listTeachers: vi.fn(),
  });
  Object.assign(actual.userManagementReadModel, { counts: vi.fn() });
  // A teacher's departure: their courses are counted, and moved through the teacher calls.
  Object.assign(actual.coursesService, { list: vi.fn() });
  Object.assign(actual.teachersService, { delete: vi.fn(), setActive: vi.fn() });
  // The school's default language, which a new account gets unless another is chosen.
  Object.assign(actual.settingsService, { getPublic: vi.fn() });
  return actual;
});

const listUsers = vi.mocked(usersService.list);
const countByRole = vi.mocked(userManagementReadModel.counts);
const adminCreate = vi.mocked(usersService.adminCreate);
const adminUpdate = vi.mocked(usersService.adminUpdate);
const adminDelete = vi.mocked(usersService.adminDelete);
const adminResetTwoFactor = vi.mocked(usersService.adminResetTwoFactor);
const listTeachers = vi.mocked(usersService.listTeachers);
const listCourses = vi.mocked(coursesService.list);
const deleteTeacher = vi.mocked(teachersService.delete);
const setTeacherActive = vi.mocked(teachersService.setActive);

function person(overrides: Partial<AppUser> = {}): AppUser {
  return {
    id: 'user-1',
    email: 'ana.gil@school.test',
    firstName: 'Ana',
    lastName: 'Gil',
    role: 'teacher',
    avatar: null,
    createdAt: '2026-02-10T10:00:00Z',
    lastLogin: '2026-03-05T08:00:00Z',
    previousLogin: null,
    phone: '+34 600 111 222',
    location: 'Madrid',
    bio: null,
    isActive: true,
    ...overrides,
  };
}

const ana = person();
const leo = person({
  id: 'user-2',
  email: 'leo@school.test',
  firstName: 'Leo',
  lastName: 'Paz',
  role: 'student',
  lastLogin: null,
  previousLogin: null,
  isActive: false,
});
const eva = person({
  id: 'user-3',
  email: 'eva@school.test',
  firstName: 'Eva',
  lastName: 'Ruiz',
  role: 'student',
});

function paged<T>(items: T[], total = items.length, page = 1, limit = 10): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

const COUNTS = { total: 57, student: 48, teacher: 7, admin: 2 };

function renderPage(language: Language = 'en') {
  return renderScreen(<UserManagementScreen />, { language, user: admin, path: '/users' });
}

function statValue(name: string): string {
  const card = screen.getByRole('group', { name });
  const id = card.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

/** The table row of a user, found by their name. */
function row(name: string): HTMLElement {
  const cell = screen.getByText(name);
  const tableRow = cell.closest('tr');
  if (!tableRow) throw new Error(`no row for ${name}`);
  return tableRow;
}

/** Sets a field's text in one change event. */
function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listUsers.mockReset();
  countByRole.mockReset();
  countByRole.mockResolvedValue(ok(COUNTS));
  vi.mocked(settingsService.getPublic).mockResolvedValue(
    ok({ ...DEFAULT_PUBLIC_SETTINGS, defaultLanguage: 'es' }),
  );
});

describe('User Management: the list', () => {
  it('shows a loader while the users load', async () => {
    listUsers.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading users…' })).toBeInTheDocument();
  });

  it('shows the figures by role from one request and a row per user of the page', async () => {
    listUsers.mockResolvedValue(ok(paged([ana, leo, admin], 57)));
    renderPage();

    expect(await screen.findByText('Ana Gil')).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Users')).toBe('57'));
    expect(statValue('Students')).toBe('48');
    expect(statValue('Teachers')).toBe('7');
    expect(statValue('Admins')).toBe('2');
    expect(countByRole).toHaveBeenCalledTimes(1);
    expect(listUsers).toHaveBeenCalledWith({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: 1,
      limit: 10,
    });
    expect(screen.getByRole('heading', { name: '57 users' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Selection', 'User', 'Role', 'Joined', 'Last Login', 'Actions']);

    const anaRow = row('Ana Gil');
    expect(anaRow).toHaveTextContent('ana.gil@school.test');
    expect(anaRow).toHaveTextContent('Teacher');
    expect(anaRow).toHaveTextContent('Feb 10, 2026');
    expect(anaRow).toHaveTextContent('Mar 5, 2026');

    const leoRow = row('Leo Paz');
    expect(leoRow).toHaveTextContent('Student');
    expect(leoRow).toHaveTextContent('Never');
    expect(leoRow).toHaveTextContent('Inactive');
    expect(within(leoRow).getByRole('button', { name: 'More actions for Leo Paz' })).toBeEnabled();
    expect(within(anaRow).getByRole('button', { name: 'More actions for Ana Gil' })).toBeEnabled();
  });

  it('does not offer an admin to deactivate or delete their own account', async () => {
    listUsers.mockResolvedValue(ok(paged([admin, ana])));
    renderPage();

    await screen.findByText('Rosa Díaz');
    const mine = row('Rosa Díaz');
    expect(mine).toHaveTextContent('You');
    // Their own row has Edit only: nothing of the menu applies to their own account.
    expect(within(mine).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Edit Rosa Díaz',
    ]);
    expect(within(row('Ana Gil')).getByRole('button', { name: 'More actions for Ana Gil' })).toBeEnabled();
  });

  it('keeps Edit as an icon and names every other action in a keyboard menu (issue 29)', async () => {
    listUsers.mockResolvedValue(ok(paged([{ ...ana, hasTwoFactor: true }, leo])));
    const { user } = renderPage();
    await screen.findByText('Ana Gil');
    // Two controls a row, where there were up to seven icons.
    expect(within(row('Ana Gil')).getAllByRole('button')).toHaveLength(2);

    const menu = await openRowMenu(user, 'Ana Gil');
    expect(menuItems(menu)).toEqual([
      'Reset password',
      'Resend the welcome email',
      'Correct the email',
      'Reset two-factor sign-in',
      'Deactivate',
      'Delete',
    ]);
    // Every item shows its icon beside its name.
    for (const item of within(menu).getAllByRole('menuitem')) {
      expect(item.querySelector('svg')).not.toBeNull();
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(moreActions('Ana Gil')).toHaveFocus();

    // Without two-factor there is nothing to reset; an inactive account is reactivated.
    const leoMenu = await openRowMenu(user, 'Leo Paz');
    expect(menuItems(leoMenu)).not.toContain('Reset two-factor sign-in');
    expect(menuItems(leoMenu)).toContain('Reactivate');
    expect(menuItems(leoMenu)).not.toContain('Deactivate');
  });

  it('opens the menu and chooses an item with the keyboard alone', async () => {
    listUsers.mockResolvedValue(ok(paged([ana, admin])));
    const { user } = renderPage();
    await screen.findByText('Ana Gil');
    moreActions('Ana Gil').focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Correct the email' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Correct the email of Ana Gil' })).toBeInTheDocument();
  });

  it("shows 'Error loading users:' with the reason in the user's language, and Try again loads them", async () => {
    listUsers
      .mockResolvedValueOnce(
        fail('FETCH_USERS_ERROR', 'permission denied for table users', { code: '42501' }),
      )
      .mockResolvedValueOnce(ok(paged([ana])));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading users:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ana Gil')).toBeInTheDocument();
    expect(screen.queryByText('Error loading users:')).not.toBeInTheDocument();
  });

  it('says so when there are no users at all', async () => {
    listUsers.mockResolvedValue(ok(paged<AppUser>([])));
    renderPage();
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.queryByText('No users match your filters.')).not.toBeInTheDocument();
  });

  it(
    'searches, filters by role and status on the server, and clears the filters',
    { timeout: 20_000 },
    async () => {
      listUsers.mockImplementation(async (filters?: UserFilters) =>
        ok(filters?.search === 'zzz' ? paged<AppUser>([]) : paged([ana, leo])),
      );
      const { user } = renderPage();
      await screen.findByText('Ana Gil');

      await user.click(screen.getByRole('searchbox', { name: 'Search users' }));
      await user.paste('  gil ');
      await waitFor(() =>
        expect(listUsers).toHaveBeenLastCalledWith({
          search: 'gil',
          sortBy: 'createdAt',
          sortOrder: 'desc',
          page: 1,
          limit: 10,
        }),
      );

      await user.click(screen.getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Teacher' }));
      await user.click(screen.getByRole('radio', { name: 'Inactive' }));
      await waitFor(() =>
        expect(listUsers).toHaveBeenLastCalledWith({
          search: 'gil',
          role: 'teacher',
          isActive: false,
          sortBy: 'createdAt',
          sortOrder: 'desc',
          page: 1,
          limit: 10,
        }),
      );

      fill(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
      expect(await screen.findByText('No users match your filters.')).toBeInTheDocument();
      // The figures stay those of every user.
      expect(statValue('Total Users')).toBe('57');

      await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
      expect(await screen.findByText('Ana Gil')).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
      expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('All roles');
      expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    },
  );

  it('sorts on the server by the column clicked, and again the other way', async () => {
    listUsers.mockResolvedValue(ok(paged([ana, leo])));
    const { user } = renderPage();
    await screen.findByText('Ana Gil');

    const joined = screen.getByRole('columnheader', { name: /Joined/ });
    expect(joined).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: /^User/ }));
    await waitFor(() =>
      expect(listUsers).toHaveBeenLastCalledWith(
        expect.objectContaining({ sortBy: 'name', sortOrder: 'asc', page: 1 }),
      ),
    );
    expect(screen.getByRole('columnheader', { name: /User/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: /Joined/ })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: /^User/ }));
    await waitFor(() =>
      expect(listUsers).toHaveBeenLastCalledWith(
        expect.objectContaining({ sortBy: 'name', sortOrder: 'desc' }),
      ),
    );

    await user.click(screen.getByRole('button', { name: /^Last Login/ }));
    await waitFor(() =>
      expect(listUsers).toHaveBeenLastCalledWith(
        expect.objectContaining({ sortBy: 'lastLogin', sortOrder: 'desc' }),
      ),
    );
  });

  it('pages through the users on the server', async () => {
    listUsers.mockImplementation(async (filters?: UserFilters) =>
      ok(
        filters?.page === 2
          ? paged([leo], 11, 2)
          : paged(
              Array.from({ length: 10 }, (_, i) =>
                person({ id: `u${i}`, firstName: `Person${i}`, email: `p${i}@school.test` }),
              ),
              11,
            ),
      ),
    );
    const { user } = renderPage();
    await screen.findByText('Person0 Gil');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Leo Paz')).toBeInTheDocument();
    expect(listUsers).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, limit: 10 }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});

describe('User Management: create and edit', () => {
  beforeEach(() => {
    listUsers.mockResolvedValue(ok(paged([ana, admin])));
  });

  async function openCreate(user: ReturnType<typeof renderPage>['user'], name = 'Create User') {
    await screen.findByText('Ana Gil');
    await user.click(screen.getByRole('button', { name }));
    return screen.findByRole('dialog', { name });
  }

  it("opens the create dialog when the dashboard's Add User sends the admin here (?new=1)", async () => {
    renderScreen(<UserManagementScreen />, { user: admin, path: '/users?new=1', route: '/users' });

    expect(await screen.findByRole('dialog', { name: 'Create User' })).toBeInTheDocument();
  });

  it('names every missing field and asks for all of them when the empty form is submitted', async () => {
    const { user } = renderPage();
    const dialog = await openCreate(user);
    expect(within(dialog).getByRole('textbox', { name: /First name/ })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    expect(await within(dialog).findByText('All fields are required')).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Role is required')).toBeInTheDocument();
    expect(adminCreate).not.toHaveBeenCalled();

    // Editing a field clears its error.
    fill(within(dialog).getByRole('textbox', { name: /First name/ }), 'Lucía');
    expect(within(dialog).queryByText('First name is required')).not.toBeInTheDocument();
  });

  it('says the same in Spanish, word for word', async () => {
    const { user } = renderPage('es');
    const dialog = await openCreate(user, 'Crear usuario');
    await user.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));

    expect(
      await within(dialog).findByText('Todos los campos son obligatorios'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Nombre requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Apellido requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Email requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Rol requerido')).toBeInTheDocument();
  });

  it('creates through the function, then shows the temporary password once with a copy button', async () => {
    adminCreate.mockResolvedValue(
      ok({
        user: person({
          id: 'new-1',
          firstName: 'Lucía',
          lastName: 'Ortega',
          email: 'lucia@school.test',
        }),
        temporaryPassword: 'Tq7!pXr2-mKw9zBe',
      }),
    );
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderPage();
    const dialog = await openCreate(user);

    fill(within(dialog).getByRole('textbox', { name: /First name/ }), ' Lucía ');
    fill(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Ortega');
    fill(within(dialog).getByRole('textbox', { name: /Email/ }), 'lucia@school.test');
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Teacher' }));
    fill(within(dialog).getByRole('textbox', { name: /Location/ }), 'Lima');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    const shown = await screen.findByRole('dialog', { name: 'User created' });
    expect(adminCreate).toHaveBeenCalledWith({
      email: 'lucia@school.test',
      firstName: 'Lucía',
      lastName: 'Ortega',
      role: 'teacher',
      phone: null,
      location: 'Lima',
      bio: null,
      // The school's default, shown in the form and left as it was.
      language: 'es',
    });
    expect(shown).toHaveTextContent('Tq7!pXr2-mKw9zBe');
    expect(shown).toHaveTextContent('lucia@school.test');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(shown).getByRole('button', { name: 'Copy password' }));
    expect(writeText).toHaveBeenCalledWith('Tq7!pXr2-mKw9zBe');
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await screen.findByText('User created successfully.')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'User created successfully.', autoClose: 2500 }),
    );

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'User created' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Tq7!pXr2-mKw9zBe')).not.toBeInTheDocument();
  });

  it("offers the account's language, the school's default first, and sends the one chosen (issue 29 item 10)", async () => {
    adminCreate.mockResolvedValue(
      ok({ user: person({ id: 'new-2', email: 'tom@school.test' }), temporaryPassword: 'x' }),
    );
    const { user } = renderPage();
    const dialog = await openCreate(user);
    const language = within(dialog).getByRole('combobox', { name: /Language/ });
    // The school's default (Spanish here), as the server would give the account.
    await waitFor(() => expect(language).toHaveValue('Español'));
    expect(dialog).toHaveTextContent('welcome email');

    fill(within(dialog).getByRole('textbox', { name: /First name/ }), 'Tom');
    fill(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Reed');
    fill(within(dialog).getByRole('textbox', { name: /Email/ }), 'tom@school.test');
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Student' }));
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await screen.findByRole('dialog', { name: 'User created' });
    expect(adminCreate).toHaveBeenCalledWith(expect.objectContaining({ language: 'en' }));
  });

  it('does not offer the language when editing: only the account’s owner changes it', async () => {
    const { user } = renderPage();
    await screen.findByText('Ana Gil');
    await user.click(screen.getByRole('button', { name: 'Edit Ana Gil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByRole('combobox', { name: /Language/ })).toBeNull();
  });

  it("shows the server's reason in the dialog, in the user's language, and keeps what was typed", async () => {
    adminCreate.mockResolvedValue(
      fail('CREATE_USERS_ERROR', 'A user with this email already exists', {
        status: 409,
        code: 'EMAIL_TAKEN',
      }),
    );
    const { user } = renderPage('es');
    const dialog = await openCreate(user, 'Crear usuario');
    fill(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Ana');
    fill(within(dialog).getByRole('textbox', { name: /Apellido/ }), 'Gil');
    fill(within(dialog).getByRole('textbox', { name: /Email/ }), 'ana.gil@school.test');
    await user.click(within(dialog).getByRole('combobox', { name: /Rol/ }));
    await user.click(await screen.findByRole('option', { name: 'Estudiante' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Ya existe un usuario con este correo electrónico.');
    expect(screen.queryByText('A user with this email already exists')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue(
      'ana.gil@school.test',
    );
    expect(within(dialog).getByRole('textbox', { name: /Nombre/ })).toHaveValue('Ana');
  });

  it("says 'Error al guardar usuario' when the server gives no reason it knows", async () => {
    adminCreate.mockResolvedValue(fail('CREATE_USERS_ERROR', 'Failed to create user'));
    const { user } = renderPage('es');
    const dialog = await openCreate(user, 'Crear usuario');
    fill(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Ana');
    fill(within(dialog).getByRole('textbox', { name: /Apellido/ }), 'Gil');
    fill(within(dialog).getByRole('textbox', { name: /Email/ }), 'ana@school.test');
    await user.click(within(dialog).getByRole('combobox', { name: /Rol/ }));
    await user.click(await screen.findByRole('option', { name: 'Docente' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al guardar usuario');
  });

  it('edits a user: the email cannot change, and only what changed in the role is sent', async () => {
    adminUpdate.mockResolvedValue(ok(person({ firstName: 'Anabel' })));
    const { user } = renderPage('es');
    await screen.findByText('Ana Gil');
    await user.click(screen.getByRole('button', { name: 'Editar a Ana Gil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });

    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    expect(email).toHaveValue('ana.gil@school.test');
    expect(email).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: /Ubicación/ })).toHaveValue('Madrid');

    fill(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Anabel');
    fill(within(dialog).getByRole('textbox', { name: /Teléfono/ }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Usuario actualizado correctamente.')).toBeInTheDocument();
    expect(adminUpdate).toHaveBeenCalledWith('user-1', {
      firstName: 'Anabel',
      lastName: 'Gil',
      phone: null,
      location: 'Madrid',
      bio: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Editar usuario' })).not.toBeInTheDocument(),
    );
  });

  it('does not let an admin change their own role', async () => {
    const { user } = renderPage();
    await screen.findByText('Rosa Díaz');
    await user.click(screen.getByRole('button', { name: 'Edit Rosa Díaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('combobox', { name: /Role/ })).toBeDisabled();
    expect(dialog).toHaveTextContent('You cannot change your own role.');
  });
});

describe('User Management: delete, deactivate and reactivate', () => {
  beforeEach(() => {
    listUsers.mockResolvedValue(ok(paged([eva, leo])));
  });

  it("asks '¿Eliminar usuario Eva Ruiz?', deletes on confirmation and says so", async () => {
    adminDelete.mockResolvedValue(ok(null));
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderPage('es');
    await screen.findByText('Eva Ruiz');

    await chooseRowAction(user, 'Eva Ruiz', 'Eliminar', 'es');
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar usuario Eva Ruiz?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(adminDelete).not.toHaveBeenCalled();

    await chooseRowAction(user, 'Eva Ruiz', 'Eliminar', 'es');
    const again = await screen.findByRole('dialog', { name: '¿Eliminar usuario Eva Ruiz?' });
    await user.click(within(again).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Usuario eliminado correctamente.')).toBeInTheDocument();
    expect(adminDelete).toHaveBeenCalledWith('user-3');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 2500 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the confirmation open with 'Error al eliminar usuario', or the server's reason", async () => {
    adminDelete
      .mockResolvedValueOnce(fail('DELETE_USERS_ERROR', 'Failed to delete user'))
      .mockResolvedValueOnce(
        fail('DELETE_USERS_ERROR', 'Administrators cannot delete their own account', {
          status: 400,
          code: 'CANNOT_DELETE_SELF',
        }),
      );
    const { user } = renderPage('es');
    await screen.findByText('Eva Ruiz');
    await chooseRowAction(user, 'Eva Ruiz', 'Eliminar', 'es');
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar usuario Eva Ruiz?' });

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El usuario no se eliminó: Error al eliminar usuario',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'No puedes eliminar tu propia cuenta.',
      ),
    );
    expect(screen.getByRole('dialog', { name: '¿Eliminar usuario Eva Ruiz?' })).toBeVisible();
  });

  it('deactivates an active user and reactivates an inactive one, after asking', async () => {
    adminUpdate.mockImplementation(async (id, changes) =>
      ok(person({ id, isActive: changes.isActive ?? true })),
    );
    const { user } = renderPage();
    await screen.findByText('Eva Ruiz');

    await chooseRowAction(user, 'Eva Ruiz', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Eva Ruiz?' });
    expect(dialog).toHaveTextContent('cannot sign in until an admin reactivates the account');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated.')).toBeInTheDocument();
    expect(adminUpdate).toHaveBeenCalledWith('user-3', { isActive: false });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await chooseRowAction(user, 'Leo Paz', 'Reactivate');
    const back = await screen.findByRole('dialog', { name: 'Reactivate Leo Paz?' });
    await user.click(within(back).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('User reactivated.')).toBeInTheDocument();
    expect(adminUpdate).toHaveBeenLastCalledWith('user-2', { isActive: true });
  });
});

describe('User Management: a teacher who leaves hands over their courses, as in Teacher Management (issue 29)', () => {
  const daniel = person({
    id: 't-daniel',
    email: 'daniel@school.test',
    firstName: 'Daniel',
    lastName: 'Ortega',
  });
  const olga = person({
    id: 't-olga',
    email: 'olga@school.test',
    firstName: 'Olga',
    lastName: 'Vidal',
    isActive: false,
  });
  /** The teacher's courses are counted: only the total of the answer matters. */
  const teaching = (count: number) => ok({ ...paged([], count), items: [] });

  beforeEach(() => {
    listUsers.mockResolvedValue(ok(paged([ana, eva])));
    listTeachers.mockResolvedValue(ok([ana, olga, daniel]));
  });

  it('deleting a teacher names their courses and moves them to the chosen active teacher', async () => {
    listCourses.mockResolvedValue(teaching(5));
    deleteTeacher.mockResolvedValue(ok({ reassigned: 5 }));
    const { user } = renderPage();
    await screen.findByText('Ana Gil');

    await chooseRowAction(user, 'Ana Gil', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete user Ana Gil?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    const question = await within(dialog).findByRole('radiogroup', {
      name: 'What happens to their 5 courses?',
    });
    expect(listCourses).toHaveBeenCalledWith(expect.objectContaining({ teacherId: 'user-1' }));
    expect(
      within(question).getByRole('radio', { name: 'Reassign them to another teacher' }),
    ).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    // A teacher must be chosen; only other active teachers are offered.
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('Choose the teacher who takes over the courses'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /New teacher/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Daniel Ortega']);
    await user.click(screen.getByRole('option', { name: 'Daniel Ortega' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('User deleted successfully.')).toBeInTheDocument();
    expect(deleteTeacher).toHaveBeenCalledWith('user-1', 't-daniel');
    expect(adminDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deactivating a teacher asks whether their courses stay with them or move', async () => {
    listCourses.mockResolvedValue(teaching(1));
    setTeacherActive.mockResolvedValue(ok({ ...ana, isActive: false, specializations: [] }));
    const { user } = renderPage();
    await screen.findByText('Ana Gil');

    await chooseRowAction(user, 'Ana Gil', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ana Gil?' });
    const question = await within(dialog).findByRole('radiogroup', {
      name: 'What happens to their course?',
    });
    expect(
      within(question).getByRole('radio', { name: 'Keep it: it stays listed under Ana Gil' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('User deactivated.')).toBeInTheDocument();
    expect(setTeacherActive).toHaveBeenCalledWith('user-1', false, null);
    expect(adminUpdate).not.toHaveBeenCalled();
  });

  it('a teacher without courses is deleted after saying so; a refusal keeps the question with the reason, in Spanish', async () => {
    listCourses.mockResolvedValue(teaching(0));
    deleteTeacher
      .mockResolvedValueOnce(
        fail('DELETE_USERS_ERROR', 'Administrators cannot delete their own account', {
          status: 400,
          code: 'CANNOT_DELETE_SELF',
        }),
      )
      .mockResolvedValueOnce(ok({ reassigned: 0 }));
    const { user } = renderPage('es');
    await screen.findByText('Ana Gil');

    await chooseRowAction(user, 'Ana Gil', 'Eliminar', 'es');
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar usuario Ana Gil?' });
    expect(await within(dialog).findByText('No imparte ningún curso.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('El usuario no se eliminó:');
    expect(alert).toHaveTextContent('No puedes eliminar tu propia cuenta.');

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Usuario eliminado correctamente.')).toBeInTheDocument();
    expect(deleteTeacher).toHaveBeenLastCalledWith('user-1', null);
    expect(listTeachers).not.toHaveBeenCalled();
  });
});

describe('User Management: reset two-factor sign-in (a lost phone)', () => {
  // The list says who has two-factor on (has_two_factor, read in the same request).
  const secured = (person: AppUser) => ({ ...person, hasTwoFactor: true });
  beforeEach(() => {
    listUsers.mockResolvedValue(ok(paged([secured(admin), secured(ana), secured(leo)])));
  });

  it('is offered only for accounts that have two-factor on (issue 29)', async () => {
    listUsers.mockResolvedValue(
      ok(paged([admin, secured(ana), { ...leo, hasTwoFactor: false }])),
    );
    const { user } = renderPage();
    await screen.findByText('Ana Gil');
    expect(menuItems(await openRowMenu(user, 'Ana Gil'))).toContain('Reset two-factor sign-in');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(menuItems(await openRowMenu(user, 'Leo Paz'))).not.toContain('Reset two-factor sign-in');
    expect(within(row('Rosa Díaz')).queryByRole('button', { name: /More actions/ })).toBeNull();
  });

  it('is offered for every account with it but the admin’s own', async () => {
    const { user } = renderPage();
    await screen.findByText('Ana Gil');
    // The admin's own row has no menu: they turn it off in their profile.
    expect(within(row('Rosa Díaz')).queryByRole('button', { name: /More actions/ })).toBeNull();
    for (const name of ['Ana Gil', 'Leo Paz']) {
      expect(menuItems(await openRowMenu(user, name))).toContain('Reset two-factor sign-in');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    }
  });

  it('asks first, saying the person signs in with the password alone, then resets and says so', async () => {
    adminResetTwoFactor.mockResolvedValue(ok({ id: 'user-1', removed: 1 }));
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderPage();
    await screen.findByText('Ana Gil');

    await chooseRowAction(user, 'Ana Gil', 'Reset two-factor sign-in');
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset two-factor sign-in of Ana Gil?',
    });
    expect(dialog).toHaveTextContent('They will sign in with their password alone');
    expect(dialog).toHaveTextContent('can set up two-factor sign-in again');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(adminResetTwoFactor).not.toHaveBeenCalled();

    await chooseRowAction(user, 'Ana Gil', 'Reset two-factor sign-in');
    const again = await screen.findByRole('dialog', {
      name: 'Reset two-factor sign-in of Ana Gil?',
    });
    await user.click(within(again).getByRole('button', { name: 'Reset two-factor sign-in' }));

    expect(
      await screen.findByText(
        'Two-factor sign-in reset. Ana Gil can now sign in with their password alone.',
      ),
    ).toBeInTheDocument();
    expect(adminResetTwoFactor).toHaveBeenCalledWith('user-1');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the account has no two-factor sign-in when nothing was removed', async () => {
    adminResetTwoFactor.mockResolvedValue(ok({ id: 'user-2', removed: 0 }));
    const { user } = renderPage();
    await screen.findByText('Leo Paz');
    await chooseRowAction(user, 'Leo Paz', 'Reset two-factor sign-in');
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset two-factor sign-in of Leo Paz?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(await screen.findByText('This account has no two-factor sign-in.')).toBeInTheDocument();
    expect(screen.queryByText(/can now sign in with their password alone/)).not.toBeInTheDocument();
  });

  it('keeps the confirmation open with the reason when it fails, in Spanish', async () => {
    adminResetTwoFactor
      .mockResolvedValueOnce(fail('UPDATE_USERS_ERROR', 'Failed to reset two-factor sign-in'))
      .mockResolvedValueOnce(
        fail('UPDATE_USERS_ERROR', 'Two-factor sign-in is required for this account', {
          status: 403,
          code: 'TWO_FACTOR_REQUIRED',
        }),
      );
    const { user } = renderPage('es');
    await screen.findByText('Ana Gil');
    await chooseRowAction(user, 'Ana Gil', 'Restablecer la verificación en dos pasos', 'es');
    const dialog = await screen.findByRole('dialog', {
      name: '¿Restablecer la verificación en dos pasos de Ana Gil?',
    });
    expect(dialog).toHaveTextContent('Iniciará sesión solo con su contraseña');
    const confirm = within(dialog).getByRole('button', {
      name: 'Restablecer verificación en dos pasos',
    });

    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'La verificación en dos pasos no se restableció: Error al restablecer la verificación en dos pasos',
    );
    await user.click(confirm);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Esta cuenta debe iniciar sesión con verificación en dos pasos.',
      ),
    );
    expect(dialog).toBeVisible();
  });
});

describe('User Management in Spanish', () => {
  it('speaks Spanish', async () => {
    listUsers.mockResolvedValue(ok(paged([ana, leo])));
    renderPage('es');

    expect(await screen.findByText('Ana Gil')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total de usuarios' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 usuarios' })).toBeInTheDocument();
    expect(row('Leo Paz')).toHaveTextContent('Nunca');
    expect(row('Leo Paz')).toHaveTextContent('Inactivo');
    expect(
      within(screen.getByRole('table', { name: 'Usuarios' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Selección', 'Usuario', 'Rol', 'Alta', 'Último acceso', 'Acciones']);
  });

  it("shows 'Error al cargar usuarios:' when the list fails", async () => {
    listUsers.mockResolvedValue(fail('FETCH_USERS_ERROR', 'boom'));
    renderPage('es');
    expect(await screen.findByText('Error al cargar usuarios:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });
});
