import { Button, Center, Code, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';

export function RouteErrorPage() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" role="alert">
        <Title order={2}>{t('routeError.title')}</Title>
        <Code block>{message}</Code>
        <Button component={Link} to="/">
          {t('routeError.back')}
        </Button>
      </Stack>
    </Center>
  );
}
