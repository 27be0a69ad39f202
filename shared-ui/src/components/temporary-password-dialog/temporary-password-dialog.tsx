import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../form-modal/form-modal';

export interface TemporaryPasswordDialogProps {
  /** What was done, e.g. "User created" or "Teacher added". */
  title: string;
  /** The new account's full name, as the intro names it. */
  name: string;
  email: string;
  temporaryPassword: string;
  onClose: () => void;
}

/**
 * The one-time temporary password of an account an administrator just created, with a copy button.
 * Mount it only while open: once closed the password is gone from the page (the server keeps no copy
 * either).
 */
export function TemporaryPasswordDialog({
  title,
  name,
  email,
  temporaryPassword,
  onClose,
}: TemporaryPasswordDialogProps) {
  const { t } = useTranslation('common');
  return (
    <FormModal
      title={title}
      onClose={onClose}
      // The intro says the password is shown only this once; Done is the way out.
      dirty={false}
      size="md"
      actions={
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('temporaryPassword.done')}</Button>
        </Group>
      }
    >
      <Text size="sm">{t('temporaryPassword.intro', { name })}</Text>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('temporaryPassword.email')}
        </Text>
        <Text size="sm">{email}</Text>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('temporaryPassword.label')}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Code fz="lg" style={{ userSelect: 'all', wordBreak: 'break-all' }}>
            {temporaryPassword}
          </Code>
          <CopyButton value={temporaryPassword}>
            {({ copied, copy }) => (
              <Button
                // The dialog opens on the copy button: the one thing to do here.
                data-autofocus
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? t('temporaryPassword.copied') : t('temporaryPassword.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </FormModal>
  );
}
