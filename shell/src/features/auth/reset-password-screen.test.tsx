import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authService, fail } from '@portal/shared-data';
import { renderShell, student } from '../../test-support/render-shell';
import ResetPasswordScreen from './reset-password-screen';

afterEach(() => vi.restoreAllMocks());

describe('ResetPasswordScreen', () => {
  it('refuses a new password of only spaces', async () => {
    const update = vi.spyOn(authService, 'updatePassword');
    const { user } = renderShell(<ResetPasswordScreen />, {
      user: student(),
      path: '/reset-password',
    });

    await user.type(screen.getByLabelText('New Password'), '      ');
    await user.type(screen.getByLabelText('Confirm Password'), '      ');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(screen.getByText('Password cannot be only spaces')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it("shows a refused update in the user's language and keeps the typed passwords", async () => {
    vi.spyOn(authService, 'updatePassword').mockResolvedValue(
      fail('UPDATE_PASSWORD_ERROR', 'New password should be different from the old password.', {
        status: 422,
        code: 'same_password',
      }),
    );
    const { user } = renderShell(<ResetPasswordScreen />, {
      user: student(),
      path: '/reset-password',
      language: 'es',
    });

    await user.type(screen.getByLabelText('Nueva contraseña'), 'secret12');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo actualizar la contraseña');
    expect(alert).not.toHaveTextContent('New password should be different');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveValue('secret12');
  });

  it('asks to open the page from the email without a recovery session', () => {
    renderShell(<ResetPasswordScreen />, { path: '/reset-password' });

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Open this page from the link in your password reset email.',
    );
  });
});
