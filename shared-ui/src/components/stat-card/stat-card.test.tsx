import { IconUsers } from '@tabler/icons-react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { StatCard } from './stat-card';

describe('StatCard', () => {
  it('is found by its label and described by its value', () => {
    renderWithProviders(
      <>
        <StatCard
          label="Total Users"
          value={42}
          hint="30 students · 12 teachers"
          icon={<IconUsers />}
        />
        <StatCard label="Active Courses" value={7} />
      </>,
    );
    const card = screen.getByRole('group', { name: 'Total Users' });
    expect(card).toHaveAccessibleDescription('42');
    expect(within(card).getByText('30 students · 12 teachers')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Active Courses' })).toHaveAccessibleDescription('7');
  });

  it('shows a busy placeholder instead of a value while loading', () => {
    renderWithProviders(<StatCard label="Total Revenue" value="$0" loading />);
    const card = screen.getByRole('group', { name: 'Total Revenue' });
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(within(card).queryByText('$0')).not.toBeInTheDocument();
  });
});
