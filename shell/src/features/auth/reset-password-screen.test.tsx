import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authService, fail, ok } from '@portal/shared-data';
import { renderShell, student } from '../../test-support/render-shell';
import ResetPasswordScreen from './reset-password-screen';

afterEach(() => vi.restoreAllMocks());

/** The page opened from the reset mail: a recovery session. */
function fromResetMail() {
  vi.spyOn(authService, 'isRecoverySession').mockResolvedValue(true);
}

describe('ResetPasswordScreen', () => {
  it("names the fields for password managers, with the account's email as the username (WCAG 3.3.8)", async () => {
    fromResetMail();
    renderShell(<ResetPasswordScreen />, {
      user: student({ email: 'ana@school.test' }),
      path: '/reset-password',
    });
    expect(await screen.findByLabelText('New Password')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    const username = document.querySelector('input[autocomplete="username"]');
    expect(username).toHaveValue('ana@school.test');
    expect(username).not.toBeVisible();
  });

  it('refuses a new password of only spaces', async () => {
    fromResetMail();
    const update = vi.spyOn(authService, 'updatePassword');
    const { user } = renderShell(<ResetPasswordScreen />, {
      user: student(),
      path: '/reset-password',
    });
    await screen.findByLabelText('New Password');

    await user.type(screen.getByLabelText('New Password'), '      ');
    await user.type(screen.getByLabelText('Confirm Password'), '      ');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(screen.getByText('Password cannot be only spaces')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it("shows a refused update in the user's language and keeps the typed passwords", async () => {
    fromResetMail();
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

    await user.type(await screen.findByLabelText('Nueva contraseña'), 'secret12');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo actualizar la contraseña');
    expect(alert).not.toHaveTextContent('New password should be different');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveValue('secret12');
  });

  it('shows the form to a recovery session whose account must still choose its password (no profile loaded)', async () => {
    fromResetMail();
    renderShell(<ResetPasswordScreen />, { path: '/reset-password' });
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
  });

  it('asks to open the page from the email without a recovery session', () => {
    vi.spyOn(authService, 'isRecoverySession').mockResolvedValue(false);
    renderShell(<ResetPasswordScreen />, { path: '/reset-password' });

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Open this page from the link in your password reset email.',
    );
  });

  it('gives a signed-in session that did not come from the reset mail no form, but says why and offers a link', async () => {
    vi.spyOn(authService, 'isRecoverySession').mockResolvedValue(false);
    const update = vi.spyOn(authService, 'updatePassword');
    const request = vi.spyOn(authService, 'requestPasswordReset').mockResolvedValue(ok(null));
    const { user } = renderShell(<ResetPasswordScreen />, {
      user: student(),
      path: '/reset-password',
      language: 'es',
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta página solo cambia la contraseña desde el enlace del correo de restablecimiento.',
    );
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
    // A link can be requested here, for the signed-in account's address.
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveValue('ana@school.test');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(request).toHaveBeenCalledWith(
      'ana@school.test',
      expect.stringMatching(/\/reset-password$/),
    );
    expect(update).not.toHaveBeenCalled();
  });
});
