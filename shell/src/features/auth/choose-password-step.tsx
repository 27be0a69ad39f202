import { useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  authService,
  changePasswordFieldErrors,
  validateChangePassword,
  type ServiceError,
} from '@portal/shared-data';
import { translateErrors } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { PasswordField } from './password-field';
import { ServerError } from './server-error';

type Props = {
  /** The one-time password just typed at sign-in; without it (a later step) the form asks for it. */
  currentPassword?: string;
  /** The new password is stored: the session may now be signed in. */
  onChanged: () => void | Promise<void>;
  /** Back to the password form (the one-time password's session is signed out). */
  onCancel: () => void;
};

/**
 * The sign-in step of an account whose password an administrator set (a new account, or a reset): its
 * owner chooses their own before anything else. The server refuses the session everything until then
 * (docs/security.md "A password chosen by an administrator"); the change is the profile's, with the
 * one-time password as the current one. What was typed stays when the server refuses it.
 */
export function ChoosePasswordStep({ currentPassword, onChanged, onCancel }: Props) {
  const { t } = useTranslation(namespace);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<ServiceError | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: currentPassword ?? '', newPassword: '', confirmPassword: '' },
    validate: (values) => translateErrors(validateChangePassword(values), t),
  });

  const submit = form.onSubmit(
    async (values) => {
      setServerError(null);
      setBusy(true);
      const result = await authService.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      if (!result.success) {
        setBusy(false);
        const fields = translateErrors(changePasswordFieldErrors(result.error), t);
        // The one-time password is not on screen when sign-in passed it on: say it above the form.
        const hidden = currentPassword !== undefined && fields.currentPassword !== undefined;
        if (Object.keys(fields).length > 0 && !hidden) form.setErrors(fields);
        else setServerError(result.error);
        return;
      }
      await onChanged();
      setBusy(false);
    },
    () => setServerError(null),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="choose-password-title">
      <Stack>
        <div>
          <Title order={2} id="choose-password-title">
            {t('choosePassword.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('choosePassword.subtitle')}
          </Text>
        </div>
        <ServerError title={t('choosePassword.failed')} error={serverError} />
        {currentPassword === undefined && (
          <PasswordField
            label={t('choosePassword.currentPassword')}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
        )}
        <PasswordField
          label={t('choosePassword.newPassword')}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label={t('choosePassword.confirmPassword')}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('choosePassword.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onCancel}>
          {t('choosePassword.cancel')}
        </Anchor>
      </Stack>
    </form>
  );
}
