import { Button } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows title, description and action', () => {
    renderWithProviders(
      <EmptyState
        icon={<IconBooks />}
        title="No courses found"
        description="Try another search or clear the filters."
        action={<Button>Clear Filters</Button>}
      />,
    );
    expect(screen.getByText('No courses found')).toBeInTheDocument();
    expect(screen.getByText('Try another search or clear the filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeInTheDocument();
  });

  it('works with a title only', () => {
    renderWithProviders(<EmptyState title="No materials found." />);
    expect(screen.getByText('No materials found.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
