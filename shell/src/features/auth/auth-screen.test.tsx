import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authService, fail, ok } from '@portal/shared-data';
import { renderShell } from '../../test-support/render-shell';
import AuthScreen from './auth-screen';

afterEach(() => vi.restoreAllMocks());

describe('sign in', () => {
  it('shows the rule of each empty field and clears it when the field is edited', async () => {
    const signIn = vi.spyOn(authService, 'signIn');
    const { user } = renderShell(<AuthScreen />);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("says 'Invalid login credentials' in the user's language and keeps what was typed", async () => {
    vi.spyOn(authService, 'signIn').mockResolvedValue(
      fail('LOGIN_ERROR', 'Invalid login credentials', {
        status: 400,
        code: 'invalid_credentials',
      }),
    );
    const { user } = renderShell(<AuthScreen />, { language: 'es' });

    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@school.test');
    await user.type(screen.getByLabelText('Contraseña'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Credenciales de inicio de sesión no válidas');
    expect(alert).not.toHaveTextContent('Invalid login credentials');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@school.test');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('wrong-password');
  });

  it('explains a rate limit instead of showing the provider text', async () => {
    vi.spyOn(authService, 'signIn').mockResolvedValue(
      fail('LOGIN_ERROR', 'Request rate limit reached', {
        status: 429,
        code: 'over_request_rate_limit',
      }),
    );
    const { user } = renderShell(<AuthScreen />);

    await user.type(screen.getByLabelText('Email'), 'ana@school.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts');
    expect(alert).not.toHaveTextContent('Request rate limit reached');
  });

  it('sends the typed email, trimmed, with Remember me', async () => {
    const signIn = vi.spyOn(authService, 'signIn').mockResolvedValue(fail('LOGIN_ERROR', 'x'));
    const { user } = renderShell(<AuthScreen />);

    await user.type(screen.getByLabelText('Email'), '  ana@school.test ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(signIn).toHaveBeenCalledWith({
      email: 'ana@school.test',
      password: 'secret1',
      remember: false,
    });
  });
});

describe('sign up', () => {
  async function openSignUp() {
    const rendered = renderShell(<AuthScreen />);
    await rendered.user.click(screen.getByRole('button', { name: 'Sign up' }));
    return rendered;
  }

  it('refuses a password of six spaces and keeps every value', async () => {
    const signUp = vi.spyOn(authService, 'signUp');
    const { user } = await openSignUp();

    await user.type(screen.getByLabelText('First Name'), 'Tomás');
    await user.type(screen.getByLabelText('Last Name'), 'Ruiz');
    await user.type(screen.getByLabelText('Email'), 'tomas@school.test');
    await user.type(screen.getByLabelText('Password'), '      ');
    await user.type(screen.getByLabelText('Confirm Password'), '      ');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByText('Password cannot be only spaces')).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
    expect(screen.getByLabelText('First Name')).toHaveValue('Tomás');
    expect(screen.getByLabelText('Password')).toHaveValue('      ');
  });

  it('counts the characters of the names against the 100 the database keeps', async () => {
    const { user } = await openSignUp();

    await user.type(screen.getByLabelText('First Name'), 'Tomás');

    expect(screen.getByText('5/100 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('maxlength', '100');
  });

  it("says 'User already registered' through the error code", async () => {
    vi.spyOn(authService, 'signUp').mockResolvedValue(
      fail('REGISTER_ERROR', 'A user with this email address has already been registered', {
        status: 422,
        code: 'email_exists',
      }),
    );
    const { user } = await openSignUp();

    await user.type(screen.getByLabelText('First Name'), 'Tomás');
    await user.type(screen.getByLabelText('Last Name'), 'Ruiz');
    await user.type(screen.getByLabelText('Email'), 'tomas@school.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed');
    expect(alert).toHaveTextContent('User already registered');
    expect(alert).not.toHaveTextContent('A user with this email');
    expect(screen.getByLabelText('Email')).toHaveValue('tomas@school.test');
  });
});

describe('forgot password', () => {
  it('starts from the email typed on the sign-in form and confirms the sent mail', async () => {
    const reset = vi.spyOn(authService, 'requestPasswordReset').mockResolvedValue(ok(null));
    const { user } = renderShell(<AuthScreen />);

    await user.type(screen.getByLabelText('Email'), 'ana@school.test');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ana@school.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(reset).toHaveBeenCalledWith(
      'ana@school.test',
      `${window.location.origin}/reset-password`,
    );
  });

  it('shows the invalid-email rule and no request', async () => {
    const reset = vi.spyOn(authService, 'requestPasswordReset');
    const { user } = renderShell(<AuthScreen />);

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'not-valid');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
  });
});
