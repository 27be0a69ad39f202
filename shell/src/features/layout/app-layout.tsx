import { useEffect } from 'react';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { onOpenCourseDetail } from '@portal/shared-data';
import { Outlet, useNavigate } from 'react-router-dom';
import { Sidebar } from './sidebar';

/** Sidebar plus main area shared by every signed-in screen. */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const [opened, { toggle, close }] = useDisclosure(false);
  const navigate = useNavigate();
  // The cross-app contract (DESIGN §1): any app may ask for a course's detail page by window event.
  useEffect(
    () =>
      onOpenCourseDetail((courseId) => {
        const target = `/course-detail/${encodeURIComponent(courseId)}`;
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
          <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('layout.toggleNavigation')} />
          <Text fw={800} c="indigo.7">
            {t('brand')}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
