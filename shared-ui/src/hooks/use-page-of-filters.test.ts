import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  usePageOfFilters,
  type PageFigures,
  type PageOfFiltersOptions,
} from './use-page-of-filters';

interface Props {
  filterKey: string;
  data?: PageFigures & { label: string };
  isPlaceholderData?: boolean;
}

/** The hook as a screen uses it: settle() called while rendering with the list's query. */
function renderPaging(initialProps: Props, options?: PageOfFiltersOptions) {
  return renderHook(
    ({ filterKey, data, isPlaceholderData = false }: Props) => {
      const paging = usePageOfFilters(filterKey, options);
      const shown = paging.settle({ data, isPlaceholderData });
      return { ...paging, shown };
    },
    { initialProps },
  );
}

const pageOf = (page: number, totalPages: number) => ({ page, totalPages, label: `p${page}` });

describe('usePageOfFilters', () => {
  it('starts at page 1 and moves to the page chosen', () => {
    const { result } = renderPaging({ filterKey: 'a' });
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
  });

  it('starts again at page 1 when the filters change', () => {
    const { result, rerender } = renderPaging({ filterKey: 'a' });
    act(() => result.current.setPage(3));
    rerender({ filterKey: 'b' });
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    expect(result.current.page).toBe(2);
    rerender({ filterKey: 'a' });
    expect(result.current.page).toBe(1);
  });

  it('by default shows the page chosen for the filters just left when they come back', () => {
    const { result, rerender } = renderPaging({ filterKey: 'a' });
    act(() => result.current.setPage(3));
    rerender({ filterKey: 'b' });
    rerender({ filterKey: 'a' });
    expect(result.current.page).toBe(3);
  });

  it('with forgetOnChange starts at page 1 when the earlier filters come back', () => {
    const { result, rerender } = renderPaging({ filterKey: 'a' }, { forgetOnChange: true });
    act(() => result.current.setPage(3));
    rerender({ filterKey: 'b' });
    expect(result.current.page).toBe(1);
    rerender({ filterKey: 'a' });
    expect(result.current.page).toBe(1);
  });

  it('passes a page within range through unchanged', () => {
    const data = pageOf(2, 4);
    const { result } = renderPaging({ filterKey: 'a', data });
    expect(result.current.shown).toBe(data);
    expect(result.current.page).toBe(1);
  });

  it('passes an empty list (no pages at all) through', () => {
    const data = pageOf(1, 0);
    const { result } = renderPaging({ filterKey: 'a', data });
    expect(result.current.shown).toBe(data);
  });

  it('moves to the new last page when the list shrank under the page asked for, never showing it', () => {
    const { result, rerender } = renderPaging({ filterKey: 'a' });
    act(() => result.current.setPage(3));
    rerender({ filterKey: 'a', data: pageOf(3, 2) });
    expect(result.current.page).toBe(2);
    expect(result.current.shown).toBeUndefined();
    const last = pageOf(2, 2);
    rerender({ filterKey: 'a', data: last });
    expect(result.current.shown).toBe(last);
  });

  it('does not move on a placeholder page, nor on an answer for another page', () => {
    const { result, rerender } = renderPaging({ filterKey: 'a' });
    act(() => result.current.setPage(3));
    rerender({ filterKey: 'a', data: pageOf(3, 2), isPlaceholderData: true });
    expect(result.current.page).toBe(3);
    expect(result.current.shown).toBeUndefined();
    rerender({ filterKey: 'a', data: pageOf(4, 2) });
    expect(result.current.page).toBe(3);
    expect(result.current.shown).toBeUndefined();
  });
});
