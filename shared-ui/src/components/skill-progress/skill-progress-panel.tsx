import { Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../format';
import { useLanguage } from '../../i18n';
import { EmptyState } from '../empty-state/empty-state';
import { ErrorBanner } from '../error-banner/error-banner';
import { namespace } from './skill-progress-i18n';

const SkillProgressChart = lazy(() => import('./skill-progress-chart'));

/** One skill's graded work (shared-data's SkillAverage, taken through props). */
export interface SkillProgressRow {
  skill: string;
  graded: number;
  averagePercent: number | null;
}

export interface SkillProgressPanelProps {
  /** Per skill, in the order to show; null while loading or when unavailable. */
  rows: readonly SkillProgressRow[] | null | undefined;
  loading?: boolean;
  /** Why the progress could not be read, in the user's language; with onRetry, a Try again. */
  error?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  /** The panel's heading level in the page's outline. */
  headingOrder?: 2 | 3 | 4;
}

/**
 * Progress by skill (issue 32): the average grade of the graded work that trains each skill, as bars,
 * with the same figures as a table (what screen readers read); loading, error and empty states.
 */
export function SkillProgressPanel({
  rows,
  loading = false,
  error = null,
  onRetry,
  retrying = false,
  headingOrder = 3,
}: SkillProgressPanelProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });
  const shown = rows ?? [];

  let body: ReactNode;
  if (error) {
    body = (
      <ErrorBanner title={t('loadError')} message={error} onRetry={onRetry} retrying={retrying} />
    );
  } else if (loading) {
    body = (
      <Group gap="xs" role="status" aria-label={t('loading')} py="md" justify="center">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('loading')}
        </Text>
      </Group>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        icon={<IconChartBar aria-hidden />}
        title={t('emptyTitle')}
        description={t('emptyDescription')}
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <Suspense fallback={<Loader size="sm" aria-hidden />}>
          <SkillProgressChart rows={shown} />
        </Suspense>
        <Table.ScrollContainer minWidth={260}>
          <Table verticalSpacing={4}>
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
              {t('chartLabel')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('skill')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('averagePercent')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('graded')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={row.skill}>
                  <Table.Th scope="row" fw={500}>
                    {t(`skills.${row.skill}`, { ns: 'common', defaultValue: row.skill })}
                  </Table.Th>
                  <Table.Td ta="end">
                    {row.averagePercent === null
                      ? '—'
                      : t('percent', { value: number.format(row.averagePercent) })}
                  </Table.Td>
                  <Table.Td ta="end">{row.graded}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('title')}>
      <Stack gap="sm">
        <Title order={headingOrder} size="h5">
          {t('title')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
