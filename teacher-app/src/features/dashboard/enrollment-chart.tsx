import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeacherCoursePerformance } from '@portal/shared-data';
import { namespace } from './i18n';

/** At most this many courses in the chart (the list beside it shows every course). */
export const CHART_COURSE_LIMIT = 8;

/** The axis's share of the chart's width, and its bounds (px). */
const AXIS_SHARE = 0.5;
const AXIS_MIN = 110;
const AXIS_MAX = 200;
/** A generous width of one character of the axis's 12 px labels (px). */
const CHAR_WIDTH = 7;

/**
 * The y axis for a chart this wide (px; 0 before it is measured): its width, a share of the chart
 * so the titles get room on a desktop while the bars keep half of a phone's card, and the longest
 * title it shows whole, two lines of its labels (with a few characters lost to wrapping at words).
 */
export function axisFor(chartWidth: number): { width: number; labelLimit: number } {
  const width = Math.round(Math.min(AXIS_MAX, Math.max(AXIS_MIN, chartWidth * AXIS_SHARE)));
  return { width, labelLimit: Math.floor(width / CHAR_WIDTH) * 2 - 4 };
}

/**
 * A course title as the y axis shows it: whole when it fits, else cut at a word and ended with "…".
 * Longer titles wrapped into a third line and ran into the next bar's label; the tooltip and the
 * list beside the chart keep the whole title.
 */
export function axisLabel(title: string, limit: number): string {
  const text = title.trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * Enrolled students and free places per course as stacked bars: how full each course is at a glance.
 * Loaded on its own (recharts is large), after the dashboard's figures. Screen readers get the same
 * numbers as a list, since the drawing itself says nothing to them.
 */
export default function EnrollmentChart({ courses }: { courses: TeacherCoursePerformance[] }) {
  const { t } = useTranslation(namespace);
  const summaryId = useId();
  // The axis follows the card's width: a desktop's card shows the demo courses' titles whole.
  const { ref, width } = useElementSize();
  const axis = axisFor(width);
  const shown = courses.slice(0, CHART_COURSE_LIMIT);
  const data = shown.map((course) => ({
    course: course.title,
    enrolled: course.enrolledCount,
    free: Math.max(course.maxStudents - course.enrolledCount, 0),
  }));
  return (
    <div ref={ref}>
      <div role="img" aria-labelledby={summaryId}>
        <BarChart
          h={Math.max(160, shown.length * 44)}
          data={data}
          dataKey="course"
          orientation="vertical"
          type="stacked"
          // recharts passes the tick's index second: not a limit. The tooltip shows the whole title.
          yAxisProps={{
            width: axis.width,
            tickFormatter: (title: string) => axisLabel(title, axis.labelLimit),
          }}
          series={[
            { name: 'enrolled', label: t('chart.enrolled'), color: 'blue.6' },
            { name: 'free', label: t('chart.free'), color: 'gray.4' },
          ]}
          withLegend
          tooltipAnimationDuration={0}
        />
      </div>
      <VisuallyHidden id={summaryId}>
        {t('chart.summary')}{' '}
        {shown
          .map(
            (course) =>
              t('enrolled', { enrolled: course.enrolledCount, max: course.maxStudents }) +
              ` (${course.title})`,
          )
          .join('; ')}
      </VisuallyHidden>
      {courses.length > shown.length ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('chart.more', { shown: shown.length, total: courses.length })}
        </Text>
      ) : null}
    </div>
  );
}
