import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authService, fail } from '@portal/shared-data';
import { renderShell } from '../../test-support/render-shell';
import AuthScreen from './auth-screen';

// Issue 29: the lockout message says how long to wait, in the user's language (the wait is the
// server's: supabase/tests/services/sign-in-lockout.test.ts).

afterEach(() => vi.restoreAllMocks());

const lockedOut = () =>
  fail('LOGIN_ERROR', 'Too many login attempts. Please try again later.', {
    status: 429,
    code: 'over_request_rate_limit',
    retryAfterSeconds: 900,
  });

describe('a locked-out sign-in', () => {
  it('says in English how many minutes to wait', async () => {
    vi.spyOn(authService, 'signIn').mockResolvedValue(lockedOut());
    const { user } = renderShell(<AuthScreen />);
    await user.type(screen.getByLabelText('Email'), 'ana@school.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    expect(alert).not.toHaveTextContent('Please try again later');
  });

  it('and in Spanish', async () => {
    vi.spyOn(authService, 'signIn').mockResolvedValue(lockedOut());
    const { user } = renderShell(<AuthScreen />, { language: 'es' });
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@school.test');
    await user.type(screen.getByLabelText('Contraseña'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Vuelve a intentarlo dentro de 15 minutos.',
    );
  });
});
