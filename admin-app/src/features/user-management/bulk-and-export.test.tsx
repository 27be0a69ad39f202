import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, userManagementReadModel, usersService, type AppUser, type Paged } from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { admin, aPerson } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import UserManagementScreen from './user-management-screen';

// User Management's bulk deactivate and delete and its CSV export (issue 29, item 13). The unit
// boundary is the service; what the server decides is supabase/tests/bulk-users.test.ts.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.usersService, { list: vi.fn(), adminBulk: vi.fn(), listForExport: vi.fn() });
  Object.assign(actual.userManagementReadModel, { counts: vi.fn() });
  return actual;
});

const listUsers = vi.mocked(usersService.list);
const adminBulk = vi.mocked(usersService.adminBulk);
const listForExport = vi.mocked(usersService.listForExport);

const ana = aPerson({ id: 'user-1', firstName: 'Ana', lastName: 'Gil', email: 'ana@school.test', role: 'teacher' });
const leo = aPerson({ id: 'user-2', firstName: 'Leo', lastName: 'Paz', email: 'leo@school.test' });
const eva = aPerson({ id: 'user-3', firstName: 'Eva', lastName: 'Ruiz', email: 'eva@school.test' });

function paged<T>(items: T[]): Paged<T> {
  return { items, total: items.length, page: 1, limit: 10, totalPages: 1 };
}

const TEXT = {
  en: { all: 'Select all users on this page', row: (name: string) => `Select ${name}` },
  es: { all: 'Seleccionar todos los usuarios de esta página', row: (name: string) => `Seleccionar a ${name}` },
};

function renderPage(language: Language = 'en') {
  return renderScreen(<UserManagementScreen />, { language, user: admin, path: '/users' });
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  vi.mocked(userManagementReadModel.counts).mockResolvedValue(
    ok({ total: 4, student: 2, teacher: 1, admin: 1 }),
  );
  listUsers.mockResolvedValue(ok(paged<AppUser>([admin, ana, leo, eva])));
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('User Management: bulk actions', () => {
  it('deletes the selected users in one call after naming them, and lists who was refused and why', async () => {
    adminBulk.mockResolvedValue(
      ok([
        { id: 'user-1', status: 'refused', code: 'TEACHER_HAS_COURSES', courses: 3 },
        { id: 'user-2', status: 'done' },
      ]),
    );
    const { user } = renderPage();
    await screen.findByText('Ana Gil');
    // The administrator's own account cannot be selected.
    expect(screen.getByRole('checkbox', { name: 'Your own account is never in a bulk action' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: TEXT.en.row('Ana Gil') }));
    await user.click(screen.getByRole('checkbox', { name: TEXT.en.row('Leo Paz') }));

    const toolbar = screen.getByRole('toolbar', { name: 'Actions on the selected users' });
    expect(toolbar).toHaveTextContent('2 users selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 users?' });
    expect(dialog).toHaveTextContent('Ana Gil (ana@school.test)');
    expect(dialog).toHaveTextContent('Leo Paz (leo@school.test)');
    expect(dialog).not.toHaveTextContent('Eva Ruiz');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(adminBulk).toHaveBeenCalledTimes(1);
    expect(adminBulk).toHaveBeenCalledWith('delete', ['user-1', 'user-2']);
    expect(await screen.findByText('1 user deleted.')).toBeInTheDocument();
    const refused = await screen.findByRole('dialog', { name: '1 user was left as they were' });
    expect(refused).toHaveTextContent(
      'Ana Gil: teaches 3 courses: use Delete or Deactivate in the row’s More actions to hand them over',
    );
  });

  it('selects everyone on the page but the administrator, and deactivates them (Spanish)', async () => {
    adminBulk.mockResolvedValue(
      ok([
        { id: 'user-1', status: 'done' },
        { id: 'user-2', status: 'done' },
        { id: 'user-3', status: 'done' },
      ]),
    );
    const { user } = renderPage('es');
    await screen.findByText('Ana Gil');
    await user.click(screen.getByRole('checkbox', { name: TEXT.es.all }));

    const toolbar = screen.getByRole('toolbar', { name: 'Acciones sobre los usuarios seleccionados' });
    expect(toolbar).toHaveTextContent('3 usuarios seleccionados');
    await user.click(within(toolbar).getByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar 3 usuarios?' });
    expect(dialog).not.toHaveTextContent(admin.email);
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

    expect(adminBulk).toHaveBeenCalledWith('deactivate', ['user-1', 'user-2', 'user-3']);
    expect(await screen.findByText('3 usuarios desactivados.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('toolbar', { name: 'Acciones sobre los usuarios seleccionados' })).toBeNull(),
    );
  });
});

/** A downloaded Blob's text, read the way older browsers do (FileReader). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('User Management: CSV export', () => {
  it.each([
    ['en', 'Export CSV', 'Inactive', /^users-\d{4}-\d{2}-\d{2}\.csv$/, 'First name,Last name,Email,Role,Account'],
    ['es', 'Exportar CSV', 'Inactivas', /^usuarios-\d{4}-\d{2}-\d{2}\.csv$/, 'Nombre,Apellido,Correo,Rol,Cuenta'],
  ] as const)(
    'exports every user of the current filters in one read (%s)',
    async (language, button, inactive, fileName, header) => {
      const created: Blob[] = [];
      // The test stands in for object URLs, to keep each Blob handed to the link.
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          created.push(blob);
          return 'blob:users';
        }),
        revokeObjectURL: vi.fn(),
      });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      listForExport.mockResolvedValue(ok([leo]));
      const { user } = renderPage(language);
      await screen.findByText('Ana Gil');
      await user.click(screen.getByRole('radio', { name: inactive }));
      await waitFor(() =>
        expect(listUsers).toHaveBeenLastCalledWith(expect.objectContaining({ isActive: false })),
      );

      await user.click(screen.getByRole('button', { name: button }));

      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(listForExport).toHaveBeenCalledTimes(1);
      expect(listForExport).toHaveBeenCalledWith(
        expect.objectContaining({ isActive: false, sortBy: 'createdAt', sortOrder: 'desc' }),
      );
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(fileName);
      const [first, row] = (await readBlob(created[0]!)).replace(/^\ufeff/, '').split('\r\n');
      expect(first?.startsWith(header)).toBe(true);
      expect(row?.startsWith('Leo,Paz,leo@school.test,')).toBe(true);
      click.mockRestore();
    },
  );
});
