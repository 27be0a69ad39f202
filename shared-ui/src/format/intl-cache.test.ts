import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-cache';

describe('Intl formatter cache', () => {
  it('builds one number formatter per locale and options', () => {
    const first = numberFormat('es', { maximumFractionDigits: 1 });
    expect(numberFormat('es', { maximumFractionDigits: 1 })).toBe(first);
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).not.toBe(first);
    expect(numberFormat('es', { maximumFractionDigits: 2 })).not.toBe(first);
    expect(first.format(66.66)).toBe('66,7');
  });

  it('builds one date formatter per locale and options', () => {
    const first = dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(first);
    expect(dateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(first);
    expect(first.format(new Date('2025-03-04T12:00:00Z'))).toBe('Mar 4, 2025');
  });
});
