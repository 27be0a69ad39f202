import type { TFunction, TOptions } from 'i18next';

/** What a shared-data validator answers: a `validation` namespace key per failing field. */
export type FieldErrorKeys<Field extends string> = Partial<
  Record<Field, string | null | undefined>
>;

/**
 * A form's `validate`: the validators in shared-data return keys of the `validation` namespace, and
 * this turns them into the texts Mantine shows under each field, in the user's language. `values`
 * fills the texts' variables (`{{max}}`, `{{size}}`), the same for every field or chosen per field.
 *
 *   validate: (values) => translateErrors(validateClassForm(values), t, { min: 15 })
 */
export function translateErrors<Field extends string>(
  errors: FieldErrorKeys<Field>,
  t: TFunction,
  values?: TOptions | ((field: Field) => TOptions),
): Partial<Record<Field, string>> {
  const translated: Partial<Record<Field, string>> = {};
  for (const [field, key] of Object.entries(errors) as [Field, string | null | undefined][]) {
    if (!key) continue;
    const variables = typeof values === 'function' ? values(field) : values;
    translated[field] = t(key, { ...variables, ns: 'validation' });
  }
  return translated;
}
