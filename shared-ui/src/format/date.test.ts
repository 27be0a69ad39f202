// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatLongDateTime,
  formatMonthName,
  formatMonthYear,
  formatShortMonthYear,
  formatTime,
  formatWeekday,
} from './date';

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

  it('reads a calendar day as that day wherever the viewer is (not midnight UTC)', () => {
    expect(formatDate('2025-03-04', 'en')).toBe('Mar 4, 2025');
    expect(formatDate('2025-03-04', 'es')).toBe('4 mar 2025');
  });
});

describe('the other date styles, one per purpose and language', () => {
  it('writes a date with its time, 24-hour', () => {
    expect(formatDateTime(morning, 'en')).toBe('Mar 4, 2025, 09:05');
    expect(formatDateTime(afternoon, 'es')).toBe('4 mar 2025, 14:30');
  });

  it("spells out a day's heading, with or without its time", () => {
    expect(formatLongDate(morning, 'en')).toBe('Tuesday, March 4, 2025');
    expect(formatLongDate(morning, 'es')).toBe('martes, 4 de marzo de 2025');
    expect(formatLongDateTime(afternoon, 'en')).toBe('Tuesday, March 4, 2025 at 14:30');
    expect(formatLongDateTime(afternoon, 'es')).toBe('martes, 4 de marzo de 2025, 14:30');
  });

  it('names a month and a weekday in the UI language', () => {
    expect(formatMonthYear(morning, 'en')).toBe('March 2025');
    expect(formatMonthYear(morning, 'es')).toBe('marzo de 2025');
    expect(formatMonthName(morning, 'es')).toBe('marzo');
    expect(formatShortMonthYear(morning, 'en')).toBe('Mar 2025');
    expect(formatShortMonthYear('2025-03-01', 'es')).toBe('mar 2025');
    expect(formatDayMonth('2025-03-04', 'en')).toBe('Mar 4');
    expect(formatDayMonth(morning, 'es')).toBe('4 mar');
    expect(formatWeekday(morning, 'en')).toBe('Tue');
    expect(formatWeekday(morning, 'es')).toBe('mar');
  });

  it("writes a week's span once, with Spanish month names in Spanish", () => {
    // Intl sets the dash between thin spaces (U+2009).
    expect(formatDateRange('2026-11-22', '2026-11-28', 'en')).toBe('Nov 22\u2009–\u200928, 2026');
    expect(formatDateRange('2026-11-22', '2026-11-28', 'es')).toBe('22–28 nov 2026');
    expect(formatDateRange('2026-11-29', '2026-12-05', 'es')).toBe('29 nov\u2009–\u20095 dic 2026');
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
