import { useEffect } from 'react';
import { AppShell, Burger, Group, Loader, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  IDLE_SIGN_OUT_STORAGE_KEY,
  authAtom,
  authService,
  logoutWriteAtom,
  onOpenCourseDetail,
  paths,
} from '@portal/shared-data';
import { settingsQueries } from '@portal/shared-data/queries';
import { useSiteName } from '@portal/shared-ui';
import { Outlet, useNavigate } from 'react-router-dom';
import { NotificationBell } from './notification-bell';
import { useNotificationsLive } from './use-notifications-live';
import { useMessagesLive } from './use-messages-live';
import { namespace } from './i18n';
import { Sidebar, type SidebarItem } from './sidebar';
import { useAccountLanguage } from './use-account-language';
import { useIdleSignOut } from './use-idle-sign-out';

/**
 * An idle user is signed out after the school's session timeout, from the same settings read that
 * the App's SchoolSettings applies to the page (one query, read once per session).
 */
function useSessionTimeout() {
  const navigate = useNavigate();
  const settings = useQuery(settingsQueries.public());
  const logout = useSetAtom(logoutWriteAtom);
  useIdleSignOut(
    settings.data?.sessionTimeout ?? null,
    (minutes) => {
      try {
        // The sign-in page says why (features/auth/idle-sign-out-notice.tsx).
        globalThis.sessionStorage?.setItem(IDLE_SIGN_OUT_STORAGE_KEY, String(minutes));
      } catch {
        // Signed out all the same, only without the explanation.
      }
      void logout().then(() => navigate(paths.auth, { replace: true }));
    },
    // The auth server refuses to refresh a session idle for the timeout (docs/security.md "Sessions
    // the server honours"): using the portal refreshes the tokens once they are half a timeout old.
    (minutes) => void authService.refreshWhenOlderThan((minutes * 60_000) / 2),
  );
}

/**
 * Sidebar plus main area shared by every signed-in screen; the app passes the role's entries.
 * `loading`: the next page's route loader is under way (its module and first reads), while the
 * page on show stays.
 */
export function AppLayout({
  navigation,
  loading = false,
}: {
  navigation: SidebarItem[];
  loading?: boolean;
}) {
  const { t } = useTranslation(namespace);
  const siteName = useSiteName();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the sm breakpoint the sidebar is a menu behind the top bar's button. While it is closed it
  // sits off-screen, so it is inert: Tab does not land on links no one can see (WCAG 2.4.11).
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const navigate = useNavigate();
  useSessionTimeout();
  const userId = useAtomValue(authAtom).user?.id;
  useAccountLanguage(userId);
  useNotificationsLive(userId);
  useMessagesLive(userId);
  // The cross-app contract (docs/architecture.md): any app may ask for a course's detail page by
  // window event.
  useEffect(
    () =>
      onOpenCourseDetail((courseId) => {
        const target = paths.courseDetail(courseId);
        if (window.location.pathname !== target) navigate(target);
      }),
    [navigate],
  );
  return (
    <AppShell
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('toggleNavigation')} />
          <Text fw={800} c="brand" style={{ flex: 1 }} truncate>
            {siteName}
          </Text>
          <NotificationBell />
        </Group>
      </AppShell.Header>
      {/*
        Anchored to both the top and the bottom of the viewport instead of a 100dvh height, so the
        sidebar's background reaches the bottom however long the page is (a viewport-unit height
        stops short when the viewport is resized to the page, e.g. in full-page captures).
      */}
      <AppShell.Navbar style={{ bottom: 0, height: 'auto' }} inert={phone && !opened}>
        <Sidebar items={navigation} onNavigate={close} bell={<NotificationBell />} />
      </AppShell.Navbar>
      <AppShell.Main aria-busy={loading}>
        {loading ? (
          <Loader
            size="sm"
            role="status"
            aria-label={t('loadingPage')}
            style={{ position: 'fixed', top: 16, right: 16, zIndex: 300 }}
          />
        ) : null}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
