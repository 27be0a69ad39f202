import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { SkillProgressRow } from './skill-progress-panel';
import { namespace } from './skill-progress-i18n';

/**
 * The average grade per skill as bars (0–100 %). Loaded on its own (recharts is large); the panel's
 * table beside it says the same to screen readers, so the drawing is hidden from them.
 */
export default function SkillProgressChart({
  rows,
  formatPercent,
}: {
  rows: readonly SkillProgressRow[];
  /** The panel's own formatting of a percentage, in the user's language ("86,5 %"). */
  formatPercent: (value: number) => string;
}) {
  const { t } = useTranslation(namespace);
  const data = rows.map((row) => ({
    skill: t(`skills.${row.skill}`, { ns: 'common', defaultValue: row.skill }),
    average: row.averagePercent ?? 0,
  }));
  return (
    <div aria-hidden>
      <BarChart
        h={220}
        data={data}
        dataKey="skill"
        series={[{ name: 'average', label: t('average'), color: 'teal.6' }]}
        yAxisProps={{ domain: [0, 100] }}
        valueFormatter={formatPercent}
        tooltipAnimationDuration={0}
        // Hidden from screen readers, so nothing in it may take the focus either (recharts' keyboard
        // layer makes the drawing a tab stop; axe's aria-hidden-focus).
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
