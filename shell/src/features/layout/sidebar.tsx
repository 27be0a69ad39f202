import { useState } from 'react';
import { Avatar, Box, Button, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ConfirmDialog, LanguageSwitcher } from '@portal/shared-ui';
import { authAtom, logoutWriteAtom } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useNavigate } from 'react-router-dom';
import { navigationFor } from '../../app/route-table';
import { NAV_ICONS } from './nav-icons';

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const { user, isLoading } = useAtomValue(authAtom);
  const logout = useSetAtom(logoutWriteAtom);
  const navigate = useNavigate();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  if (!user) return null;

  const items = navigationFor(user.role);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <Stack h="100%" gap={0}>
      <Box p="md">
        <Text fw={800} size="lg" c="indigo.7">
          {t('brand')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('layout.portal', { role: t(`layout.roles.${user.role}`) })}
        </Text>
      </Box>
      <Group px="md" pb="md" wrap="nowrap" data-testid="sidebar-user">
        <Avatar src={user.avatar} radius="xl" color="indigo">
          {initials}
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {user.firstName} {user.lastName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
      </Group>
      <Divider />
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={t('layout.mainNavigation')}>
        <Box p="xs">
          {items.map((item) => {
            const Icon = NAV_ICONS[item.icon];
            return (
              <NavLink
                key={item.path}
                component={RouterNavLink}
                to={item.path}
                end={item.path === '/'}
                label={t(item.labelKey)}
                leftSection={<Icon size={18} aria-hidden />}
                onClick={onNavigate}
              />
            );
          })}
        </Box>
      </ScrollArea>
      <Divider />
      <Stack p="md" gap="sm">
        <LanguageSwitcher />
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => setConfirmingLogout(true)}
        >
          {t('layout.logout')}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={confirmingLogout}
        title={t('layout.logoutTitle')}
        message={t('layout.logoutMessage')}
        confirmLabel={t('layout.logout')}
        cancelLabel={t('layout.cancel')}
        loading={isLoading}
        danger
        onCancel={() => setConfirmingLogout(false)}
        onConfirm={async () => {
          await logout();
          setConfirmingLogout(false);
          navigate('/auth', { replace: true });
        }}
      />
    </Stack>
  );
}
