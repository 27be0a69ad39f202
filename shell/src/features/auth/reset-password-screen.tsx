import { useEffect, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  authAtom,
  authService,
  logoutWriteAtom,
  paths,
  updatePasswordWriteAtom,
  validateResetPassword,
  type ServiceError,
} from '@portal/shared-data';
import { usePageTitle } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from './auth-layout';
import { authRedirect } from './auth-redirect';
import { ForgotPasswordForm } from './forgot-password-form';
import { namespace } from './i18n';
import { PasswordField } from './password-field';
import { ServerError } from './server-error';
import { translateErrors } from './translate-errors';

/** The sign-in page opens one second after the password is updated (docs/product-rules.md). */
export const REDIRECT_AFTER_UPDATE_MS = 1000;

type Status = 'idle' | 'submitting' | 'success';

/**
 * Whether the session came from a password reset mail (null while that is being read). It is asked
 * even when the page has no signed-in user: an account that must first choose its own password (its
 * password was set by an administrator) has a recovery session but no profile the page may load.
 */
function useRecoverySession(signedIn: boolean): boolean | null {
  const [recovery, setRecovery] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void authService.isRecoverySession().then((answer) => {
      if (current) setRecovery(answer);
    });
    return () => {
      current = false;
    };
  }, [signedIn]);
  return recovery;
}

/**
 * /reset-password: the page the reset email's link opens. It sets a new password only in the recovery
 * session that link (or the mailed code) opened; any other session, or none, is told so and may ask
 * for a link here. The auth server holds the same rule: outside a recovery session a new password
 * needs the current one (docs/security.md "Changing a password").
 */
export default function ResetPasswordScreen() {
  const { t } = useTranslation(namespace);
  usePageTitle(t('pageTitle.reset'));
  const navigate = useNavigate();
  const { user } = useAtomValue(authAtom);
  const recovery = useRecoverySession(user !== null);
  const updatePassword = useSetAtom(updatePasswordWriteAtom);
  const logout = useSetAtom(logoutWriteAtom);
  const [status, setStatus] = useState<Status>('idle');
  const [serverError, setServerError] = useState<ServiceError | null>(null);
  const linkError = authRedirect().error;
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => translateErrors(validateResetPassword(values), t),
  });

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(
      () => navigate(paths.auth, { replace: true }),
      REDIRECT_AFTER_UPDATE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  const submit = form.onSubmit(
    async (values) => {
      setServerError(null);
      setStatus('submitting');
      const result = await updatePassword(values.password);
      if (!result.success) {
        setStatus('idle');
        setServerError(result.error);
        return;
      }
      // The recovery session has done its job: the user signs in again with the new password.
      await logout();
      setStatus('success');
    },
    () => setServerError(null),
  );

  const backToLogin = (
    <Button variant="subtle" onClick={() => navigate(paths.auth)}>
      {t('reset.backToLogin')}
    </Button>
  );

  // No recovery session: say why there is no form, and offer the reset mail.
  const requestLink = (reason: string) => (
    <AuthLayout>
      <Stack>
        <Alert color="red" role="alert">
          {reason}
        </Alert>
        <ForgotPasswordForm initialEmail={user?.email ?? ''} onBack={() => navigate(paths.auth)} />
      </Stack>
    </AuthLayout>
  );
  if (status !== 'success' && !user && recovery !== true) {
    return requestLink(linkError ? t('reset.invalidLink') : t('reset.noSession'));
  }
  if (status !== 'success' && recovery === false) return requestLink(t('reset.notRecovery'));

  let body;
  if (status === 'success') {
    body = (
      <Alert color="green" role="status" title={t('reset.success')}>
        {null}
      </Alert>
    );
  } else if (recovery === null) {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label={t('reset.checking')} />
      </Center>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <Stack>
          {/* The account the new password is for, so a password manager saves it there. */}
          {user?.email ? (
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={user.email}
              readOnly
              hidden
            />
          ) : null}
          <ServerError title={t('reset.failed')} error={serverError} />
          <PasswordField
            label={t('reset.newPassword')}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
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
