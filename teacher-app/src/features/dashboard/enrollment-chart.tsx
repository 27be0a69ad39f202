import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeacherCoursePerformance } from '@portal/shared-data';
import { namespace } from './i18n';

/** At most this many courses in the chart (the list beside it shows every course). */
export const CHART_COURSE_LIMIT = 8;

/** The y axis's width (px) and the longest course title it shows whole: two lines of its labels. */
const AXIS_WIDTH = 120;
export const AXIS_LABEL_LIMIT = 22;

/**
 * A course title as the y axis shows it: whole when short, else cut at a word and ended with "…".
 * Longer titles wrapped into a third line and ran into the next bar's label; the tooltip and the
 * list beside the chart keep the whole title.
 */
export function axisLabel(title: string, limit = AXIS_LABEL_LIMIT): string {
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
  const shown = courses.slice(0, CHART_COURSE_LIMIT);
  const data = shown.map((course) => ({
    course: course.title,
    enrolled: course.enrolledCount,
    free: Math.max(course.maxStudents - course.enrolledCount, 0),
  }));
  return (
    <div>
      <div role="img" aria-labelledby={summaryId}>
        <BarChart
          h={Math.max(160, shown.length * 44)}
          data={data}
          dataKey="course"
          orientation="vertical"
          type="stacked"
          // recharts passes the tick's index second: not a limit.
          yAxisProps={{ width: AXIS_WIDTH, tickFormatter: (title: string) => axisLabel(title) }}
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
