import { Card, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDayMonth, intlLocale } from '../../format';
import { useLanguage } from '../../i18n';
import { EmptyState } from '../empty-state/empty-state';
import { ErrorBanner } from '../error-banner/error-banner';
import { namespace } from './skill-progress-i18n';

const SkillProgressChart = lazy(() => import('./skill-progress-chart'));
const SkillTrendChart = lazy(() => import('./skill-trend-chart'));

/** A figure and its unit stay on one line ("86,5 %"), however narrow the column. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The weeks the "Over time" view shows, the newest last: about a term. */
export const SKILL_TREND_WEEKS = 12;

/** One skill's graded work (shared-data's SkillAverage, taken through props). */
export interface SkillProgressRow {
  skill: string;
  graded: number;
  averagePercent: number | null;
}

/** One skill's graded work in one week (shared-data's SkillWeek); week: its Monday, 'YYYY-MM-DD'. */
export interface SkillProgressWeek extends SkillProgressRow {
  week: string;
}

/** The "Over time" view's figures: the last weeks, each with its average per skill (null: none). */
export interface SkillTrend {
  weeks: string[];
  skills: string[];
  averages: Record<string, Record<string, number | null>>;
}

/**
 * The weeks with graded work, the last `SKILL_TREND_WEEKS` of them (oldest first), and the skills that
 * have work in them in the panel's order.
 */
export function skillTrend(
  weeks: readonly SkillProgressWeek[],
  skillOrder: readonly string[],
): SkillTrend {
  const allWeeks = [...new Set(weeks.map((row) => row.week))].sort();
  const shownWeeks = allWeeks.slice(-SKILL_TREND_WEEKS);
  const shown = new Set(shownWeeks);
  const averages: SkillTrend['averages'] = Object.fromEntries(shownWeeks.map((week) => [week, {}]));
  const present = new Set<string>();
  for (const row of weeks) {
    if (!shown.has(row.week)) continue;
    averages[row.week]![row.skill] = row.averagePercent;
    present.add(row.skill);
  }
  const ordered = skillOrder.filter((skill) => present.has(skill));
  const others = [...present].filter((skill) => !skillOrder.includes(skill)).sort();
  return { weeks: shownWeeks, skills: [...ordered, ...others], averages };
}

type View = 'skills' | 'time';

export interface SkillProgressPanelProps {
  /** Per skill, in the order to show; null while loading or when unavailable. */
  rows: readonly SkillProgressRow[] | null | undefined;
  /**
   * The same work per week and skill. With two weeks or more the panel offers "Over time": a line per
   * skill over the last weeks, with its table.
   */
  weeks?: readonly SkillProgressWeek[] | null;
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
 * and over time, week by week, as lines; each drawing with the same figures as a table (what screen
 * readers read); loading, error and empty states.
 */
export function SkillProgressPanel({
  rows,
  weeks,
  loading = false,
  error = null,
  onRetry,
  retrying = false,
  headingOrder = 3,
}: SkillProgressPanelProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const trendCaptionId = useId();
  const number = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });
  const shown = rows ?? [];
  const [view, setView] = useState<View>('skills');
  const skillName = (skill: string) => t(`skills.${skill}`, { ns: 'common', defaultValue: skill });
  const formatPercent = (value: number) => t('percent', { value: number.format(value) });
  const percent = (value: number | null) => (value === null ? '—' : formatPercent(value));
  const trend = skillTrend(
    weeks ?? [],
    shown.map((row) => row.skill),
  );
  const canShowTrend = trend.weeks.length >= 2;
  const showTrend = canShowTrend && view === 'time';

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
  } else if (showTrend) {
    body = (
      <Stack gap="sm">
        <Suspense fallback={<Loader size="sm" aria-hidden />}>
          <SkillTrendChart
            data={trend.weeks.map((week) => ({
              week: formatDayMonth(week, language),
              ...Object.fromEntries(
                trend.skills.map((skill) => [skill, trend.averages[week]?.[skill] ?? null]),
              ),
            }))}
            series={trend.skills.map((skill) => ({ name: skill, label: skillName(skill) }))}
            formatPercent={formatPercent}
          />
        </Suspense>
        {/* The table's name sits above its scrolling area, so a phone shows it whole. */}
        <Text id={trendCaptionId} size="sm" c="dimmed">
          {t('trendLabel', { count: trend.weeks.length })}
        </Text>
        <Table.ScrollContainer minWidth={120 + 110 * trend.skills.length}>
          <Table verticalSpacing={4} aria-labelledby={trendCaptionId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('week')}</Table.Th>
                {trend.skills.map((skill) => (
                  <Table.Th key={skill} scope="col" ta="end">
                    {skillName(skill)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trend.weeks.map((week) => (
                <Table.Tr key={week}>
                  <Table.Th scope="row" fw={500}>
                    {t('weekOf', { date: formatDate(week, language) })}
                  </Table.Th>
                  {trend.skills.map((skill) => (
                    <Table.Td key={skill} ta="end" style={NO_WRAP}>
                      {percent(trend.averages[week]?.[skill] ?? null)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Suspense fallback={<Loader size="sm" aria-hidden />}>
          <SkillProgressChart rows={shown} formatPercent={formatPercent} />
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
                    {skillName(row.skill)}
                  </Table.Th>
                  <Table.Td ta="end" style={NO_WRAP}>
                    {percent(row.averagePercent)}
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
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={headingOrder} size="h5">
            {t('title')}
          </Title>
          {canShowTrend && !error && !loading ? (
            <SegmentedControl
              size="xs"
              aria-label={t('viewLabel')}
              value={view}
              onChange={(value) => setView(value as View)}
              data={[
                { value: 'skills', label: t('bySkill') },
                { value: 'time', label: t('overTime') },
              ]}
            />
          ) : null}
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
