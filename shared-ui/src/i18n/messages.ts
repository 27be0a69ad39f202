import type { NamespaceCatalog } from './catalog';
import enCommon from './locales/en/common.json';
import enValidation from './locales/en/validation.json';
import esCommon from './locales/es/common.json';
import esValidation from './locales/es/validation.json';

/** Namespaces owned by this package; apps register their own with `registerMessages`. */
export const kitMessages = {
  common: { en: enCommon, es: esCommon },
  validation: { en: enValidation, es: esValidation },
} satisfies Record<string, NamespaceCatalog>;

export type CommonMessageKey = keyof typeof enCommon;

/** Keys of the `validation` namespace, e.g. what validation rules return for `t('validation:…')`. */
export type ValidationMessageKey = keyof typeof enValidation;
