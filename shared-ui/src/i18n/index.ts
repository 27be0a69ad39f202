export {
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  missingKeys,
  type Language,
  type Messages,
  type NamespaceCatalog,
} from './catalog';
export {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  applySiteLanguage,
  currentLanguage,
  browserLanguage,
  detectLanguage,
  i18n,
  initI18n,
  registerMessages,
  setLanguage,
} from './i18n';
export { kitMessages, type CommonMessageKey, type ValidationMessageKey } from './messages';
export { useLanguage, type UseLanguageResult } from './use-language';
