import type { Language } from '../i18n';
import { intlLocale } from './locale';

/** Choices for people in the UI language: "PDF, DOC, or MD" / "PDF, DOC o MD". */
export function formatAlternatives(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(intlLocale(language), { type: 'disjunction' }).format(items);
}
