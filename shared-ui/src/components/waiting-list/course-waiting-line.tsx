import { Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../format';
import { useLanguage } from '../../i18n';
import { ErrorBanner } from '../error-banner/error-banner';
import { namespace } from './i18n';

export interface CourseWaitingLineEntry {
  id: string;
  /** "First Last". */
  name: string;
  joinedAt: string;
  position: number;
}

export interface CourseWaitingLineProps {
  /** Undefined while loading. */
  entries: CourseWaitingLineEntry[] | undefined;
  /** The read failed: the reason in the reader's words. */
  error?: string | null;
  onRetry?: () => void;
  retrying?: boolean;
  /** The heading's level where it is shown (a section of a page, a card's back). */
  headingOrder?: 2 | 3 | 4;
}

/**
 * A course's waiting list for its teacher and administrators (read only): place, name, joined on. A
 * fixed-layout table whose cells wrap, so a phone never scrolls sideways.
 */
export function CourseWaitingLine({
  entries,
  error = null,
  onRetry,
  retrying = false,
  headingOrder = 3,
}: CourseWaitingLineProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const titleId = useId();

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={headingOrder} size="h5" id={titleId}>
        {t('lineTitle')}
      </Title>
      {error ? (
        <ErrorBanner
          title={t('lineLoadError')}
          message={error}
          onRetry={onRetry}
          retrying={retrying}
        />
      ) : entries === undefined ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('lineLoading')}</Text>
        </Group>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lineEmpty')}
        </Text>
      ) : (
        <>
          <Text size="sm">{t('lineCount', { count: entries.length })}</Text>
          <Table
            withRowBorders
            verticalSpacing={4}
            layout="fixed"
            style={{ overflowWrap: 'anywhere' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="4.5rem">{t('linePosition')}</Table.Th>
                <Table.Th>{t('lineStudent')}</Table.Th>
                <Table.Th w="7rem">{t('lineJoined')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.position}</Table.Td>
                  <Table.Td>{entry.name}</Table.Td>
                  <Table.Td>{formatDate(entry.joinedAt, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('lineHint')}
          </Text>
        </>
      )}
    </Stack>
  );
}
