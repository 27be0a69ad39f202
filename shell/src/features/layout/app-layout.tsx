import { useEffect } from 'react';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { onOpenCourseDetail, paths } from '@portal/shared-data';
import { Outlet, useNavigate } from 'react-router-dom';
import { namespace } from './i18n';
import { Sidebar, type SidebarItem } from './sidebar';

/** Sidebar plus main area shared by every signed-in screen; the app passes the role's entries. */
export function AppLayout({ navigation }: { navigation: SidebarItem[] }) {
  const { t } = useTranslation(namespace);
  const [opened, { toggle, close }] = useDisclosure(false);
  const navigate = useNavigate();
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
          <Text fw={800} c="indigo">
            {t('brand')}
          </Text>
        </Group>
      </AppShell.Header>
      {/*
        Anchored to both the top and the bottom of the viewport instead of a 100dvh height, so the
        sidebar's background reaches the bottom however long the page is (a viewport-unit height
        stops short when the viewport is resized to the page, e.g. in full-page captures).
      */}
      <AppShell.Navbar style={{ bottom: 0, height: 'auto' }}>
        <Sidebar items={navigation} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
