// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayKey,
  monthWeeks,
  sameDay,
  sameMonth,
  startOfDay,
} from './calendar-grid';

function days(weeks: (Date | null)[][]): (number | null)[][] {
  return weeks.map((week) => week.map((day) => day?.getDate() ?? null));
}

describe('monthWeeks', () => {
  it('starts weeks on Sunday and pads outside days with null', () => {
    // March 2025 starts on a Saturday and needs six weeks.
    const weeks = monthWeeks(new Date(2025, 2, 17));
    expect(weeks).toHaveLength(6);
    expect(days(weeks)[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(days(weeks)[5]).toEqual([30, 31, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('uses exactly four weeks for a February that starts on Sunday', () => {
    const weeks = monthWeeks(new Date(2026, 1, 1));
    expect(days(weeks)).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
    ]);
  });

  it('handles leap years', () => {
    expect(
      monthWeeks(new Date(2024, 1, 10))
        .flat()
        .filter(Boolean),
    ).toHaveLength(29);
  });
});

describe('day helpers', () => {
  it('keys local days', () => {
    expect(dayKey(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(sameDay(new Date(2025, 0, 5, 1), new Date(2025, 0, 5, 22))).toBe(true);
    expect(sameDay(new Date(2025, 0, 5), null)).toBe(false);
    expect(startOfDay(new Date(2025, 0, 5, 13, 30))).toEqual(new Date(2025, 0, 5));
  });

  it('adds days across month ends', () => {
    expect(addDays(new Date(2025, 0, 31), 1)).toEqual(new Date(2025, 1, 1));
    expect(addDays(new Date(2025, 2, 1), -1)).toEqual(new Date(2025, 1, 28));
  });

  it('adds months, keeping the day within the shorter month', () => {
    expect(addMonths(new Date(2025, 0, 31), 1)).toEqual(new Date(2025, 1, 28));
    expect(addMonths(new Date(2025, 0, 15), -1)).toEqual(new Date(2024, 11, 15));
    expect(sameMonth(new Date(2025, 0, 1), new Date(2025, 0, 31))).toBe(true);
    expect(sameMonth(new Date(2025, 0, 1), new Date(2024, 0, 1))).toBe(false);
  });
});
