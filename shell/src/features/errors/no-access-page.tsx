import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Role } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NoAccessPage({ role, allowedRoles }: { role: Role; allowedRoles: Role[] }) {
  const { t } = useTranslation('shell');
  const roleName = (value: Role) => t(`layout.roles.${value}`);
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <IconLock size={48} aria-hidden />
        <Title order={2}>{t('noAccess.title')}</Title>
        <Text c="dimmed">
          {t('noAccess.text', { role: roleName(role), roles: allowedRoles.map(roleName).join(', ') })}
        </Text>
        <Button component={Link} to="/">
          {t('noAccess.back')}
        </Button>
      </Stack>
    </Center>
  );
}
