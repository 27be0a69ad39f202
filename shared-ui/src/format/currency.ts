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
