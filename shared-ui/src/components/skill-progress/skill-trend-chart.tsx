import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { namespace } from './skill-progress-i18n';

/** One line per skill; the colours follow the skills' order (each line also has its name in the legend). */
const COLOURS = ['teal.6', 'indigo.6', 'orange.7', 'grape.6', 'cyan.7'];

/**
 * The average grade per skill week by week (0–100 %), one line per skill; a week without work in a
 * skill leaves a gap the line bridges. Loaded on its own (recharts is large); the panel's table says the
 * same to screen readers, so the drawing is hidden from them.
 */
export default function SkillTrendChart({
  data,
  series,
}: {
  data: Record<string, string | number | null>[];
  series: { name: string; label: string }[];
}) {
  const { t } = useTranslation(namespace);
  return (
    <div aria-hidden>
      <LineChart
        h={240}
        data={data}
        dataKey="week"
        series={series.map((entry, index) => ({
          ...entry,
          color: COLOURS[index % COLOURS.length]!,
        }))}
        withLegend
        connectNulls
        yAxisProps={{ domain: [0, 100] }}
        valueFormatter={(value) => t('percent', { value })}
        tooltipAnimationDuration={0}
        // Hidden from screen readers, so nothing in it may take the focus either (recharts' keyboard
        // layer makes the drawing a tab stop; axe's aria-hidden-focus).
        lineChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
