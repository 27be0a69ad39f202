import { useState } from 'react';
import { Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  authAtom,
  paths,
  requestPasswordResetWriteAtom,
  validateForgotPassword,
  type ServiceError,
} from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { ServerError } from './server-error';
import { translateErrors } from './translate-errors';

export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const { t } = useTranslation(namespace);
  const requestReset = useSetAtom(requestPasswordResetWriteAtom);
  const { isLoading } = useAtomValue(authAtom);
  const [serverError, setServerError] = useState<ServiceError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: (values) => translateErrors(validateForgotPassword(values), t),
  });

  const submit = form.onSubmit(
    async (values) => {
      setServerError(null);
      const email = values.email.trim();
      const result = await requestReset({
        email,
        redirectTo: `${window.location.origin}${paths.resetPassword}`,
      });
      if (result.success) setSentTo(email);
      else setServerError(result.error);
    },
    () => setServerError(null),
  );

  if (sentTo) {
    return (
      <Stack align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="green">
          <IconMailCheck size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2}>{t('forgot.successTitle')}</Title>
        <Text role="status">{t('forgot.successText')}</Text>
        <Text size="sm" c="dimmed">
          {t('forgot.successHint', { email: sentTo })}
        </Text>
        <Button variant="light" onClick={onBack} fullWidth>
          {t('forgot.backToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <Stack>
        <div>
          <Title order={2} id="forgot-title">
            {t('forgot.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('forgot.subtitle')}
          </Text>
        </div>
        <ServerError title={t('forgot.failed')} error={serverError} />
        <TextInput
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={isLoading} fullWidth>
          {t('forgot.submit')}
        </Button>
        <Button variant="subtle" onClick={onBack}>
          {t('forgot.backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}
