import type { TFunction } from 'i18next';

/** Validation rules return keys of the `validation` namespace; forms show their text. */
export function translateFieldErrors<F extends string>(
  errors: Partial<Record<F, string>>,
  t: TFunction<readonly string[]> | TFunction,
): Partial<Record<F, string>> {
  const translated: Partial<Record<F, string>> = {};
  for (const [field, key] of Object.entries(errors) as [F, string | undefined][]) {
    if (key) translated[field] = t(`validation:${key}`);
  }
  return translated;
}
