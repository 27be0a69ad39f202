/** Lists start at page 1 with 10 rows a page. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

/** What a list call asks for; both optional. */
export type PageRequest = { page?: number; limit?: number };

/** One page of a list and where it sits in the whole. */
export type Paged<T> = {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
};

function positiveInteger(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

/** The page and page size a request really uses: missing, zero, negative or NaN fall back to the defaults. */
export function normalizePage({ page, limit }: PageRequest = {}): { page: number; limit: number } {
  return {
    page: positiveInteger(page, DEFAULT_PAGE),
    limit: positiveInteger(limit, DEFAULT_PAGE_SIZE),
  };
}

/** The inclusive row range of a page, as PostgREST's `range(from, to)` takes it. */
export function toRange(page: number, limit: number): { from: number; to: number } {
  const from = (page - 1) * limit;
  return { from, to: from + limit - 1 };
}

/** Total divided by the page size, rounded up; an empty list has 0 pages. */
export function totalPages(total: number, limit: number): number {
  return limit > 0 ? Math.ceil(Math.max(total, 0) / limit) : 0;
}

export function toPaged<T>(items: T[], total: number, page: number, limit: number): Paged<T> {
  return { items, total, page, limit, totalPages: totalPages(total, limit) };
}
