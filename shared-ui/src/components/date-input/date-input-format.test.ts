// @vitest-environment node
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATE_INPUT_FORMAT, parseDateInput } from './date-input-format';

describe('the date inputs’ format', () => {
  it('shows a form day first, in either language', () => {
    expect(dayjs('2026-12-01').format(DATE_INPUT_FORMAT)).toBe('01/12/2026');
    expect(dayjs('2026-12-01').locale('es').format(DATE_INPUT_FORMAT)).toBe('01/12/2026');
  });

  it('reads a typed date day first, or as YYYY-MM-DD, only when it is a real day', () => {
    expect(parseDateInput('1/12/2026')).toBe('2026-12-01');
    expect(parseDateInput(' 01-12-2026 ')).toBe('2026-12-01');
    expect(parseDateInput('1.2.2027')).toBe('2027-02-01');
    expect(parseDateInput('29/02/2028')).toBe('2028-02-29');
    expect(parseDateInput('2026-12-01')).toBe('2026-12-01');
    expect(parseDateInput('31/02/2026')).toBeNull();
    expect(parseDateInput('29/02/2026')).toBeNull();
    expect(parseDateInput('13/13/2026')).toBeNull();
    expect(parseDateInput('2026-13-01')).toBeNull();
    expect(parseDateInput('1/12/202')).toBeNull();
    expect(parseDateInput('tomorrow')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });
});
