import { describe, expect, it } from 'vitest';
import { dayKey, dayRange, monthRange } from './date-ranges';

describe('calendar date ranges', () => {
  it('names a local day as YYYY-MM-DD with zero padding', () => {
    expect(dayKey(new Date(2025, 2, 5, 23, 59))).toBe('2025-03-05');
    expect(dayKey(new Date(2025, 11, 31, 0, 0))).toBe('2025-12-31');
  });

  it('covers a whole local month, December into January included', () => {
    const { from, to } = monthRange(new Date(2025, 11, 17, 12));
    expect(new Date(from)).toEqual(new Date(2025, 11, 1));
    expect(new Date(to)).toEqual(new Date(2026, 0, 1));
  });

  it('covers one local day from midnight to midnight', () => {
    const { from, to } = dayRange(new Date(2025, 1, 28, 15, 30));
    expect(new Date(from)).toEqual(new Date(2025, 1, 28));
    expect(new Date(to)).toEqual(new Date(2025, 2, 1));
  });
});
