import { Box, Button, Code, EmptyState, Paper, Text } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface SectionUnavailableProps {
  onRetry: () => void;
  /**
   * What failed, e.g. the caught error's message. It is for whoever reports or fixes the problem,
   * not for the user: it stays folded under "Technical details".
   */
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
        <EmptyState.Actions>
          <Button
            onClick={onRetry}
            loading={retrying}
            leftSection={<IconRefresh size={16} aria-hidden />}
          >
            {t('retry')}
          </Button>
        </EmptyState.Actions>
        {detail ? (
          <Box component="details" w="100%" maw={560} mt="md" ta="start">
            <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>
              {t('sectionUnavailable.technicalDetails')}
            </Text>
            {/* Error messages can hold long URLs; wrap them inside the panel. */}
            <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {detail}
            </Code>
          </Box>
        ) : null}
      </EmptyState>
    </Paper>
  );
}
