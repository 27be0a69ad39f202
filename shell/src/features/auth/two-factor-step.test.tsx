import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authAtom,
  authService,
  fail,
  ok,
  twoFactorPendingError,
  twoFactorService,
  type AuthSession,
  type TwoFactorStep,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { renderShell, student } from '../../test-support/render-shell';
import { act } from '@testing-library/react';
import AuthScreen from './auth-screen';

// The sign-in's second step, reached the way a person reaches it: the password form first. The unit
// boundary is the services (authService, twoFactorService); the page's session is the jotai store.

afterEach(() => vi.restoreAllMocks());

/** What the password step gives back: an aal1 session of a teacher. */
const passwordSession: AuthSession = {
  token: 'access-aal1',
  refreshToken: 'refresh-aal1',
  user: student({
    id: 'teacher-1',
    email: 'marta@school.test',
    firstName: 'Marta',
    role: 'teacher',
  }),
};

const enrollment = {
  factorId: 'factor-new',
  qrCode: 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/school:marta@school.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

const TEXT = {
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign In',
    code: 'Code',
    verify: 'Verify',
    required: 'Enter the 6-digit code from your authenticator app',
    format: 'The code has 6 digits',
    refused: 'The code was not accepted:',
    invalid: 'That code is not valid. Check your authenticator app and enter the current code.',
  },
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    code: 'Código',
    verify: 'Verificar',
    required: 'Introduce el código de 6 dígitos de tu aplicación de autenticación',
    format: 'El código tiene 6 dígitos',
    refused: 'El código no se aceptó:',
    invalid:
      'Ese código no es válido. Revisa tu aplicación de autenticación e introduce el código actual.',
  },
} as const;

/** Renders /auth and passes the password step; the service then asks for `step`. */
async function passPassword(step: TwoFactorStep, language: Language = 'en') {
  const text = TEXT[language];
  const signIn = vi.spyOn(authService, 'signIn').mockResolvedValue(ok(passwordSession));
  const nextStep = vi.spyOn(twoFactorService, 'nextStep').mockResolvedValue(ok(step));
  const signOut = vi.spyOn(authService, 'signOut').mockResolvedValue(ok(null));
  const verifyCode = vi.spyOn(twoFactorService, 'verifyCode');
  const enroll = vi.spyOn(twoFactorService, 'enroll');
  const rendered = renderShell(<AuthScreen />, { language });
  const { user } = rendered;
  await user.type(screen.getByLabelText(text.email), 'marta@school.test');
  await user.type(screen.getByLabelText(text.password), 'secret1');
  await user.click(screen.getByRole('button', { name: text.signIn }));
  await waitFor(() => expect(nextStep).toHaveBeenCalledWith('teacher'));
  const session = () => rendered.store.get(authAtom);
  return { ...rendered, signIn, nextStep, signOut, verifyCode, enroll, session };
}

