import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { EmptyState } from '../empty-state/empty-state';
import { PagedResults, type PagedResultsPage, type PagedResultsProps } from './paged-results';

const page = (items: string[], total = items.length, totalPages = 1): PagedResultsPage => ({
  items,
  total,
  totalPages,
});

function renderResults(props: Partial<PagedResultsProps> = {}) {
  const onClear = vi.fn();
  const onPageChange = vi.fn();
  const result = renderWithProviders(
    <PagedResults
      results={page(['a', 'b'])}
      countTitle={(total) => `${total} lessons`}
      fetching={false}
      loadingLabel="Loading lessons…"
      updatingLabel="Updating lessons"
      filtered={false}
      empty={<EmptyState title="No lessons yet" action={<Button>Add Lesson</Button>} />}
      filteredEmpty={{
        title: 'No lessons match',
        description: 'Try another search.',
        clearLabel: 'Clear Filters',
        onClear,
      }}
      page={1}
      onPageChange={onPageChange}
      pagerLabel="Lesson pages"
      {...props}
    >
      <ul>
        <li>Lesson a</li>
        <li>Lesson b</li>
      </ul>
    </PagedResults>,
  );
  return { ...result, onClear, onPageChange };
}

describe('PagedResults', () => {
  it('shows only a named loader while the first page loads', () => {
    renderResults({ results: undefined, fetching: true });
    expect(screen.getByRole('status', { name: 'Loading lessons…' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows nothing without a page when nothing loads (a failed load shows its own error)', () => {
    renderResults({ results: undefined, fetching: false });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows the count heading in a polite live region, and the items not busy', () => {
    renderResults({ results: page(['a', 'b'], 14, 2) });
    const heading = screen.getByRole('heading', { level: 2, name: '14 lessons' });
    expect(heading.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByText('Updating lessons')).not.toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(list.parentElement).toHaveAttribute('aria-busy', 'false');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('marks the shown items busy and says, in its live region, that they refresh', () => {
    renderResults({ fetching: true });
    // Said as text beside the count: a loader has no role, so a label on it was not allowed (axe's
    // aria-prohibited-attr) and screen readers skipped it.
    const updating = screen.getByText('Updating lessons');
    expect(updating.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByRole('list').parentElement).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('status', { name: 'Loading lessons…' })).not.toBeInTheDocument();
  });

  it('shows the empty state when there is nothing at all', () => {
    renderResults({ results: page([], 0, 0) });
    expect(screen.getByRole('heading', { name: '0 lessons' })).toBeInTheDocument();
    expect(screen.getByText('No lessons yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Lesson' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('No lessons match')).not.toBeInTheDocument();
  });

  it('says nothing matches the filters, and Clear Filters clears them', async () => {
    const { user, onClear } = renderResults({ results: page([], 0, 0), filtered: true });
    expect(screen.getByText('No lessons match')).toBeInTheDocument();
    expect(screen.getByText('Try another search.')).toBeInTheDocument();
    expect(screen.queryByText('No lessons yet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('shows the items, not an empty state, when filters match something', () => {
    renderResults({ filtered: true });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('No lessons match')).not.toBeInTheDocument();
  });

  it('pages with its named pager, from the page asked for', async () => {
    const { user, onPageChange } = renderResults({ results: page(['a', 'b'], 30, 3), page: 2 });
    const pager = screen.getByRole('navigation', { name: 'Lesson pages' });
    expect(pager).toHaveTextContent('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('shows the empty state of a list without filters, and takes a deeper count heading', () => {
    renderResults({
      results: page([], 0, 0),
      filtered: undefined,
      filteredEmpty: undefined,
      headingOrder: 3,
    });
    expect(screen.getByRole('heading', { level: 3, name: '0 lessons' })).toBeInTheDocument();
    expect(screen.getByText('No lessons yet')).toBeInTheDocument();
  });

  it('shows no pager when everything fits on one page', () => {
    renderResults();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
