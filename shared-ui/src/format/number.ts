import type { Language } from '../i18n';
import { numberFormat } from './intl-cache';
import { intlLocale } from './locale';

/**
 * A number for people in the UI language: at most `maxDigits` decimals, no trailing zeros
 * (66.7 / 66,7; 88; 17.5 / 17,5). Rates, ratings and grades all read this way.
 */
export function formatDecimal(value: number, language: Language, maxDigits = 1): string {
  return numberFormat(intlLocale(language), { maximumFractionDigits: maxDigits }).format(value);
}
