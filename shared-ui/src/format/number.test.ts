// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDecimal } from './number';

describe('formatDecimal', () => {
  it('writes the decimal separator of the UI language and drops trailing zeros', () => {
    expect(formatDecimal(66.66, 'en')).toBe('66.7');
    expect(formatDecimal(66.66, 'es')).toBe('66,7');
    expect(formatDecimal(88, 'es')).toBe('88');
    expect(formatDecimal(17.456, 'en', 2)).toBe('17.46');
  });
});
