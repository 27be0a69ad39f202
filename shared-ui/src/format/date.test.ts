// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './date';

// Local dates, so the expectations hold in any time zone the tests run in.
const morning = new Date(2025, 2, 4, 9, 5);
const afternoon = new Date(2025, 2, 4, 14, 30);

describe('formatDate', () => {
  it('writes the date in the UI language', () => {
    expect(formatDate(morning, 'en')).toBe('Mar 4, 2025');
    expect(formatDate(morning.toISOString(), 'es')).toBe('4 mar 2025');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatTime', () => {
  it('uses the 24-hour clock in both languages', () => {
    expect(formatTime(morning, 'en')).toBe('09:05');
    expect(formatTime(afternoon.toISOString(), 'en')).toBe('14:30');
    expect(formatTime(afternoon, 'es')).toBe('14:30');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatTime('', 'es')).toBe('');
  });
});
