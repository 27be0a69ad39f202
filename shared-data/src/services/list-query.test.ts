// @vitest-environment node
import { PostgrestError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  anyColumnContains,
  containsPattern,
  everyWordInAnyColumn,
  nothingChanged,
  pageWindow,
  readAllPages,
  toPagedResult,
} from './list-query';

describe('containsPattern', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['   ', null],
    ['Spanish', '%Spanish%'],
    ['  b2 level ', '%b2 level%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%j → %j', (term, pattern) => {
    expect(containsPattern(term)).toBe(pattern);
  });
});

describe('anyColumnContains', () => {
  it.each([
    [['title', 'description'], '', null],
    [['title', 'description'], 'verbs', 'title.ilike."%verbs%",description.ilike."%verbs%"'],
    [['title'], 'a,b', 'title.ilike."%a,b%"'],
    [['title'], 'past (simple)', 'title.ilike."%past (simple)%"'],
    [['title'], '20% off', 'title.ilike."%20\\\\% off%"'],
    [['title'], 'say "hola"', 'title.ilike."%say \\"hola\\"%"'],
  ])('%j %j → %s', (columns, term, filter) => {
    expect(anyColumnContains(columns, term)).toBe(filter);
  });
});

describe('everyWordInAnyColumn', () => {
  it('gives one filter per word, each over every column, and none for a blank search', () => {
    expect(everyWordInAnyColumn(['first_name', 'last_name'], '  Ana   García ')).toEqual([
      'first_name.ilike."%Ana%",last_name.ilike."%Ana%"',
      'first_name.ilike."%García%",last_name.ilike."%García%"',
    ]);
    expect(everyWordInAnyColumn(['email'], '   ')).toEqual([]);
    expect(everyWordInAnyColumn(['email'], undefined)).toEqual([]);
  });
});

describe('pageWindow', () => {
  it.each([
    [{}, { page: 1, limit: 10, from: 0, to: 9 }],
    [
      { page: 3, limit: 5 },
      { page: 3, limit: 5, from: 10, to: 14 },
    ],
    [
      { page: 0, limit: -1 },
      { page: 1, limit: 10, from: 0, to: 9 },
    ],
  ])('%j → %j', (request, window) => {
    expect(pageWindow(request)).toEqual(window);
  });
});

describe('toPagedResult', () => {
  const window = { page: 2, limit: 2 };
  const double = (row: number) => row * 2;

  it('maps the rows and rounds the page count up', () => {
    expect(
      toPagedResult(
        { data: [1, 2], error: null, count: 5 },
        window,
        double,
        'FETCH_COURSES_ERROR',
        'x',
      ),
    ).toEqual({
      success: true,
      data: { items: [2, 4], total: 5, page: 2, limit: 2, totalPages: 3 },
    });
  });

  it('falls back to the row count when there is no count', () => {
    expect(
      toPagedResult(
        { data: [1], error: null, count: null },
        window,
        double,
        'FETCH_COURSES_ERROR',
        'x',
      ),
    ).toMatchObject({ data: { total: 1, totalPages: 1 } });
  });

  it('carries the error', () => {
    expect(
      toPagedResult(
        {
          data: null,
          error: new PostgrestError({ message: '', code: '42501', details: '', hint: '' }),
          count: null,
        },
        window,
        double,
        'FETCH_COURSES_ERROR',
        'Failed to fetch courses',
      ),
    ).toEqual({
      success: false,
      error: {
        code: 'FETCH_COURSES_ERROR',
        message: 'Failed to fetch courses',
        details: { code: '42501' },
      },
    });
  });
});

describe('nothingChanged', () => {
  it('is a failure with the fallback message', () => {
    expect(nothingChanged('DELETE_CLASSES_ERROR', 'Failed to delete class')).toEqual({
      success: false,
      error: {
        code: 'DELETE_CLASSES_ERROR',
        message: 'Failed to delete class',
        details: { reason: 'No matching row, or not permitted' },
      },
    });
  });
});

describe('readAllPages (the CSV exports)', () => {
  /** A table of `total` numbered rows read by range, recording each range asked for. */
  function table(total: number) {
    const ranges: Array<[number, number]> = [];
    const page = async (from: number, to: number) => {
      ranges.push([from, to]);
      const rows = Array.from({ length: Math.max(0, Math.min(to, total - 1) - from + 1) }, (_, i) => from + i);
      return { data: rows, error: null };
    };
    return { ranges, page };
  }

  it('reads a list up to 1000 rows (the default max rows) in one request', async () => {
    const { ranges, page } = table(999);
    const { rows } = await readAllPages(page);
    expect(rows).toHaveLength(999);
    expect(ranges).toEqual([[0, 999]]);
  });

  it('reads a larger list in pages of 1000 while a page comes back full, every row once', async () => {
    const { ranges, page } = table(2500);
    const { rows, error } = await readAllPages(page);
    expect(error).toBeNull();
    expect(ranges).toEqual([
      [0, 999],
      [1000, 1999],
      [2000, 2999],
    ]);
    expect(new Set(rows).size).toBe(2500);
  });

  it('stops at the first refused page and answers its error', async () => {
    const refusal = new PostgrestError({ message: 'denied', details: '', hint: '', code: '42501' });
    let calls = 0;
    const { error } = await readAllPages(async () => {
      calls += 1;
      return calls === 1
        ? { data: Array.from({ length: 1000 }, (_, i) => i), error: null }
        : { data: null, error: refusal };
    });
    expect(calls).toBe(2);
    expect(error).toBe(refusal);
  });
});
