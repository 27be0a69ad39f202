import { useLayoutEffect, useRef, useState } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  authAtom,
  authService,
  errorMessageKey,
  isPasswordChangePending,
  logoutWriteAtom,
  pendingTwoFactorStep,
  twoFactorService,
  twoFactorSignInWriteAtom,
  validateSignIn,
  type AuthSession,
  type PendingTwoFactorStep,
  type ServiceError,
} from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { PasswordField } from './password-field';
import { ServerError } from './server-error';
import { useHydrated } from './static-sign-in';
import { translateErrors } from './translate-errors';
import { ChoosePasswordStep } from './choose-password-step';
import { DeactivatedNotice } from './deactivated-notice';
import { TwoFactorStep } from './two-factor-step';

/** `session` is null when the profile is not readable yet (an aal1 session of an account with an app). */
type SecondStep = { session: AuthSession | null; step: PendingTwoFactorStep };

type Props = {
  onForgotPassword: (email: string) => void;
  onSignUp: () => void;
};

export function SignInForm({ onForgotPassword, onSignUp }: Props) {
  const { t } = useTranslation(namespace);
  const completeSignIn = useSetAtom(twoFactorSignInWriteAtom);
  const { isLoading, twoFactorPending } = useAtomValue(authAtom);
  const logout = useSetAtom(logoutWriteAtom);
  const [serverError, setServerError] = useState<ServiceError | null>(null);
  const [busy, setBusy] = useState(false);
  // After the password: the authenticator code (or enrolling one) before the page is signed in.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  // An account whose password an administrator set: its owner chooses their own first. Holds the
  // one-time password just typed (undefined when the step comes after a reload's two-factor code).
  const [choosePassword, setChoosePassword] = useState<{ currentPassword?: string } | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', remember: true },
    validate: (values) => translateErrors(validateSignIn(values), t),
  });

  // The sign-in page's built HTML takes typing before the app runs. Hydration keeps what is in the
  // fields, but the form's state starts empty: it takes over what the fields hold, before the
  // first paint (a render with the empty state would clear them).
  const hydrated = useHydrated();
  const fields = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    remember: useRef<HTMLInputElement>(null),
  };
  const { setValues } = form;
  useLayoutEffect(() => {
    const email = fields.email.current?.value ?? '';
    const password = fields.password.current?.value ?? '';
    const remember = fields.remember.current?.checked ?? true;
    if (email || password || !remember) setValues({ email, password, remember });
    // Once, when the form mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A session whose password is settled: the two-factor step it still owes, if any, else signed in. */
  const proceed = async (session: AuthSession) => {
    const next = await twoFactorService.nextStep(session.user.role);
    if (!next.success) {
      await authService.signOut();
      return setServerError(next.error);
    }
    if (next.data.kind === 'none') return completeSignIn(session);
    setSecondStep({ session, step: next.data });
  };

  const submit = form.onSubmit(
    async ({ email, password, remember }) => {
      setServerError(null);
      setBusy(true);
      try {
        const result = await authService.signIn({ email: email.trim(), password, remember });
        if (!result.success) {
          if (isPasswordChangePending(result.error)) return setChoosePassword({ currentPassword: password });
          const pending = pendingTwoFactorStep(result.error);
          return pending
            ? setSecondStep({ session: null, step: pending })
            : setServerError(result.error);
        }
        await proceed(result.data);
      } finally {
        setBusy(false);
      }
    },
    () => setServerError(null),
  );

  // A reload during the second step: the stored session is not signed in until it passes it.
  const current: SecondStep | null =
    secondStep ?? (twoFactorPending ? { session: null, step: twoFactorPending } : null);

  if (choosePassword) {
    return (
      <ChoosePasswordStep
        currentPassword={choosePassword.currentPassword}
        onChanged={async () => {
          const session = await authService.getSession();
          setChoosePassword(null);
          // Staff may still owe the school's two-factor set-up, as after any password.
          if (session.success && session.data) return proceed(session.data);
          await logout();
          if (!session.success) setServerError(session.error);
        }}
        onCancel={() => {
          setChoosePassword(null);
          void logout();
        }}
      />
    );
  }

  if (current) {
    return (
      <TwoFactorStep
        step={current.step}
        onVerified={async (tokens) => {
          if (current.session) return completeSignIn({ ...current.session, ...tokens });
          // Now aal2: the profile is readable.
          const session = await authService.getSession();
          if (session.success && session.data) return completeSignIn(session.data);
          setSecondStep(null);
          if (!session.success && isPasswordChangePending(session.error)) {
            const typed = form.getValues().password;
            return setChoosePassword(typed ? { currentPassword: typed } : {});
          }
          await logout();
          if (!session.success) setServerError(session.error);
        }}
        onCancel={() => {
          setSecondStep(null);
          void logout();
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
      <Stack>
        <div>
          <Title order={2} id="sign-in-title">
            {t('signIn.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('signIn.subtitle')}
          </Text>
        </div>
        {serverError && errorMessageKey(serverError) === 'accountDeactivated' ? (
          <DeactivatedNotice />
        ) : (
          <ServerError title={t('signIn.failed')} error={serverError} />
        )}
        <TextInput
          ref={fields.email}
          label={t('signIn.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordField
          ref={fields.password}
          label={t('signIn.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox
            ref={fields.remember}
            label={t('signIn.rememberMe')}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={!hydrated}
            onClick={() => onForgotPassword(form.getValues().email)}
          >
            {t('signIn.forgotPassword')}
          </Anchor>
        </Group>
        {/* Disabled, Enter sends nothing either (the form's default button). */}
        <Button type="submit" loading={isLoading || busy} disabled={!hydrated} fullWidth>
          {t('signIn.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signIn.noAccount')}{' '}
          <Anchor component="button" type="button" disabled={!hydrated} onClick={onSignUp}>
            {t('signIn.toSignUp')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
