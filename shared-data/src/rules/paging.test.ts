// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  normalizePage,
  toPaged,
  toRange,
  totalPages,
} from './paging';

describe('normalizePage', () => {
  it('defaults to page 1 of 10 rows', () => {
    expect([DEFAULT_PAGE, DEFAULT_PAGE_SIZE]).toEqual([1, 10]);
  });

  it.each([
    [undefined, { page: 1, limit: 10 }],
    [{}, { page: 1, limit: 10 }],
    [
      { page: 3, limit: 5 },
      { page: 3, limit: 5 },
    ],
    [
      { page: 0, limit: 0 },
      { page: 1, limit: 10 },
    ],
    [
      { page: -2, limit: -1 },
      { page: 1, limit: 10 },
    ],
    [
      { page: Number.NaN, limit: Number.POSITIVE_INFINITY },
      { page: 1, limit: 10 },
    ],
    [
      { page: 2.7, limit: 10.2 },
      { page: 2, limit: 10 },
    ],
  ])('%j → %j', (request, expected) => {
    expect(normalizePage(request)).toEqual(expected);
  });
});

describe('toRange', () => {
  it.each([
    [1, 10, { from: 0, to: 9 }],
    [2, 10, { from: 10, to: 19 }],
    [3, 5, { from: 10, to: 14 }],
    [1, 1, { from: 0, to: 0 }],
    [1, 100, { from: 0, to: 99 }],
  ])('page %i of %i rows → %j', (page, limit, range) => {
    expect(toRange(page, limit)).toEqual(range);
  });
});

describe('totalPages', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [42, 10, 5],
    [42, 5, 9],
    [5, 0, 0],
    [-3, 10, 0],
  ])('%i rows at %i a page → %i pages', (total, limit, pages) => {
    expect(totalPages(total, limit)).toBe(pages);
  });
});

describe('toPaged', () => {
  it('wraps the items with the paging figures', () => {
    expect(toPaged(['a', 'b'], 12, 2, 10)).toEqual({
      items: ['a', 'b'],
      total: 12,
      page: 2,
      limit: 10,
      totalPages: 2,
    });
  });
});
