import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '@portal/shared-data';
import { formatDayMonth, formatMoney, formatShortMonthYear, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';

/**
 * The period's enrolments (bars, left axis) and revenue (line, right axis) per day, week or month.
 * Loaded on its own (recharts is large), after the figures. Screen readers get the same numbers as
 * text, since the drawing itself says nothing to them.
 */
export default function ActivityChart({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const summaryId = useId();
  // A bucket's start is a 'YYYY-MM-DD' day: the formatters read it as that day wherever the viewer is.
  const nameOf = (start: string) =>
    data.bucket === 'month'
      ? formatShortMonthYear(start, language)
      : formatDayMonth(start, language);
  const points = data.series.map((point) => ({
    bucket: nameOf(point.start),
    enrollments: point.enrollments,
    revenue: point.revenue,
  }));
  return (
    <div>
      <div role="img" aria-labelledby={summaryId}>
        <CompositeChart
          h={260}
          data={points}
          dataKey="bucket"
          withLegend
          withRightYAxis
          // Enrolments are counted: whole numbers on their axis, never 0.75.
          yAxisProps={{ allowDecimals: false }}
          // Wide enough for a Spanish amount ('17.068,00 US$', '17.068,00 €'): recharts' 60 px default cut it.
          rightYAxisProps={{
            tickFormatter: (value: number) => formatMoney(value, data.currency, language),
            width: 96,
          }}
          valueFormatter={(value) => String(value)}
          tooltipAnimationDuration={0}
          series={[
            { name: 'enrollments', label: t('chart.enrollments'), color: 'indigo.6', type: 'bar' },
            {
              name: 'revenue',
              label: t('chart.revenue'),
              color: 'teal.6',
              type: 'line',
              yAxisId: 'right',
            },
          ]}
        />
      </div>
      <VisuallyHidden id={summaryId}>
        {t('chart.summary', {
          enrollments: data.current.newEnrollments,
          revenue: formatMoney(data.current.revenue, data.currency, language),
        })}{' '}
        {data.series
          .map((point) =>
            t('chart.point', {
              bucket: nameOf(point.start),
              enrollments: point.enrollments,
              revenue: formatMoney(point.revenue, data.currency, language),
            }),
          )
          .join('; ')}
      </VisuallyHidden>
    </div>
  );
}
