import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authAtom, type Notification } from '@portal/shared-data';
import { notificationMutations, notificationQueries } from '@portal/shared-data/queries';
import { formatDateTime, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';
import { notificationLink, notificationText } from './notification-text';

/**
 * The bell: the unread count in its accessible name and badge, and a popover with the newest
 * notifications (a page at a time), each a link to where the thing is. Opening one marks it read;
 * "Mark all as read" marks the rest. The counts stay live through the layout's subscription
 * (useNotificationsLive), which refetches these reads.
 */
export function NotificationBell() {
  const { t } = useTranslation(namespace, { keyPrefix: 'notifications' });
  const { language } = useLanguage();
  const navigate = useNavigate();
  const role = useAtomValue(authAtom).user?.role;
  const [opened, setOpened] = useState(false);
  const unread = useQuery(notificationQueries.unreadCount());
  const list = useInfiniteQuery({ ...notificationQueries.list(), enabled: opened });
  const markRead = useMutation(notificationMutations.markRead());
  const count = unread.data ?? 0;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate([notification.id]);
    setOpened(false);
    navigate(notificationLink(notification));
  };

  return (
    // The badge wraps the popover, so the popover's target (which gets aria-expanded and
    // aria-controls) is the button itself, not the badge's element.
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      disabled={count === 0}
      // White on Mantine's default red is 3.3:1; the darkest red reads at over 4.5:1 (WCAG AA).
      color="red.9"
      offset={4}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(360px, calc(100vw - 24px))"
        shadow="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('bell', { count })}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-label={t('title')}>
          {/* The row wraps: in Spanish the button takes its own line on a phone rather than losing
              part of its label (a button's label is never cut). */}
          <Group justify="space-between" px="md" py="sm" gap="xs" wrap="wrap">
            <Text fw={700}>{t('title')}</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ flexShrink: 0 }}
              disabled={count === 0}
              loading={markRead.isPending && markRead.variables === null}
              onClick={() => markRead.mutate(null)}
            >
              {t('markAllRead')}
            </Button>
          </Group>
          {markRead.isError ? (
            <Alert color="red" mx="md" mb="sm" p="xs" role="alert">
              {t('markFailed')}
            </Alert>
          ) : null}
          <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
            {list.isPending ? (
              <Group justify="center" p="md">
                <Loader size="sm" role="status" aria-label={t('loading')} />
              </Group>
            ) : list.isError ? (
              <Stack p="md" gap="xs" align="flex-start">
                <Text size="sm" role="alert">
                  {t('failed')}
                </Text>
                <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
                  {t('retry')}
                </Button>
              </Stack>
            ) : items.length === 0 ? (
              <Text size="sm" c="dimmed" p="md">
                {/* Teachers and administrators are told only of messages (docs/notifications.md). */}
                {t(role === 'teacher' || role === 'admin' ? 'emptyStaff' : 'empty')}
              </Text>
            ) : (
              <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {items.map((notification) => (
                  <Box
                    component="li"
                    key={notification.id}
                    style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <UnstyledButton
                      component="a"
                      href={notificationLink(notification)}
                      onClick={(event) => {
                        event.preventDefault();
                        open(notification);
                      }}
                      px="md"
                      py="sm"
                      w="100%"
                      display="block"
                      data-unread={notification.readAt ? undefined : true}
                    >
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        {notification.readAt ? null : (
                          <Box
                            mt={6}
                            w={8}
                            h={8}
                            bg="blue"
                            style={{ borderRadius: '50%', flexShrink: 0 }}
                            aria-hidden
                          />
                        )}
                        <Box style={{ minWidth: 0 }}>
                          <Text size="sm" fw={notification.readAt ? 400 : 600}>
                            {notificationText(notification, t, language)}
                            {notification.readAt ? null : (
                              <VisuallyHidden> ({t('unread')})</VisuallyHidden>
                            )}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatDateTime(notification.createdAt, language)}
                          </Text>
                        </Box>
                      </Group>
                    </UnstyledButton>
                  </Box>
                ))}
              </Box>
            )}
            {list.hasNextPage ? (
              <Group justify="center" p="sm">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('showMore')}
                </Button>
              </Group>
            ) : null}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
