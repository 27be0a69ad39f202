import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { authAtom, logoutWriteAtom, updatePasswordWriteAtom, validateResetPassword } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from './auth-layout';
import { authRedirect } from './auth-redirect';
import { translateFieldErrors } from './translate-errors';
import { PasswordField } from './password-field';
import { useFormFields } from './use-form-fields';

/** SPEC §2: redirect to /auth one second after the password is updated. */
export const REDIRECT_AFTER_UPDATE_MS = 1000;

type Status = 'idle' | 'submitting' | 'success';

export function ResetPasswordPage() {
  const { t } = useTranslation(['shell', 'validation']);
  const navigate = useNavigate();
  const { user } = useAtomValue(authAtom);
  const updatePassword = useSetAtom(updatePasswordWriteAtom);
  const logout = useSetAtom(logoutWriteAtom);
  const { values, setErrors, bind } = useFormFields({ password: '', confirmPassword: '' });
  const [status, setStatus] = useState<Status>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const linkError = authRedirect().error;

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => navigate('/auth', { replace: true }), REDIRECT_AFTER_UPDATE_MS);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const fieldErrors = validateResetPassword(values);
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(translateFieldErrors(fieldErrors, t));
      return;
    }
    setStatus('submitting');
    const result = await updatePassword(values.password);
    if (!result.success) {
      setStatus('idle');
      setServerError(result.error.message || t('reset.failed'));
      return;
    }
    // The recovery session has done its job: the user signs in again with the new password.
    await logout();
    setStatus('success');
  };

  const backToLogin = (
    <Button variant="subtle" onClick={() => navigate('/auth')}>
      {t('reset.backToLogin')}
    </Button>
  );

  let body;
  if (status === 'success') {
    body = (
      <Alert color="green" role="status" title={t('reset.success')}>
        {null}
      </Alert>
    );
  } else if (!user) {
    body = (
      <>
        <Alert color="red" role="alert">
          {linkError ? t('reset.invalidLink') : t('reset.noSession')}
        </Alert>
        {backToLogin}
      </>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <Stack>
          {serverError && (
            <Alert color="red" role="alert" title={t('reset.failed')}>
              {serverError}
            </Alert>
          )}
          <PasswordField
            label={t('reset.newPassword')}
            autoComplete="new-password"
            {...bind('password')}
          />
          <PasswordField
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            {...bind('confirmPassword')}
          />
          <Button type="submit" loading={status === 'submitting'} fullWidth>
            {t('reset.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    );
  }

  return (
    <AuthLayout>
      <Stack>
        <div>
          <Title order={2}>{t('reset.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('reset.subtitle')}
          </Text>
        </div>
        {body}
      </Stack>
    </AuthLayout>
  );
}
