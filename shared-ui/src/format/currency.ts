import type { Language } from '../i18n';
import { numberFormat } from './intl-cache';
import { intlLocale } from './locale';

/** What a price is shown in when no currency is given: the portal's old dollars. */
export const FALLBACK_PRICE_CURRENCY = 'USD';

const isCurrencyCode = (code: string | null | undefined): code is string =>
  typeof code === 'string' && /^[A-Z]{3}$/.test(code);

/** `currency` when it is an ISO 4217 code, else `fallback`. */
const currencyOr = (currency: string | null | undefined, fallback: string): string =>
  isCurrencyCode(currency) ? currency : fallback;

const moneyFormat = (language: Language, currency: string) =>
  numberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

/**
 * A course price in the school's currency (the public settings' `currency`; docs/money.md), two
 * decimals, in the reader's language: '€240.00' in English, '240,00 €' in Spanish. Without a
 * currency (or with one that is not an ISO 4217 code) it keeps the old US dollars ('$299.00'), so
 * a caller built before the currency was passed, or a page whose settings lack it, still works.
 */
export function formatPrice(
  amount: number,
  language: Language = 'en',
  currency?: string | null,
): string {
  return moneyFormat(language, currencyOr(currency, FALLBACK_PRICE_CURRENCY)).format(
    Number.isFinite(amount) ? amount : 0,
  );
}

/**
 * The symbol a currency is written with in the reader's language ('€', '$', '£'; 'US$' and 'GBP' in
 * Spanish), for a price field's adornment. No currency: the old dollars, like `formatPrice`.
 */
export function currencySymbol(language: Language = 'en', currency?: string | null): string {
  return (
    moneyFormat(language, currencyOr(currency, FALLBACK_PRICE_CURRENCY))
      .formatToParts(1)
      .find((part) => part.type === 'currency')?.value ?? ''
  );
}

/**
 * An amount in a given currency (an invoice's), in the reader's language: '€1,331.00' in English,
 * '1331,00 €' in Spanish. The amount is shown as the database computed it, never summed here.
 */
export function formatMoney(amount: number, currency: string, language: Language = 'en'): string {
  return moneyFormat(language, currencyOr(currency, 'EUR')).format(
    Number.isFinite(amount) ? amount : 0,
  );
}
