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
