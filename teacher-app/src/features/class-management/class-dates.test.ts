import { describe, expect, it } from 'vitest';
import { formatClassDate, formatClassTime, formatFormDate, parseFormDate } from './class-dates';

describe('class dates', () => {
  it('show the day first and the time on the 24-hour clock, in local time', () => {
    const afternoon = new Date(2026, 11, 1, 14, 5).toISOString();
    expect(formatClassDate(afternoon)).toBe('01/12/2026');
    expect(formatClassTime(afternoon)).toBe('14:05');
    expect(formatClassTime(new Date(2026, 11, 1, 0, 30).toISOString())).toBe('00:30');
    expect(formatClassDate('not a date')).toBe('not a date');
  });

  it('write the date field day first', () => {
    expect(formatFormDate('2026-12-01')).toBe('01/12/2026');
    expect(formatFormDate('')).toBe('');
    expect(formatFormDate(null)).toBe('');
  });

  it('read a typed date day first, or as YYYY-MM-DD, only when it is a real day', () => {
    expect(parseFormDate('1/12/2026')).toBe('2026-12-01');
    expect(parseFormDate(' 01-12-2026 ')).toBe('2026-12-01');
    expect(parseFormDate('1.2.2027')).toBe('2027-02-01');
    expect(parseFormDate('2026-12-01')).toBe('2026-12-01');
    expect(parseFormDate('31/02/2026')).toBeNull();
    expect(parseFormDate('2026-13-01')).toBeNull();
    expect(parseFormDate('1/12/202')).toBeNull();
    expect(parseFormDate('')).toBeNull();
  });
});
