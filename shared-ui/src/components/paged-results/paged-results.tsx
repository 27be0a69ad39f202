import { Box, Button, Group, Loader, Title, VisuallyHidden } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state/empty-state';
import { FullPageLoader } from '../full-page-loader/full-page-loader';
import { Pager } from '../pager/pager';

/** The page on screen, as a server-paged list query returns it. */
export interface PagedResultsPage {
  /** Results over every page. */
  total: number;
  totalPages: number;
  items: readonly unknown[];
}

/** The empty state of filters that match nothing, with a way to clear them. */
export interface FilteredEmptyProps {
  title: ReactNode;
  description: ReactNode;
  /** The button's text, e.g. "Clear Filters". */
  clearLabel: string;
  onClear: () => void;
}

export interface PagedResultsProps {
  /** The page to show; undefined until one has loaded (a loader shows while it loads). */
  results: PagedResultsPage | undefined;
  /** The heading over the results, e.g. "12 classes". */
  countTitle: (total: number) => ReactNode;
  /** A request for the list is under way (the first load, another page, a refresh). */
  fetching: boolean;
  /** Names the loader of the first load. */
  loadingLabel: string;
  /** Names the small loader beside the heading while shown results refresh. */
  updatingLabel: string;
  /**
   * Filters are set: an empty page then shows `filteredEmpty` (nothing matches, Clear Filters)
   * instead of `empty`. A list without filters leaves both out.
   */
  filtered?: boolean;
  /** Shown when there is nothing at all, e.g. an EmptyState offering to create the first item. */
  empty: ReactNode;
  filteredEmpty?: FilteredEmptyProps;
  /** The page asked for (1-based) and how to ask for another. */
  page: number;
  onPageChange: (page: number) => void;
  /** Names the pager's navigation landmark. */
  pagerLabel: string;
  /**
   * The count heading's level: 2 for a screen's list (the default), deeper for a list inside a
   * titled section or a dialog, so the page's outline stays in order.
   */
  headingOrder?: 2 | 3 | 4;
  /** The page's items (a grid of cards, a list of rows); shown busy while fetching. */
  children: ReactNode;
}

/**
 * The results part of every server-paged list (docs/product-rules.md "Lists, paging and sorting"): a loader on the
 * first load; then the count heading (announced politely, with a small loader while refreshing),
 * the items, or an empty state (nothing at all, or nothing matching the filters with Clear
 * Filters), and the pager. It renders siblings, so they take the spacing of the screen's Stack. The
 * page itself comes from `usePageOfFilters`.
 */
export function PagedResults({
  results,
  countTitle,
  fetching,
  loadingLabel,
  updatingLabel,
  filtered = false,
  empty,
  filteredEmpty,
  page,
  onPageChange,
  pagerLabel,
  headingOrder = 2,
  children,
}: PagedResultsProps) {
  if (results === undefined) {
    return fetching ? <FullPageLoader label={loadingLabel} minHeight={240} /> : null;
  }
  return (
    <>
      <Group gap="xs" aria-live="polite">
        <Title order={headingOrder} size="h4">
          {countTitle(results.total)}
        </Title>
        {/* Said as text in the live region: a loader has no role, so a label on it is not allowed. */}
        {fetching ? (
          <>
            <Loader size="xs" aria-hidden />
            <VisuallyHidden>{updatingLabel}</VisuallyHidden>
          </>
        ) : null}
      </Group>
      {results.items.length === 0 ? (
        filtered && filteredEmpty ? (
          <EmptyState
            icon={<IconFilterOff aria-hidden />}
            title={filteredEmpty.title}
            description={filteredEmpty.description}
            action={
              <Button variant="light" onClick={filteredEmpty.onClear}>
                {filteredEmpty.clearLabel}
              </Button>
            }
          />
        ) : (
          empty
        )
      ) : (
        <Box aria-busy={fetching}>{children}</Box>
      )}
      <Pager
        page={page}
        totalPages={results.totalPages}
        onChange={onPageChange}
        aria-label={pagerLabel}
      />
    </>
  );
}
