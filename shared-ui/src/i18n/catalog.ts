export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** A namespace's messages for one language: nested objects of strings. */
export interface Messages {
  [key: string]: string | Messages;
}

/** One namespace in every supported language. */
export type NamespaceCatalog = Record<Language, Messages>;

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Dotted keys that `reference` has and `candidate` lacks (or holds as a different kind: text versus
 * group). Run it both ways in a catalog test so a key added to one language only fails CI.
 */
export function missingKeys(reference: Messages, candidate: Messages, prefix = ''): string[] {
  return Object.entries(reference).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const other = candidate[key];
    if (typeof value === 'string') return typeof other === 'string' ? [] : [path];
    if (other === undefined || typeof other === 'string') return [path];
    return missingKeys(value, other, path);
  });
}

/**
 * The messages with a `<key>_many` beside every `<key>_other` that has none. Spanish (like French,
 * Italian, Portuguese) puts 1,000,000 and every multiple of a million in the plural category "many"
 * (Intl.PluralRules), for which i18next asks `<key>_many`; the catalogs write `_one` and `_other`
 * only, and without a `_many` a Spanish page showed the English text. A catalog may still write
 * its own `_many` ("1.000.000 de cursos"); this one is only the fallback.
 */
export function withManyForms(messages: Messages): Messages {
  const filled: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    filled[key] = typeof value === 'string' ? value : withManyForms(value);
  }
  for (const [key, value] of Object.entries(messages)) {
    const many = key.replace(/_other$/, '_many');
    if (many !== key && typeof value === 'string' && !(many in messages)) filled[many] = value;
  }
  return filled;
}
