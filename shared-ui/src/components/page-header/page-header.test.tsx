import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the title as a page heading with description and actions', () => {
    renderWithProviders(
      <PageHeader
        title="Course Management"
        description="Create and organise courses"
        actions={<Button>Create Course</Button>}
      />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Course Management' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Create and organise courses')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Course' })).toBeInTheDocument();
  });

  it('can sit below an existing h1', () => {
    renderWithProviders(<PageHeader title="Upcoming Classes" order={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming Classes' })).toBeInTheDocument();
  });
});
