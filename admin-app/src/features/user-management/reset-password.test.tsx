import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  userManagementReadModel,
  fail,
  ok,
  usersService,
  type AppUser,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { admin } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import { chooseRowAction, menuItems, openRowMenu } from '../../test-support/row-menu';
import UserManagementScreen from './user-management-screen';

// User Management → Reset password (issue 29 item 10): a one-time password shown once, or the reset
// mail. The service is the unit boundary; the server's rules are tested in
// supabase/tests/password-change-required.test.ts.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.usersService, { list: vi.fn(), adminResetPassword: vi.fn() });
  Object.assign(actual.userManagementReadModel, { counts: vi.fn() });
  return actual;
});

const listUsers = vi.mocked(usersService.list);
const resetPassword = vi.mocked(usersService.adminResetPassword);

const ana: AppUser = {
  id: 'user-1',
  email: 'ana.gil@school.test',
  firstName: 'Ana',
  lastName: 'Gil',
  role: 'student',
  avatar: null,
  createdAt: '2026-02-10T10:00:00Z',
  lastLogin: null,
  previousLogin: null,
  phone: null,
  location: null,
  bio: null,
  isActive: true,
};

const page = (items: AppUser[]): Paged<AppUser> => ({
  items,
  total: items.length,
  page: 1,
  limit: 10,
  totalPages: 1,
});

function renderPage(language: Language = 'en') {
  return renderScreen(<UserManagementScreen />, { language, user: admin, path: '/users' });
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  vi.mocked(userManagementReadModel.counts).mockResolvedValue(
    ok({ total: 2, student: 1, teacher: 0, admin: 1 }),
  );
  listUsers.mockResolvedValue(ok(page([ana, admin])));
});

describe('User Management: reset a password', () => {
  it('is offered for everyone but the administrator themself', async () => {
    const { user } = renderPage();
    await screen.findByText('Ana Gil');
    expect(menuItems(await openRowMenu(user, 'Ana Gil'))).toContain('Reset password');
    // The administrator's own row has no menu: they change their password in their profile.
    expect(screen.queryByRole('button', { name: /More actions for Rosa/ })).toBeNull();
  });

  it('makes a one-time password and shows it once, with the sign-in email', async () => {
    resetPassword.mockResolvedValue(ok({ id: 'user-1', temporaryPassword: 'Kp7#mQ2x-Zr9wT4a' }));
    const { user } = renderPage();
    await screen.findByText('Ana Gil');

    await chooseRowAction(user, 'Ana Gil', 'Reset password');
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of Ana Gil' });
    expect(
      within(dialog).getByRole('radio', { name: /Give them a one-time password/ }),
    ).toBeChecked();
    expect(dialog).toHaveTextContent('they must choose their own before anything else');
    await user.click(within(dialog).getByRole('button', { name: 'Make a one-time password' }));

    expect(resetPassword).toHaveBeenCalledWith(
      'user-1',
      'temporary',
      `${window.location.origin}/reset-password`,
    );
    const shown = await screen.findByRole('dialog', { name: 'New one-time password' });
    expect(shown).toHaveTextContent('Kp7#mQ2x-Zr9wT4a');
    expect(shown).toHaveTextContent('ana.gil@school.test');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Kp7#mQ2x-Zr9wT4a')).not.toBeInTheDocument());
  });

  it('sends the reset mail instead when chosen, and says where it went', async () => {
    resetPassword.mockResolvedValue(ok({ id: 'user-1', temporaryPassword: null }));
    const { user } = renderPage();
    await screen.findByText('Ana Gil');

    await chooseRowAction(user, 'Ana Gil', 'Reset password');
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of Ana Gil' });
    await user.click(within(dialog).getByRole('radio', { name: /Email them a reset link/ }));
    expect(dialog).toHaveTextContent('Sent to ana.gil@school.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send the reset email' }));

    expect(resetPassword).toHaveBeenCalledWith(
      'user-1',
      'mail',
      expect.stringMatching(/\/reset-password$/),
    );
    expect(
      await screen.findByText('Password reset email sent to ana.gil@school.test.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New one-time password' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason in Spanish when the server refuses', async () => {
    resetPassword.mockResolvedValue(
      fail('UPDATE_USERS_ERROR', 'Administrators change their own password in their profile', {
        status: 400,
        code: 'CANNOT_RESET_OWN_PASSWORD',
      }),
    );
    const { user } = renderPage('es');
    await screen.findByText('Ana Gil');

    await chooseRowAction(user, 'Ana Gil', 'Restablecer la contraseña', 'es');
    const dialog = await screen.findByRole('dialog', {
      name: 'Restablecer la contraseña de Ana Gil',
    });
    await user.click(
      within(dialog).getByRole('button', { name: 'Crear contraseña de un solo uso' }),
    );

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('La contraseña no se restableció:');
    expect(alert).toHaveTextContent('No puedes restablecer tu propia contraseña aquí.');
    expect(alert).not.toHaveTextContent('Administrators change');
    expect(dialog).toBeVisible();
  });
});
