import { i18n, isSupportedLanguage } from '../../i18n';
import { en, namespace } from './i18n';

/** The texts a PDF prints (the shape shared-data's `DocumentLabels` takes). */
export type DocumentLabelTexts = typeof en;

/**
 * The PDF's texts in a document's language (an invoice's snapshot language), whatever language the
 * reader's screen is in; a language the portal has no catalog for prints in English.
 */
export function documentLabels(language: string): DocumentLabelTexts {
  const lng = isSupportedLanguage(language) ? language : 'en';
  const t = i18n.getFixedT(lng, namespace);
  const text = (key: string) => t(key, { rate: '{{rate}}', interpolation: { escapeValue: false } });
  const labels = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(en)) {
    labels[key] =
      typeof value === 'string'
        ? text(key)
        : Object.fromEntries(Object.keys(value).map((inner) => [inner, text(`${key}.${inner}`)]));
  }
  return labels as DocumentLabelTexts;
}
