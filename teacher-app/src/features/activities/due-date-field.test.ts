import { describe, expect, it } from 'vitest';
import { formatDueDateField, parseDueDateField } from './due-date-field';

describe('the due date field', () => {
  it('writes the date month first in English and day first in Spanish', () => {
    expect(formatDueDateField('2026-06-01', 'en')).toBe('06/01/2026');
    expect(formatDueDateField('2026-06-01', 'es')).toBe('01/06/2026');
    expect(formatDueDateField('', 'en')).toBe('');
    expect(formatDueDateField(null, 'es')).toBe('');
  });

  it("reads a typed date in the language's order, or as YYYY-MM-DD, only when it is a real day", () => {
    expect(parseDueDateField('6/1/2026', 'en')).toBe('2026-06-01');
    expect(parseDueDateField('6/1/2026', 'es')).toBe('2026-01-06');
    expect(parseDueDateField(' 01-06-2026 ', 'es')).toBe('2026-06-01');
    expect(parseDueDateField('1.6.2026', 'es')).toBe('2026-06-01');
    expect(parseDueDateField('2026-06-01', 'en')).toBe('2026-06-01');
    expect(parseDueDateField('2/30/2026', 'en')).toBeNull();
    expect(parseDueDateField('30/2/2026', 'es')).toBeNull();
    expect(parseDueDateField('13/1/2026', 'en')).toBeNull();
    expect(parseDueDateField('2026-13-01', 'en')).toBeNull();
    expect(parseDueDateField('tomorrow', 'en')).toBeNull();
    expect(parseDueDateField('', 'en')).toBeNull();
  });
});
