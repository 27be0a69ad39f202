import { Button, Code, EmptyState, Paper, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface SectionUnavailableProps {
  onRetry: () => void;
  /** What failed, e.g. the caught error's message; shown under the explanation. */
  detail?: string;
  /** Shows the Retry button as busy while the section reloads. */
  retrying?: boolean;
}

/** What a shell shows in place of a remote section that failed to load or crashed. */
export function SectionUnavailable({ onRetry, detail, retrying = false }: SectionUnavailableProps) {
  const { t } = useTranslation('common');
  return (
    <Paper withBorder p="xl" role="alert">
      <EmptyState icon={<IconPlugConnectedX aria-hidden />} variant="light" color="orange">
        <EmptyState.Title order={2}>{t('sectionUnavailable.title')}</EmptyState.Title>
        <EmptyState.Description>{t('sectionUnavailable.description')}</EmptyState.Description>
        {detail ? (
          <Stack gap={4} align="center">
            <Text size="xs" c="dimmed">
              {t('sectionUnavailable.details')}
            </Text>
            {/* Error messages can hold long URLs; wrap them inside the panel. */}
            <Code maw="100%" style={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Code>
          </Stack>
        ) : null}
        <EmptyState.Actions>
          <Button
            onClick={onRetry}
            loading={retrying}
            leftSection={<IconRefresh size={16} aria-hidden />}
          >
            {t('retry')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
