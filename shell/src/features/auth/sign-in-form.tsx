import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  authAtom,
  authService,
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
import { translateErrors } from './translate-errors';
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
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', remember: true },
    validate: (values) => translateErrors(validateSignIn(values), t),
  });

  const submit = form.onSubmit(
    async ({ email, password, remember }) => {
      setServerError(null);
      setBusy(true);
      try {
        const result = await authService.signIn({ email: email.trim(), password, remember });
        if (!result.success) {
          const pending = pendingTwoFactorStep(result.error);
          return pending
            ? setSecondStep({ session: null, step: pending })
            : setServerError(result.error);
        }
        const next = await twoFactorService.nextStep(result.data.user.role);
        if (!next.success) {
          await authService.signOut();
          return setServerError(next.error);
        }
        if (next.data.kind === 'none') return completeSignIn(result.data);
        setSecondStep({ session: result.data, step: next.data });
      } finally {
        setBusy(false);
      }
    },
    () => setServerError(null),
  );

  // A reload during the second step: the stored session is not signed in until it passes it.
  const current: SecondStep | null =
    secondStep ?? (twoFactorPending ? { session: null, step: twoFactorPending } : null);

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
        <ServerError title={t('signIn.failed')} error={serverError} />
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('signIn.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox
            label={t('signIn.rememberMe')}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgotPassword(form.getValues().email)}
          >
            {t('signIn.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" loading={isLoading || busy} fullWidth>
          {t('signIn.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signIn.noAccount')}{' '}
          <Anchor component="button" type="button" onClick={onSignUp}>
            {t('signIn.toSignUp')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
