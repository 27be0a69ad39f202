import { useState } from 'react';

/** What the hook needs to know of a loaded page: the page it is and how many there are now. */
export interface PageFigures {
  page: number;
  totalPages: number;
}

/** A query's answer, as TanStack Query's `useQuery` result gives it. */
export interface PageQuery<T extends PageFigures> {
  data: T | undefined;
  /** A page kept on screen while another loads is not the answer for the page asked for. */
  isPlaceholderData: boolean;
}

export interface PageOfFiltersOptions {
  /**
   * Forget the chosen page as soon as the filters change, so going back to earlier filters starts
   * at page 1 too. Without it, going back to the filters just left (with no paging in between)
   * shows the page chosen for them again.
   */
  forgetOnChange?: boolean;
}

export interface PageOfFilters {
  /** 1-based; page 1 for filters other than the ones a page was chosen for. */
  page: number;
  /** Chooses a page for the current filters (the Pager's onChange). */
  setPage: (page: number) => void;
  /**
   * Call while rendering with the list's query. When the list shrank under the asked-for page (the
   * last item of the last page deleted), it moves to the new last page and returns undefined, so
   * the out-of-range page is never shown; otherwise it returns the loaded page.
   */
  settle: <T extends PageFigures>(query: PageQuery<T>) => T | undefined;
}

/**
 * The page of a server-paged list for the filters it was chosen for: a new search or filter starts
 * again at page 1, and a list that shrank under the shown page shows its new last page.
 * `filterKey` is any string that changes exactly when the filters do (e.g. JSON of them); a list
 * without filters leaves it out. Every paged list takes its page from here and shows it with
 * `PagedResults`.
 */
export function usePageOfFilters(
  filterKey = '',
  { forgetOnChange = false }: PageOfFiltersOptions = {},
): PageOfFilters {
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  // Adjusting state while rendering: React renders again at once, before showing anything.
  if (forgetOnChange && paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  // Reads `isPlaceholderData` only when needed: a query result tracks what its render reads.
  const settle = <T extends PageFigures>(query: PageQuery<T>) => {
    const data = query.data;
    const outOfRange = data !== undefined && data.totalPages > 0 && data.page > data.totalPages;
    if (outOfRange && !query.isPlaceholderData && data.page === page) {
      setPaging({ filterKey, page: data.totalPages });
    }
    return outOfRange ? undefined : data;
  };
  return { page, setPage, settle };
}
