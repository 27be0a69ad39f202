import type { NamespaceCatalog } from './catalog';
import * as common from './namespaces/common';
import * as errors from './namespaces/errors';
import * as validation from './namespaces/validation';

/**
 * Namespaces owned by this package, in the same shape as an app's `i18n.ts` (`namespace`, `en`,
 * `es`). They are registered from here rather than by each module calling `registerMessages`,
 * because i18n.ts itself reads this list.
 */
export const kitMessages = {
  [common.namespace]: { en: common.en, es: common.es },
  [validation.namespace]: { en: validation.en, es: validation.es },
  [errors.namespace]: { en: errors.en, es: errors.es },
} satisfies Record<string, NamespaceCatalog>;

export type CommonMessageKey = keyof typeof common.en;

/** Keys of the `validation` namespace, e.g. what validation rules return for `t('validation:…')`. */
export type ValidationMessageKey = keyof typeof validation.en;
