import { Button, Center, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

/** Shown when the runtime config is missing, malformed, or names an unsupported API provider. */
export function StartupErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation(namespace);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={560} role="alert">
        <Stack>
          <Title order={2}>{t('startup.title')}</Title>
          <Text>{t('startup.text')}</Text>
          <Code block>{message}</Code>
          <Button onClick={() => window.location.reload()}>{t('startup.retry')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
