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

/** Headers, places and dates stay whole on one line (a header is never broken mid-word). */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/**
 * A course's waiting list for its teacher and administrators (read only): place, name, joined on. The
 * columns size to their content: place and date take what they need, the name the rest, wrapping at
 * its spaces, so a 375 px phone never scrolls sideways and no header breaks mid-word in Spanish.
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
          <Table withRowBorders verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={ONE_LINE}>{t('linePosition')}</Table.Th>
                <Table.Th style={ONE_LINE}>{t('lineStudent')}</Table.Th>
                <Table.Th style={ONE_LINE}>{t('lineJoined')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={ONE_LINE}>{entry.position}</Table.Td>
                  {/* The rest of the width: wraps at spaces; only a single word wider than the
                      column is broken (overflow-wrap breaks where no space is left to break at). */}
                  <Table.Td w="100%" style={{ overflowWrap: 'anywhere' }}>
                    {entry.name}
                  </Table.Td>
                  <Table.Td style={ONE_LINE}>{formatDate(entry.joinedAt, language)}</Table.Td>
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
