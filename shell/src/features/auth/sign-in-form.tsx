import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  authAtom,
  authService,
  twoFactorService,
  twoFactorSignInWriteAtom,
  validateSignIn,
  type AuthSession,
  type ServiceError,
} from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { PasswordField } from './password-field';
import { ServerError } from './server-error';
import { translateErrors } from './translate-errors';
import { TwoFactorStep } from './two-factor-step';

type SecondStep = { session: AuthSession; step: { kind: 'verify'; factorId: string } | { kind: 'enroll' } };

type Props = { onForgotPassword: (email: string) => void; onSignUp: () => void };

export function SignInForm({ onForgotPassword, onSignUp }: Props) {
  const { t } = useTranslation(namespace);
  const completeSignIn = useSetAtom(twoFactorSignInWriteAtom);
  const { isLoading } = useAtomValue(authAtom);
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
        if (!result.success) return setServerError(result.error);
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

  if (secondStep) {
    return (
      <TwoFactorStep
        step={secondStep.step}
        onVerified={(tokens) => completeSignIn({ ...secondStep.session, ...tokens })}
        onCancel={() => {
          setSecondStep(null);
          void authService.signOut();
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
