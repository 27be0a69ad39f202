import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { SkillProgressPanel } from './skill-progress-panel';

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
});
