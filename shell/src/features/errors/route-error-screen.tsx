import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { errorMessageKey, paths } from '@portal/shared-data';
import { usePageTitle } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';
import { namespace } from './i18n';

/**
 * The router's error element: a render error in the shell itself (a bug, not a user mistake) or a
 * route loader that failed. The user reads a translated message, never the error's own text.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation(namespace);
  const error = useRouteError();
  usePageTitle(t('routeError.title'));
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" role="alert">
        <Title order={2}>{t('routeError.title')}</Title>
        <Text>{t(errorMessageKey(error), { ns: 'errors' })}</Text>
        <Button component={Link} to={paths.home}>
          {t('routeError.back')}
        </Button>
      </Stack>
    </Center>
  );
}
