// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatClassDate, formatClassTime } from './class-dates';

describe('class dates', () => {
  it('show the day first and the time on the 24-hour clock, in local time', () => {
    const afternoon = new Date(2026, 11, 1, 14, 5).toISOString();
    expect(formatClassDate(afternoon)).toBe('01/12/2026');
    expect(formatClassTime(afternoon)).toBe('14:05');
    expect(formatClassTime(new Date(2026, 11, 1, 0, 30).toISOString())).toBe('00:30');
    expect(formatClassDate('not a date')).toBe('not a date');
  });
});
