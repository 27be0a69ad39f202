import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { authAtom, requestPasswordResetWriteAtom, validateForgotPassword } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { useFormFields } from './use-form-fields';
import { translateFieldErrors } from './translate-errors';

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation(['shell', 'validation']);
  const requestReset = useSetAtom(requestPasswordResetWriteAtom);
  const { isLoading } = useAtomValue(authAtom);
  const { values, setErrors, bind } = useFormFields({ email: initialEmail });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const fieldErrors = validateForgotPassword(values);
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(translateFieldErrors(fieldErrors, t));
      return;
    }
    const email = values.email.trim();
    const result = await requestReset({ email, redirectTo: `${window.location.origin}/reset-password` });
    if (result.success) setSentTo(email);
    else setServerError(result.error.message || t('forgot.failed'));
  };

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
        {serverError && (
          <Alert color="red" role="alert" title={t('forgot.failed')}>
            {serverError}
          </Alert>
        )}
        <TextInput
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          {...bind('email')}
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
