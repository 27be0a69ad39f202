// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, formatPrice } from './currency';

/** Intl separates a trailing symbol with a no-break space: compared as a plain one. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatPrice in the school’s currency', () => {
  it.each([
    ['EUR', 'en', '€240.00'],
    ['EUR', 'es', '240,00 €'],
    ['USD', 'en', '$240.00'],
    ['USD', 'es', '240,00 US$'],
    ['GBP', 'en', '£240.00'],
    ['GBP', 'es', '240,00 GBP'],
  ] as const)('writes %s in %s as %s', (currency, language, expected) => {
    expect(plain(formatPrice(240, language, currency))).toBe(expected);
  });

  it('groups thousands the reader’s way', () => {
    expect(formatPrice(12345.5, 'en', 'EUR')).toBe('€12,345.50');
    expect(plain(formatPrice(12345.5, 'es', 'EUR'))).toBe('12.345,50 €');
  });

  it('keeps the old dollars without a currency, or with one that is not an ISO code', () => {
    expect(formatPrice(240, 'en', null)).toBe('$240.00');
    expect(formatPrice(240, 'en', undefined)).toBe('$240.00');
    expect(formatPrice(240, 'en', 'euro')).toBe('$240.00');
    expect(formatPrice(240, 'en', 'eur')).toBe('$240.00');
  });
});

describe('currencySymbol', () => {
  it('is the symbol the reader’s language writes the currency with', () => {
    expect(currencySymbol('en', 'EUR')).toBe('€');
    expect(currencySymbol('es', 'EUR')).toBe('€');
    expect(currencySymbol('en', 'GBP')).toBe('£');
    expect(currencySymbol('es', 'USD')).toBe('US$');
    expect(currencySymbol('en')).toBe('$');
  });
});

describe('formatPrice (called as before the currency was passed)', () => {
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
