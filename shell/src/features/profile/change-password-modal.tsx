import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_MIN_LENGTH,
  changePasswordFieldErrors,
  changePasswordWriteAtom,
  emptyChangePasswordForm,
  errorMessageKey,
  validateChangePassword,
  type ChangePasswordValues,
  type ServiceError,
} from '@portal/shared-data';
import { FormModal, translateErrors } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface ChangePasswordModalProps {
  /** The signed-in account's email, for password managers (the server checks the current password). */
  email: string;
  onClose: () => void;
  onChanged: () => void;
}

function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation(namespace);
  return (
    <PasswordInput
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('password.showPassword') }}
    />
  );
}

/**
 * Change password, mounted only while open: the current password (the server requires it and checks
 * it with the change, docs/security.md "Changing a password"), the new one under the sign-up rule,
 * and its confirmation. A wrong current password is said at that field; any other refusal in the
 * dialog. What was typed stays either way.
 */
export function ChangePasswordModal({ email, onClose, onChanged }: ChangePasswordModalProps) {
  const { t } = useTranslation(namespace);
  const changePassword = useSetAtom(changePasswordWriteAtom);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ServiceError | null>(null);
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: emptyChangePasswordForm(),
    clearInputErrorOnChange: true,
    validate: (values) => translateErrors(validateChangePassword(values), t),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSaving(true);
    const result = await changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    setSaving(false);
    if (result.success) {
      onChanged();
      return;
    }
    const fieldErrors = changePasswordFieldErrors(result.error);
    if (Object.keys(fieldErrors).length > 0) form.setErrors(translateErrors(fieldErrors, t));
    else setFailure(result.error);
  });

  return (
    <FormModal
      title={t('password.title')}
      size="md"
      onClose={onClose}
      dirty={form.isDirty()}
      busy={saving}
      onSubmit={submit}
      failure={
        failure
          ? {
              title: t('password.failed'),
              reason: t(errorMessageKey(failure), { ns: 'errors' }),
              notice: t('password.keptNotice'),
            }
          : null
      }
      submitLabel={t('password.submit')}
    >
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        data-autofocus
        withAsterisk
        label={t('password.current')}
        autoComplete="current-password"
        {...form.getInputProps('currentPassword')}
      />
      <PasswordField
        withAsterisk
        label={t('password.new')}
        description={t('password.newHint', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        {...form.getInputProps('newPassword')}
      />
      <PasswordField
        withAsterisk
        label={t('password.confirm')}
        autoComplete="new-password"
        {...form.getInputProps('confirmPassword')}
      />
    </FormModal>
  );
}
