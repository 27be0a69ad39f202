import { Radio, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppUser, PasswordReset, PasswordResetMode } from '@portal/shared-data';
import { userMutations } from '@portal/shared-data/queries';
import { paths } from '@portal/shared-data/paths';
import { FormModal } from '@portal/shared-ui';
import { namespace } from './i18n';
import { userFailureText } from './user-failure';

export interface ResetPasswordModalProps {
  user: AppUser;
  /** The person's name as the list shows it. */
  name: string;
  onClose: () => void;
  /** The server answered: a one-time password to show once, or `temporaryPassword: null` (mailed). */
  onDone: (reset: PasswordReset, mode: PasswordResetMode) => void;
}

/**
 * User Management → Reset password (issue 29 item 10): a new one-time password, shown once after it
 * is made (its owner must choose their own at the next sign-in: the server enforces it), or the
 * password-reset mail sent to the account's address, whose link opens the portal's reset page. Mounted
 * only while open. A refusal (the admin's own account, not allowed …) is said in the dialog.
 */
export function ResetPasswordModal({ user, name, onClose, onDone }: ResetPasswordModalProps) {
  const { t } = useTranslation(namespace);
  const [mode, setMode] = useState<PasswordResetMode>('temporary');
  const reset = useMutation(userMutations.adminResetPassword());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset.mutate(
      { id: user.id, mode, redirectTo: `${window.location.origin}${paths.resetPassword}` },
      { onSuccess: (answer) => onDone(answer, mode) },
    );
  };

  return (
    <FormModal
      title={t('resetPassword.title', { name })}
      onClose={onClose}
      // A choice between two ways, nothing typed: closing loses nothing.
      dirty={false}
      busy={reset.isPending}
      onSubmit={submit}
      submitLabel={mode === 'temporary' ? t('resetPassword.confirmTemporary') : t('resetPassword.confirmMail')}
      failure={
        reset.error
          ? {
              title: t('resetPassword.failed'),
              reason: userFailureText(reset.error, t('resetPassword.resetFailed'), t),
            }
          : null
      }
    >
      <Radio.Group
        label={t('resetPassword.how')}
        value={mode}
        onChange={(value) => setMode(value as PasswordResetMode)}
      >
        <Stack gap="sm" mt="xs">
          <Radio
            value="temporary"
            label={t('resetPassword.temporary')}
            description={t('resetPassword.temporaryHint')}
          />
          <Radio
            value="mail"
            label={t('resetPassword.mail')}
            description={t('resetPassword.mailHint', { email: user.email })}
          />
        </Stack>
      </Radio.Group>
    </FormModal>
  );
}
