import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CreatedUser } from '@portal/shared-data';
import { FormModal } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface TemporaryPasswordModalProps {
  created: CreatedUser;
  onClose: () => void;
}

/**
 * The one-time temporary password of an account just created, with a copy button. Mounted only
 * while open; once closed the password is gone from the page (the server keeps no copy either).
 */
export function TemporaryPasswordModal({ created, onClose }: TemporaryPasswordModalProps) {
  const { t } = useTranslation(namespace);
  const { user, temporaryPassword } = created;
  const name = `${user.firstName} ${user.lastName}`.trim() || t('unknownPerson', { ns: 'common' });

  return (
    <FormModal
      title={t('password.title')}
      onClose={onClose}
      size="md"
      actions={
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('password.done')}</Button>
        </Group>
      }
    >
      <Text size="sm">{t('password.intro', { name })}</Text>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('password.email')}
        </Text>
        <Text size="sm">{user.email}</Text>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('password.label')}
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
                {copied ? t('password.copied') : t('password.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </FormModal>
  );
}
