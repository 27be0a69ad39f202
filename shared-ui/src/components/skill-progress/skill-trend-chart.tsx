import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

/** Each skill's line keeps its colour whichever skills a student has (each is also named in the legend). */
const SKILL_COLOURS: Record<string, string> = {
  listening: 'cyan.7',
  reading: 'indigo.6',
  grammar: 'teal.6',
  speaking: 'orange.7',
  writing: 'grape.6',
};

/**
 * The average grade per skill week by week (0–100 %), one line per skill; a week without work in a
 * skill leaves a gap the line bridges. Loaded on its own (recharts is large); the panel's table says the
 * same to screen readers, so the drawing is hidden from them.
 */
export default function SkillTrendChart({
  data,
  series,
  formatPercent,
}: {
  data: Record<string, string | number | null>[];
  series: { name: string; label: string }[];
  /** The panel's own formatting of a percentage, in the user's language ("86,5 %"). */
  formatPercent: (value: number) => string;
}) {
  return (
    <div aria-hidden>
      <LineChart
        h={240}
        data={data}
        dataKey="week"
        series={series.map((entry) => ({
          ...entry,
          color: SKILL_COLOURS[entry.name] ?? 'gray.6',
        }))}
        withLegend
        connectNulls
        yAxisProps={{ domain: [0, 100] }}
        valueFormatter={formatPercent}
        tooltipAnimationDuration={0}
        // Hidden from screen readers, so nothing in it may take the focus either (recharts' keyboard
        // layer makes the drawing a tab stop; axe's aria-hidden-focus).
        lineChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