describe('two-factor step: the code of an authenticator app', () => {
  it('asks for the code after the password; the page is not signed in yet', async () => {
    const { session } = await passPassword({ kind: 'verify', factorId: 'factor-1' });

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(
      screen.getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(session().user).toBeNull();
    expect(session().token).toBeNull();
  });

  it('takes a pasted code, with the space or dash an app shows between its groups (WCAG 3.3.8)', async () => {
    const { user, verifyCode } = await passPassword({ kind: 'verify', factorId: 'factor-1' });
    verifyCode.mockResolvedValue(
      fail('AUTH_ERROR', 'Invalid TOTP code entered', {
        status: 422,
        code: 'mfa_verification_failed',
      }),
    );
    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(code);
    await user.paste('123 456');
    expect(code).toHaveValue('123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(verifyCode).toHaveBeenLastCalledWith({ factorId: 'factor-1', code: '123456' }),
    );
    await screen.findByRole('alert');

    await user.clear(code);
    await user.paste('654-321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(verifyCode).toHaveBeenLastCalledWith({ factorId: 'factor-1', code: '654321' }),
    );
  });

  it.each(['en', 'es'] as const)(
    'checks the code with the shared rule before sending it (%s)',
    async (language) => {
      const text = TEXT[language];
      const { user, verifyCode } = await passPassword(
        { kind: 'verify', factorId: 'factor-1' },
        language,
      );
      const code = await screen.findByRole('textbox', { name: text.code });

      await user.click(screen.getByRole('button', { name: text.verify }));
      expect(await screen.findByText(text.required)).toBeInTheDocument();

      await user.type(code, '12345a');
      expect(screen.queryByText(text.required)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: text.verify }));
      expect(await screen.findByText(text.format)).toBeInTheDocument();

      await user.clear(code);
      await user.type(code, '1234567');
      await user.click(screen.getByRole('button', { name: text.verify }));
      expect(await screen.findByText(text.format)).toBeInTheDocument();

      expect(verifyCode).not.toHaveBeenCalled();
    },
  );

  it.each(['en', 'es'] as const)(
    'a refused code stays typed and the reason shows, in the user’s language (%s)',
    async (language) => {
      const text = TEXT[language];
      const { user, verifyCode, session } = await passPassword(
        { kind: 'verify', factorId: 'factor-1' },
        language,
      );
      verifyCode.mockResolvedValue(
        fail('AUTH_ERROR', 'Invalid TOTP code entered', {
          status: 422,
          code: 'mfa_verification_failed',
        }),
      );
      const code = await screen.findByRole('textbox', { name: text.code });

      await user.type(code, '654321');
      await user.click(screen.getByRole('button', { name: text.verify }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text.refused);
      expect(alert).toHaveTextContent(text.invalid);
      expect(alert).not.toHaveTextContent('Invalid TOTP code entered');
      expect(code).toHaveValue('654321');
      expect(verifyCode).toHaveBeenCalledWith({ factorId: 'factor-1', code: '654321' });
      expect(session().user).toBeNull();
    },
  );

  it('says when the code request has expired, and a new code can be sent', async () => {
    const { user, verifyCode, session } = await passPassword({
      kind: 'verify',
      factorId: 'factor-1',
    });
    verifyCode
      .mockResolvedValueOnce(
        fail('AUTH_ERROR', 'Challenge expired', { status: 422, code: 'mfa_challenge_expired' }),
      )
      .mockResolvedValueOnce(ok({ token: 'access-aal2', refreshToken: 'refresh-aal2' }));
    const code = await screen.findByRole('textbox', { name: 'Code' });

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code request has expired. Enter a new code from your authenticator app.',
    );

    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(session().user?.id).toBe('teacher-1'));
    expect(verifyCode).toHaveBeenLastCalledWith({ factorId: 'factor-1', code: '222222' });
  });

  it('an accepted code signs the page in with the session that passed it', async () => {
    const { user, verifyCode, session, signOut } = await passPassword({
      kind: 'verify',
      factorId: 'factor-1',
    });
    verifyCode.mockResolvedValue(ok({ token: 'access-aal2', refreshToken: 'refresh-aal2' }));

    // Spaces typed between the groups are ignored.
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(session().user).not.toBeNull());
    expect(verifyCode).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    expect(session()).toMatchObject({
      user: { id: 'teacher-1', role: 'teacher' },
      token: 'access-aal2',
      refreshToken: 'refresh-aal2',
      error: null,
    });
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('two-factor step: setting it up because the school requires it', () => {
  it('explains why, then shows the QR code and the key, verifies the first code and signs in', async () => {
    const { user, enroll, verifyCode, session } = await passPassword({ kind: 'enroll' });
    enroll.mockResolvedValue(ok(enrollment));
    verifyCode.mockResolvedValue(ok({ token: 'access-aal2', refreshToken: 'refresh-aal2' }));

    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your school requires two-factor sign-in for administrators and teachers. Set it up to continue.',
      ),
    ).toBeInTheDocument();
    // Nothing is enrolled until the person asks for it.
    expect(enroll).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up now' }));

    const qr = await screen.findByRole('img', {
      name: 'QR code to add this account to an authenticator app',
    });
    expect(qr).toHaveAttribute('src', enrollment.qrCode);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(enrollment.secret);
    expect(session().user).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Code' }), '987654');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(session().user?.id).toBe('teacher-1'));
    expect(verifyCode).toHaveBeenCalledWith({ factorId: 'factor-new', code: '987654' });
    expect(session().token).toBe('access-aal2');
  });

  it('is in Spanish too', async () => {
    const { user, enroll } = await passPassword({ kind: 'enroll' }, 'es');
    enroll.mockResolvedValue(ok(enrollment));

    expect(
      await screen.findByRole('heading', { name: 'Configura la verificación en dos pasos' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Configurar ahora' }));
    expect(
      await screen.findByRole('img', {
        name: 'Código QR para añadir esta cuenta a una aplicación de autenticación',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Código' })).toBeInTheDocument();
  });

  it('a refused first code stays typed; the QR code and the key stay for another try', async () => {
    const { user, enroll, verifyCode, session } = await passPassword({ kind: 'enroll' });
    enroll.mockResolvedValue(ok(enrollment));
    verifyCode.mockResolvedValue(
      fail('AUTH_ERROR', 'Invalid TOTP code entered', {
        status: 422,
        code: 'mfa_verification_failed',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Set up now' }));
    const code = await screen.findByRole('textbox', { name: 'Code' });

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.en.invalid);
    expect(code).toHaveValue('000000');
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(enrollment.secret);
    expect(enroll).toHaveBeenCalledOnce();
    expect(session().user).toBeNull();
  });

  it('says why setting it up failed, and Set up now tries again', async () => {
    const { user, enroll } = await passPassword({ kind: 'enroll' });
    enroll
      .mockResolvedValueOnce(
        fail('AUTH_ERROR', 'Too many requests', { status: 429, code: 'over_request_rate_limit' }),
      )
      .mockResolvedValueOnce(ok(enrollment));

    await user.click(await screen.findByRole('button', { name: 'Set up now' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Two-factor sign-in could not be set up:');
    expect(alert).toHaveTextContent('Too many attempts');
    expect(alert).not.toHaveTextContent('Too many requests');

    await user.click(screen.getByRole('button', { name: 'Set up now' }));
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent(enrollment.secret);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('two-factor step: leaving it', () => {
  it.each([
    ['the code', { kind: 'verify', factorId: 'factor-1' }],
    ['setting it up', { kind: 'enroll' }],
  ] as const)(
    '"Use another account" during %s signs the password step out and shows the sign-in form',
    async (_name, step) => {
      const { user, signOut, verifyCode, session } = await passPassword(step);

      await user.click(await screen.findByRole('button', { name: 'Use another account' }));

      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
      expect(signOut).toHaveBeenCalledOnce();
      expect(verifyCode).not.toHaveBeenCalled();
      expect(session().user).toBeNull();
      expect(session().token).toBeNull();
    },
  );

  it('a code answered after "Use another account" does not sign the page in', async () => {
    const { user, verifyCode, signOut, session } = await passPassword({
      kind: 'verify',
      factorId: 'factor-1',
    });
    let answer: (value: Awaited<ReturnType<typeof twoFactorService.verifyCode>>) => void = () => {};
    verifyCode.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(signOut).toHaveBeenCalledOnce();
    answer(ok({ token: 'access-aal2', refreshToken: 'refresh-aal2' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session().user).toBeNull();
    expect(session().token).toBeNull();
  });
});

describe('two-factor step after a reload (the stored session has not passed it)', () => {
  it('shows the code step, not the password form, and the verified session signs the page in', async () => {
    vi.spyOn(twoFactorService, 'verifyCode').mockResolvedValue(
      ok({ token: 'access-aal2', refreshToken: 'refresh-aal2' }),
    );
    const getSession = vi
      .spyOn(authService, 'getSession')
      .mockResolvedValue(
        ok({ ...passwordSession, token: 'access-aal2', refreshToken: 'refresh-aal2' }),
      );
    const rendered = renderShell(<AuthScreen />);
    act(() =>
      rendered.store.set(authAtom, (state) => ({
        ...state,
        twoFactorPending: { kind: 'verify', factorId: 'factor-1' },
      })),
    );

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(rendered.store.get(authAtom).user).toBeNull();

    await rendered.user.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await rendered.user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(rendered.store.get(authAtom).user?.id).toBe('teacher-1'));
    expect(getSession).toHaveBeenCalled();
    expect(rendered.store.get(authAtom)).toMatchObject({
      token: 'access-aal2',
      twoFactorPending: null,
    });
  });

  it('a password sign-in whose session owes the code asks for it without reading the profile', async () => {
    vi.spyOn(authService, 'signIn').mockResolvedValue(
      twoFactorPendingError({ kind: 'verify', factorId: 'factor-9' }),
    );
    const nextStep = vi.spyOn(twoFactorService, 'nextStep');
    const verifyCode = vi
      .spyOn(twoFactorService, 'verifyCode')
      .mockResolvedValue(ok({ token: 'access-aal2', refreshToken: 'refresh-aal2' }));
    vi.spyOn(authService, 'getSession').mockResolvedValue(ok(passwordSession));
    const { user, store } = renderShell(<AuthScreen />);
    await user.type(screen.getByLabelText('Email'), 'marta@school.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.get(authAtom).user?.id).toBe('teacher-1'));
    expect(verifyCode).toHaveBeenCalledWith({ factorId: 'factor-9', code: '123456' });
    expect(nextStep).not.toHaveBeenCalled();
  });

  it('"Use another account" signs the stored session out and clears the step', async () => {
    const signOut = vi.spyOn(authService, 'signOut').mockResolvedValue(ok(null));
    const rendered = renderShell(<AuthScreen />);
    act(() =>
      rendered.store.set(authAtom, (state) => ({ ...state, twoFactorPending: { kind: 'enroll' } })),
    );
    await rendered.user.click(await screen.findByRole('button', { name: /another account/i }));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(rendered.store.get(authAtom).twoFactorPending).toBeNull();
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });
});
