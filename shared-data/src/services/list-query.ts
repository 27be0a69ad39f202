import type { PostgrestError } from '@supabase/supabase-js';
import type { ErrorCode } from '../errors';
import { normalizePage, toPaged, toRange, type PageRequest, type Paged } from '../rules/paging';
import { fail, fromPostgrestError, ok, type Failure, type Result } from '../result';

// Query pieces every list service shares: case-insensitive substring search,
// paging with an exact count and the answer to a write that touched no row.

/** Backslash-escapes LIKE's own wildcards so `50%` or `a_b` match literally. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The `ilike` pattern for "contains term", or null when the search is blank. */
export function containsPattern(term: string | undefined): string | null {
  const trimmed = term?.trim() ?? '';
  return trimmed === '' ? null : `%${escapeLike(trimmed)}%`;
}

/** A value inside PostgREST's `or=(…)`, double-quoted so commas, dots and parentheses are literal. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

/**
 * The `or()` filter for "any of these columns contains term" (`title.ilike."%b2%",…`), or null when
 * the search is blank.
 */
export function anyColumnContains(
  columns: readonly string[],
  term: string | undefined,
): string | null {
  const pattern = containsPattern(term);
  return pattern === null
    ? null
    : columns.map((column) => `${column}.ilike.${quoted(pattern)}`).join(',');
}

/**
 * One `or()` filter per word of `term` (`first_name.ilike."%ana%",…`): a row matches when every word
 * is found in one of the columns, so "Ana García" finds the person whose first name is Ana and last
 * name García, in either order. Empty when the search is blank. Each filter goes in a `.or()` of its
 * own, and PostgREST ANDs them.
 */
export function everyWordInAnyColumn(
  columns: readonly string[],
  term: string | undefined,
): string[] {
  const words = (term ?? '').trim().split(/\s+/).filter(Boolean);
  return words.map((word) => anyColumnContains(columns, word) as string);
}

/**
 * The most rows a page-answering database function returns (`get_class_management`,
 * `get_activity_management` cap `page_size` at 100).
 */
export const FUNCTION_PAGE_LIMIT = 100;

/** A count or figure as a database function answers it (bigint arrives as text). */
export type FunctionCount = number | string | null | undefined;

/** The page a database function is asked for: the list's page, its size capped as the function caps it. */
export function functionPage(request: PageRequest): { page: number; limit: number } {
  const { page, limit } = normalizePage(request);
  return { page, limit: Math.min(limit, FUNCTION_PAGE_LIMIT) };
}

/** The page a list asks for, with its row range. */
export function pageWindow(request: PageRequest) {
  const { page, limit } = normalizePage(request);
  return { page, limit, ...toRange(page, limit) };
}

type ListResponse<Row> = { data: Row[] | null; error: PostgrestError | null; count: number | null };

/** A counted PostgREST list response as one page of mapped items. */
export function toPagedResult<Row, Item>(
  response: ListResponse<Row>,
  window: { page: number; limit: number },
  map: (row: Row) => Item,
  code: ErrorCode,
  fallbackMessage: string,
): Result<Paged<Item>> {
  if (response.error) return fromPostgrestError(code, response.error, fallbackMessage);
  const rows = response.data ?? [];
  return ok(toPaged(rows.map(map), response.count ?? rows.length, window.page, window.limit));
}

/**
 * RLS hides rows instead of refusing them, so an update or delete that matched nothing is either a
 * missing row or one the caller may not change; both are a failure the screen must show.
 */
export function nothingChanged(code: ErrorCode, fallbackMessage: string): Failure {
  return fail(code, fallbackMessage, { reason: 'No matching row, or not permitted' });
}

/** Rows one export request reads: hosted Supabase's default `max_rows`. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * Reads a list for a CSV export in pages of EXPORT_PAGE_ROWS (hosted Supabase's default
 * `max_rows`, the most one request answers): one request for a list up to that size, the next page
 * only while a page comes back full. `page(from, to)` reads one range of a fixed order.
 */
export async function readAllPages<Row>(
  page: (from: number, to: number) => PromiseLike<{ data: Row[] | null; error: PostgrestError | null }>,
): Promise<{ rows: Row[]; error: PostgrestError | null }> {
  const rows: Row[] = [];
  for (let from = 0; ; from += EXPORT_PAGE_ROWS) {
    const { data, error } = await page(from, from + EXPORT_PAGE_ROWS - 1);
    if (error) return { rows, error };
    rows.push(...(data ?? []));
    if ((data ?? []).length < EXPORT_PAGE_ROWS) return { rows, error: null };
  }
}
