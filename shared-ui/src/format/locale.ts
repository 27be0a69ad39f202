import type { Language } from '../i18n';

/**
 * The Intl locale for a UI language. English is pinned to en-US because prices are in US dollars
 * and the school's English screens use US dates; Spanish uses the generic `es` rules.
 */
export function intlLocale(language: Language): string {
  return language === 'es' ? 'es' : 'en-US';
}
