import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { SKILL_TREND_WEEKS, SkillProgressPanel, skillTrend } from './skill-progress-panel';

describe('SkillProgressPanel', () => {
  it('says so when nothing is graded yet', () => {
    renderWithProviders(<SkillProgressPanel rows={[]} />);
    expect(screen.getByRole('heading', { name: 'Progress by skill' })).toBeInTheDocument();
    expect(screen.getByText('Nothing graded yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('gives the chart’s figures as a table, in the user’s language', async () => {
    renderWithProviders(
      <SkillProgressPanel
        rows={[
          { skill: 'speaking', graded: 2, averagePercent: 72.5 },
          { skill: 'writing', graded: 1, averagePercent: null },
        ]}
      />,
      { language: 'es' },
    );
    const table = screen.getByRole('table', {
      name: 'Calificación media por destreza, en porcentaje',
    });
    const speaking = within(table).getByRole('row', { name: /Expresión oral/ });
    expect(within(speaking).getByText('72,5 %')).toBeInTheDocument();
    expect(within(speaking).getByText('2')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Expresión escrita/ })).toHaveTextContent('—');
  });

  it('shows loading, and an error with Try again', async () => {
    const onRetry = vi.fn();
    const { unmount } = renderWithProviders(<SkillProgressPanel rows={null} loading />);
    expect(screen.getByRole('status', { name: 'Loading progress by skill…' })).toBeInTheDocument();
    unmount();
    const { user } = renderWithProviders(
      <SkillProgressPanel rows={null} error="Could not load." onRetry={onRetry} />,
    );
    expect(screen.getByText(/Error loading progress by skill:/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers the weeks as “Over time”, a line per skill with its table', async () => {
    const { user } = renderWithProviders(
      <SkillProgressPanel
        rows={[
          { skill: 'speaking', graded: 3, averagePercent: 70 },
          { skill: 'writing', graded: 1, averagePercent: 90 },
        ]}
        weeks={[
          { week: '2026-11-02', skill: 'speaking', graded: 1, averagePercent: 60 },
          { week: '2026-11-09', skill: 'speaking', graded: 2, averagePercent: 75 },
          { week: '2026-11-09', skill: 'writing', graded: 1, averagePercent: 90 },
        ]}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Over time' }));
    const table = screen.getByRole('table', {
      name: 'Average grade by week and skill, in percent (the last 2 weeks with graded work)',
    });
    // Its name stays outside the area that scrolls sideways on a phone, so it is never cut off.
    const name = screen.getByText(/^Average grade by week and skill/);
    expect(name.closest('.mantine-ScrollArea-root')).toBeNull();
    expect(table.closest('.mantine-ScrollArea-root')).not.toBeNull();
    const header = within(table).getAllByRole('columnheader');
    expect(header.map((cell) => cell.textContent)).toEqual(['Week', 'Speaking', 'Writing']);
    const first = within(table).getByRole('row', { name: /Week of Nov 2, 2026/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['60 %', '—']);
    const second = within(table).getByRole('row', { name: /Week of Nov 9, 2026/ });
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['75 %', '90 %']);
    await user.click(screen.getByRole('radio', { name: 'By skill' }));
    expect(
      screen.getByRole('table', { name: 'Average grade by skill, in percent' }),
    ).toBeInTheDocument();
  });

  it('has no “Over time” with a single week of work', () => {
    renderWithProviders(
      <SkillProgressPanel
        rows={[{ skill: 'reading', graded: 1, averagePercent: 50 }]}
        weeks={[{ week: '2026-11-02', skill: 'reading', graded: 1, averagePercent: 50 }]}
      />,
    );
    expect(screen.queryByRole('radio', { name: 'Over time' })).not.toBeInTheDocument();
  });

  it('keeps the last weeks, oldest first, and the skills in the panel’s order', () => {
    const weeks = Array.from({ length: SKILL_TREND_WEEKS + 3 }, (_, index) => ({
      week: `2026-${String(1 + Math.floor(index / 4)).padStart(2, '0')}-${String(1 + 7 * (index % 4)).padStart(2, '0')}`,
      skill: index % 2 === 0 ? 'grammar' : 'listening',
      graded: 1,
      averagePercent: index,
    }));
    const trend = skillTrend([...weeks].reverse(), ['listening', 'grammar']);
    expect(trend.weeks).toHaveLength(SKILL_TREND_WEEKS);
    expect(trend.weeks[0]).toBe(weeks[3]!.week);
    expect(trend.weeks.at(-1)).toBe(weeks.at(-1)!.week);
    expect(trend.skills).toEqual(['listening', 'grammar']);
    expect(trend.averages[weeks.at(-1)!.week]).toEqual({ grammar: SKILL_TREND_WEEKS + 2 });
  });
});
