import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEXT_LIMITS, errorMessageKey } from '@portal/shared-data';
import { settingsMutations } from '@portal/shared-data/queries';
import { ConfirmDialog } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface SmtpPasswordFieldProps {
  /** Whether a password is stored: the only thing the browser ever learns about it. */
  passwordSet: boolean;
  /** The new password typed in the form (saved with Save Changes); empty keeps the stored one. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * The write-only SMTP password: "Set" or "Not set", a field to replace it (sent by Save Changes
 * through set_smtp_password, never read back) and, when one is stored, Remove.
 */
export function SmtpPasswordField({
  passwordSet,
  value,
  onChange,
  error,
  disabled,
}: SmtpPasswordFieldProps) {
  const { t } = useTranslation(namespace);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const remove = useMutation(settingsMutations.setSmtpPassword());
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={500} id="smtp-password-status">
          {t('email.smtpPassword')}
        </Text>
        <Badge
          color={passwordSet ? 'teal' : 'gray'}
          variant="light"
          aria-describedby="smtp-password-status"
        >
          {passwordSet ? t('email.passwordSet') : t('email.passwordNotSet')}
        </Badge>
      </Group>
      <PasswordInput
        label={passwordSet ? t('email.replacePassword') : t('email.newPassword')}
        description={t('email.newPasswordHint')}
        autoComplete="new-password"
        maxLength={SETTINGS_TEXT_LIMITS.smtpPassword + 1}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        disabled={disabled}
      />
      {passwordSet ? (
        <Group>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={disabled}
            onClick={() => {
              remove.reset();
              setConfirmingRemove(true);
            }}
          >
            {t('email.removePassword')}
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={confirmingRemove}
        danger
        title={t('removePassword.title')}
        message={t('removePassword.message')}
        confirmLabel={t('removePassword.confirm')}
        cancelLabel={t('cancel', { ns: 'common' })}
        failedTitle={t('removePassword.failed')}
        describeError={(failure) => t(errorMessageKey(failure), { ns: 'errors' })}
        onCancel={() => setConfirmingRemove(false)}
        onConfirm={() =>
          remove.mutateAsync('').then(() => {
            setConfirmingRemove(false);
            notifications.show({ color: 'teal', message: t('removePassword.done') });
          })
        }
      />
    </Stack>
  );
}
