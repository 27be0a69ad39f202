// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice } from './currency';

describe('formatPrice', () => {
  it('writes US dollars with two decimals', () => {
    expect(formatPrice(299)).toBe('$299.00');
    expect(formatPrice(1234.5, 'en')).toBe('$1,234.50');
    expect(formatPrice(0, 'en')).toBe('$0.00');
  });

  it('follows Spanish number rules in the Spanish UI', () => {
    // Intl separates the symbol with a no-break space.
    expect(formatPrice(299, 'es').replace(/\s/g, ' ')).toBe('299,00 US$');
  });

  it('reads a missing amount as zero rather than NaN', () => {
    expect(formatPrice(Number.NaN, 'en')).toBe('$0.00');
  });
});

describe('formatMoney', () => {
  it('formats in the invoice’s currency and the reader’s language', () => {
    expect(formatMoney(1331, 'EUR', 'en')).toBe('€1,331.00');
    expect(formatMoney(1331, 'EUR', 'es')).toMatch(/^1331,00\s€$/);
    expect(formatMoney(12345.5, 'EUR', 'es')).toMatch(/^12\.345,50\s€$/);
    expect(formatMoney(-20, 'USD', 'en')).toBe('-$20.00');
  });
});
