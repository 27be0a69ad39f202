import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { paths, type Role } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { namespace } from './i18n';

/** Shown in the main area when the signed-in role may not open the page asked for. */
export default function NoAccessScreen({
  role,
  allowedRoles,
}: {
  role: Role;
  allowedRoles: Role[];
}) {
  const { t } = useTranslation(namespace);
  const roleName = (value: Role) => t(`roles.${value}`, { ns: 'common' });
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <IconLock size={48} aria-hidden />
        <Title order={2}>{t('noAccess.title')}</Title>
        <Text c="dimmed">
          {t('noAccess.text', {
            role: roleName(role),
            roles: allowedRoles.map(roleName).join(', '),
          })}
        </Text>
        <Button component={Link} to={paths.home}>
          {t('noAccess.back')}
        </Button>
      </Stack>
    </Center>
  );
}
