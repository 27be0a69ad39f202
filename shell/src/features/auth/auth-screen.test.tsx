import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authAtom,
  authService,
  fail,
  ok,
  passwordChangePendingError,
  settingsService,
  DEFAULT_PUBLIC_SETTINGS,
  twoFactorService,
  type AuthSession,
} from '@portal/shared-data';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderShell, student } from '../../test-support/render-shell';
import AuthScreen from './auth-screen';

afterEach(() => vi.restoreAllMocks());

describe('password managers fill every field (WCAG 3.3.8)', () => {
  it('names what each field of sign-in, sign-up and forgot password holds', async () => {
    const { user } = renderShell(<AuthScreen />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute(
      'autocomplete',
      'current-password',
    );

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    await user.click(screen.getByRole('button', { name: /Back/ }));

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('First Name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
  });

  it('lets a password be pasted, not only typed', async () => {
    const signIn = vi.spyOn(authService, 'signIn').mockResolvedValue(
      fail('AUTH_ERROR', 'Invalid login credentials', {
        status: 400,
        code: 'invalid_credentials',
      }),
    );
    const { user } = renderShell(<AuthScreen />);
    await user.click(screen.getByLabelText('Email'));
    await user.paste('ana@school.test');
    await user.click(screen.getByLabelText('Password', { exact: true }));
    await user.paste('pasted-secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith(
        expect.objectContaining({ email: 'ana@school.test', password: 'pasted-secret-1' }),
      ),
    );
  });
});

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

describe('sign in: the second step', () => {
  const session = (role: 'student' | 'teacher' | 'admin'): AuthSession => ({
    token: 'access-1',
    refreshToken: 'refresh-1',
    user: student({ id: `${role}-1`, role }),
  });

  async function signInAs(role: 'student' | 'teacher' | 'admin') {
    vi.spyOn(authService, 'signIn').mockResolvedValue(ok(session(role)));
    const signOut = vi.spyOn(authService, 'signOut').mockResolvedValue(ok(null));
    const rendered = renderShell(<AuthScreen />);
    await rendered.user.type(screen.getByLabelText('Email'), 'ana@school.test');
    await rendered.user.type(screen.getByLabelText('Password'), 'secret1');
    await rendered.user.click(screen.getByRole('button', { name: 'Sign In' }));
    return { ...rendered, signOut, page: () => rendered.store.get(authAtom) };
  }

  it('asks for the code when the service says the account needs one; the page stays signed out', async () => {
    const nextStep = vi
      .spyOn(twoFactorService, 'nextStep')
      .mockResolvedValue(ok({ kind: 'verify', factorId: 'factor-1' }));
    const { page, signOut } = await signInAs('admin');

    expect(await screen.findByRole('textbox', { name: 'Code' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(nextStep).toHaveBeenCalledWith('admin');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(page()).toMatchObject({ user: null, token: null, refreshToken: null });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks to set two-factor up when the school requires it and the account has none', async () => {
    vi.spyOn(twoFactorService, 'nextStep').mockResolvedValue(ok({ kind: 'enroll' }));
    const { page } = await signInAs('teacher');

    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up now' })).toBeInTheDocument();
    expect(page().user).toBeNull();
  });

  it.each(['student', 'teacher'] as const)(
    'goes straight in when no code is needed (%s)',
    async (role) => {
      const nextStep = vi
        .spyOn(twoFactorService, 'nextStep')
        .mockResolvedValue(ok({ kind: 'none' }));
      const { page } = await signInAs(role);

      await waitFor(() => expect(page().user).not.toBeNull());
      expect(nextStep).toHaveBeenCalledWith(role);
      expect(page()).toMatchObject({
        user: { id: `${role}-1`, role },
        token: 'access-1',
        refreshToken: 'refresh-1',
      });
      expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    },
  );

  it('when the second step cannot be decided, signs the password step out and says why', async () => {
    vi.spyOn(twoFactorService, 'nextStep').mockResolvedValue(fail('RPC_ERROR', 'Failed to fetch'));
    const { page, signOut } = await signInAs('admin');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(signOut).toHaveBeenCalledOnce();
    expect(page().user).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('ana@school.test');
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
  });
});

describe('sign in to a deactivated account (issue 29 item 12)', () => {
  const banned = () => fail('LOGIN_ERROR', 'User is banned', { status: 400, code: 'user_banned' });

  async function signIn(language: 'en' | 'es') {
    vi.spyOn(authService, 'signIn').mockResolvedValue(banned());
    // The page's QueryClient (the shell's App gives one to every route, the sign-in page included).
    const rendered = renderShell(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <AuthScreen />
      </QueryClientProvider>,
      { language },
    );
    const [email, password, submit] =
      language === 'es'
        ? ['Correo electrónico', 'Contraseña', 'Iniciar sesión']
        : ['Email', 'Password', 'Sign In'];
    await rendered.user.type(screen.getByLabelText(email), 'ines@school.test');
    await rendered.user.type(screen.getByLabelText(password), 'right-password');
    await rendered.user.click(screen.getByRole('button', { name: submit }));
    return rendered;
  }

  it('says the account is deactivated and names the contact from settings', async () => {
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(
      ok({ ...DEFAULT_PUBLIC_SETTINGS, contactEmail: 'office@school.test' }),
    );
    await signIn('en');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This account is deactivated');
    await waitFor(() =>
      expect(alert).toHaveTextContent('To use it again, write to office@school.test.'),
    );
    expect(alert).not.toHaveTextContent('User is banned');
    expect(screen.getByLabelText('Email')).toHaveValue('ines@school.test');
  });

  it('in Spanish, without a contact set, points to the school office by name', async () => {
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(
      ok({ ...DEFAULT_PUBLIC_SETTINGS, contactEmail: '' }),
    );
    await signIn('es');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Esta cuenta está desactivada');
    expect(alert).toHaveTextContent(
      'Para volver a usarla, consulta a la oficina de Lingua Academy.',
    );
  });
});

describe('sign in with a password an administrator set (issue 29 item 10)', () => {
  const session: AuthSession = { token: 'access-2', refreshToken: 'refresh-2', user: student() };

  async function signInWithOneTimePassword(language: 'en' | 'es' = 'en') {
    vi.spyOn(authService, 'signIn').mockResolvedValue(passwordChangePendingError());
    const rendered = renderShell(<AuthScreen />, { language });
    const [email, password, submit] =
      language === 'es'
        ? ['Correo electrónico', 'Contraseña', 'Iniciar sesión']
        : ['Email', 'Password', 'Sign In'];
    await rendered.user.type(screen.getByLabelText(email), 'ana@school.test');
    await rendered.user.type(screen.getByLabelText(password), 'One-Time-Pass-1');
    await rendered.user.click(screen.getByRole('button', { name: submit }));
    return { ...rendered, page: () => rendered.store.get(authAtom) };
  }

  it('asks for a new password, changes it with the one-time password, then signs the page in', async () => {
    const change = vi
      .spyOn(authService, 'changePassword')
      .mockResolvedValue(ok({ token: 'access-2', refreshToken: 'refresh-2' }));
    vi.spyOn(authService, 'getSession').mockResolvedValue(ok(session));
    const nextStep = vi.spyOn(twoFactorService, 'nextStep').mockResolvedValue(ok({ kind: 'none' }));
    const { user, page } = await signInWithOneTimePassword();

    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(page()).toMatchObject({ user: null, token: null });
    // The one-time password was just typed: it is not asked again.
    expect(screen.queryByLabelText('Password you were given')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), 'my-own-pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'my-own-pass');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(change).toHaveBeenCalledWith({
      currentPassword: 'One-Time-Pass-1',
      newPassword: 'my-own-pass',
    });
    await waitFor(() => expect(page()).toMatchObject({ user: session.user, token: 'access-2' }));
    expect(nextStep).toHaveBeenCalledWith('student');
  });

  it('then asks a teacher to set up two-factor sign-in when the school requires it, before signing in', async () => {
    vi.spyOn(authService, 'changePassword').mockResolvedValue(
      ok({ token: 'access-3', refreshToken: 'refresh-3' }),
    );
    vi.spyOn(authService, 'getSession').mockResolvedValue(
      ok({ ...session, user: student({ id: 'teacher-1', role: 'teacher' }) }),
    );
    vi.spyOn(twoFactorService, 'nextStep').mockResolvedValue(ok({ kind: 'enroll' }));
    const { user, page } = await signInWithOneTimePassword();

    await screen.findByRole('heading', { name: 'Choose your password' });
    await user.type(screen.getByLabelText('New Password'), 'my-own-pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'my-own-pass');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(page().user).toBeNull();
  });

  it("keeps what was typed and says why in the user's language when the new password is refused", async () => {
    vi.spyOn(authService, 'changePassword').mockResolvedValue(
      fail('UPDATE_PASSWORD_ERROR', 'Password is too weak', { status: 422, code: 'weak_password' }),
    );
    const getSession = vi.spyOn(authService, 'getSession');
    const { user, page } = await signInWithOneTimePassword('es');

    expect(await screen.findByRole('heading', { name: 'Elige tu contraseña' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nueva contraseña'), 'abcdef');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo guardar tu contraseña');
    expect(alert).not.toHaveTextContent('Password is too weak');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveValue('abcdef');
    expect(getSession).not.toHaveBeenCalled();
    expect(page().user).toBeNull();
  });

  it('a new password equal to the one-time one is refused before it is sent', async () => {
    const change = vi.spyOn(authService, 'changePassword');
    const { user } = await signInWithOneTimePassword();
    await screen.findByRole('heading', { name: 'Choose your password' });
    await user.type(screen.getByLabelText('New Password'), 'One-Time-Pass-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'One-Time-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      await screen.findByText('The new password must be different from the current one.'),
    ).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();
  });

  it('Use another account signs the one-time session out and shows the sign-in form again', async () => {
    const signOut = vi.spyOn(authService, 'signOut').mockResolvedValue(ok(null));
    const { user } = await signInWithOneTimePassword();
    await screen.findByRole('heading', { name: 'Choose your password' });
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(signOut).toHaveBeenCalled();
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
