import type { Language } from '../i18n';
import { numberFormat } from './intl-cache';
import { intlLocale } from './locale';

/** A course price in US dollars, two decimals ('$299.00' in English, '299,00 US$' in Spanish). */
export function formatPrice(amount: number, language: Language = 'en'): string {
  return numberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(amount) ? amount : 0);
}

/**
 * An amount in a given currency (an invoice's), in the reader's language: '€1,331.00' in English,
 * '1331,00 €' in Spanish. The amount is shown as the database computed it, never summed here.
 */
export function formatMoney(amount: number, currency: string, language: Language = 'en'): string {
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'EUR';
  return numberFormat(intlLocale(language), {
    style: 'currency',
    currency: code,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(amount) ? amount : 0);
}
