import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, type Language } from './catalog';
import { DEFAULT_LANGUAGE, setLanguage } from './i18n';

export interface UseLanguageResult {
  language: Language;
  setLanguage: (lng: Language) => Promise<void>;
}

/** Current language (re-renders on change) and the setter that persists the choice. */
export function useLanguage(): UseLanguageResult {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return { language: isSupportedLanguage(lng) ? lng : DEFAULT_LANGUAGE, setLanguage };
}
