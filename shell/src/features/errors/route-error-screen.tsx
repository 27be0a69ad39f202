import { useLayoutEffect } from 'react';
import { Button, Center, Code, Stack, Title } from '@mantine/core';
import { paths } from '@portal/shared-data';
import { usePageTitle } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';
import { discardPrerender } from '../../prerender/handover';
import { namespace } from './i18n';

/** The router's error element: a render error in the shell itself (a bug, not a user mistake). */
export function RouteErrorScreen() {
  const { t } = useTranslation(namespace);
  const error = useRouteError();
  usePageTitle(t('routeError.title'));
  // On the sign-in page's built copy (it hides #root): this screen takes the page instead.
  useLayoutEffect(() => discardPrerender(), []);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" role="alert">
        <Title order={2}>{t('routeError.title')}</Title>
        <Code block>{message}</Code>
        <Button component={Link} to={paths.home}>
          {t('routeError.back')}
        </Button>
      </Stack>
    </Center>
  );
}
