import { IconUsers } from '@tabler/icons-react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { StatGrid } from './stat-grid';

describe('StatGrid', () => {
  it('shows one labelled card per item, in order, with a dash for a missing value and 0 as 0', () => {
    renderWithProviders(
      <StatGrid
        items={[
          { label: 'Total Classes', value: 12, icon: <IconUsers />, hint: 'this term' },
          { label: 'Live Classes', value: 0 },
          { label: 'Recorded Classes', value: undefined },
          { label: 'Total Hours', value: null },
        ]}
      />,
    );
    const cards = screen.getAllByRole('group');
    expect(cards.map((card) => card.getAttribute('aria-labelledby') && card.textContent)).toEqual([
      'Total Classes12this term',
      'Live Classes0',
      'Recorded Classes—',
      'Total Hours—',
    ]);
    expect(screen.getByRole('group', { name: 'Live Classes' })).toHaveAccessibleDescription('0');
    expect(screen.getByRole('group', { name: 'Total Hours' })).toHaveAccessibleDescription('—');
  });

  it('shows every card busy while the figures load', () => {
    renderWithProviders(
      <StatGrid
        loading
        items={[
          { label: 'Total Materials', value: undefined },
          { label: 'Videos', value: undefined },
        ]}
      />,
    );
    for (const name of ['Total Materials', 'Videos']) {
      const card = screen.getByRole('group', { name });
      expect(card).toHaveAttribute('aria-busy', 'true');
      expect(within(card).queryByText('—')).not.toBeInTheDocument();
    }
  });
});
