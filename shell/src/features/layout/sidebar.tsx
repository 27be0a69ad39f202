import { useState, type ComponentType, type ReactNode } from 'react';
import {
  Anchor,
  Avatar,
  Box,
  Button,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { ConfirmDialog, LanguageSwitcher, useSiteName } from '@portal/shared-ui';
import { accountLanguageService, authAtom, logoutWriteAtom, paths } from '@portal/shared-data';
import { settingsQueries } from '@portal/shared-data/queries';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useNavigate } from 'react-router-dom';
import { MessagesBadge } from './messages-badge';
import { namespace } from './i18n';

/** One sidebar entry, already translated; the app builds them from the route table. */
export type SidebarItem = {
  path: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
};

type Props = {
  items: SidebarItem[];
  onNavigate: () => void;
  /** The notification bell, beside the school's name on wide screens (the header has it on phones). */
  bell?: ReactNode;
};

export function Sidebar({ items, onNavigate, bell }: Props) {
  const { t } = useTranslation(namespace);
  const siteName = useSiteName();
  const { user, isLoading } = useAtomValue(authAtom);
  const logout = useSetAtom(logoutWriteAtom);
  const navigate = useNavigate();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  // The school's contact (System Settings → General), already read by the layout: the one place
  // where help is offered, at the foot of the sidebar on every screen (WCAG 3.2.6 Consistent help).
  const contact = useQuery(settingsQueries.public()).data?.contactEmail ?? '';
  if (!user) return null;

  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <Stack h="100%" gap={0}>
      <Group p="md" justify="space-between" align="flex-start" wrap="nowrap">
        <Box style={{ minWidth: 0 }}>
          {/* System Settings: the site name in the primary colour. */}
          <Text fw={800} size="lg" c="brand">
            {siteName}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`portal.${user.role}`)}
          </Text>
        </Box>
        {bell ? <Box visibleFrom="sm">{bell}</Box> : null}
      </Group>
      <Group px="md" pb="md" wrap="nowrap" data-testid="sidebar-user">
        <Avatar src={user.avatar} alt="" radius="xl" color="secondary">
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
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={t('mainNavigation')}>
        <Box p="xs">
          {items.map(({ path, label, icon: Icon }) => (
            <NavLink
              key={path}
              component={RouterNavLink}
              to={path}
              end={path === paths.home}
              // The current page stands out in the accent colour (System Settings → Appearance).
              color="accent"
              label={label}
              leftSection={<Icon size={18} aria-hidden />}
              rightSection={path === paths.messages ? <MessagesBadge /> : undefined}
              onClick={onNavigate}
            />
          ))}
        </Box>
      </ScrollArea>
      <Divider />
      <Stack p="md" gap="sm">
        {/* The choice is the account's too: every browser and every mail of the school use it. */}
        <LanguageSwitcher
          onChoose={(language) => void accountLanguageService.save(user.id, language)}
        />
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => setConfirmingLogout(true)}
        >
          {t('logout')}
        </Button>
        {contact ? (
          <Text size="xs" c="dimmed" data-testid="school-contact">
            {t('help')} <Anchor href={`mailto:${contact}`}>{contact}</Anchor>
          </Text>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirmingLogout}
        title={t('logoutTitle')}
        message={t('logoutMessage')}
        confirmLabel={t('logout')}
        cancelLabel={t('cancel', { ns: 'common' })}
        loading={isLoading}
        danger
        onCancel={() => setConfirmingLogout(false)}
        onConfirm={async () => {
          await logout();
          setConfirmingLogout(false);
          navigate(paths.auth, { replace: true });
        }}
      />
    </Stack>
  );
}
