import type { TFunction } from 'i18next';
import type { ValidationErrors } from '@portal/shared-data';

/**
 * The validators in shared-data return keys of the `validation` namespace; a form's `validate`
 * passes them through here so Mantine shows the text in the user's language.
 */
export function translateErrors<Field extends string>(
  errors: ValidationErrors<Field>,
  t: TFunction,
): Partial<Record<Field, string>> {
  const translated: Partial<Record<Field, string>> = {};
  for (const [field, key] of Object.entries(errors) as [Field, string | undefined][]) {
    if (key) translated[field] = t(key, { ns: 'validation' });
  }
  return translated;
}
