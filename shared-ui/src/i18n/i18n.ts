import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  type Language,
  type Messages,
  type NamespaceCatalog,
  withManyForms,
} from './catalog';
import { kitMessages } from './messages';

/** localStorage key holding the language the user picked. */
export const LANGUAGE_STORAGE_KEY = 'portal.language';

export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The page's one i18next instance. The default instance is used (not `createInstance`) because
 * i18next is itself a Module Federation singleton: even a second copy of this module would find it
 * already initialised and share it.
 */
export const i18n = i18next;

// Catalogs registered before `initI18n` runs; i18next has no store to add them to until then.
const registry = new Map<string, NamespaceCatalog>(Object.entries(kitMessages));

function readSavedLanguage(): Language | null {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isSupportedLanguage(saved) ? saved : null;
  } catch {
    // Storage can be blocked (privacy mode, sandboxed iframes); fall back to detection.
    return null;
  }
}

/** The first of the browser's languages the portal has (es-AR → es), or null. */
export function browserLanguage(
  nav: Pick<Navigator, 'languages' | 'language'> | undefined = globalThis.navigator,
): Language | null {
  const preferred = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isSupportedLanguage(base)) return base;
  }
  return null;
}

/** Saved choice, else the first browser language we support (es-AR → es), else English. */
export function detectLanguage(): Language {
  return readSavedLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

function toResources(): Record<Language, Record<string, Messages>> {
  const resources = { en: {}, es: {} } as Record<Language, Record<string, Messages>>;
  for (const [namespace, catalog] of registry) {
    for (const lng of SUPPORTED_LANGUAGES) resources[lng][namespace] = withManyForms(catalog[lng]);
  }
  return resources;
}

/**
 * Initialises the shared instance once; later calls only switch language when `lng` is given, so
 * the host and a remote's standalone bootstrap can both call it. Synchronous: catalogs are bundled.
 */
export function initI18n(opts: { lng?: Language } = {}): typeof i18n {
  if (i18n.isInitialized || i18n.isInitializing) {
    if (opts.lng && i18n.language !== opts.lng) void i18n.changeLanguage(opts.lng);
    return i18n;
  }
  i18n.on('languageChanged', syncDocumentLanguage);
  void i18n.use(initReactI18next).init({
    resources: toResources(),
    lng: opts.lng ?? detectLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    load: 'languageOnly',
    ns: [...registry.keys()],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    // Re-render translated components when a remote adds its namespace after they mounted.
    react: { bindI18nStore: 'added' },
  });
  return i18n;
}

/** Adds (or replaces) an app's namespace in both languages; callable before or after `initI18n`. */
export function registerMessages(namespace: string, catalog: NamespaceCatalog): void {
  registry.set(namespace, catalog);
  if (!i18n.isInitialized && !i18n.isInitializing) return;
  for (const lng of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(lng, namespace, withManyForms(catalog[lng]), true, true);
  }
}

/** Switches the whole page's language and remembers the choice for the next visit. */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Not persisting is acceptable; the switch itself must still happen.
  }
  initI18n();
  await i18n.changeLanguage(lng);
}

/**
 * The school's default language (System Settings) for a visitor who has not picked one: the page
 * switches to it without remembering it as their choice, so a later change of the setting still
 * reaches them. A saved choice (the language switcher) always wins; an unsupported language is ignored.
 */
export function applySiteLanguage(lng: string): void {
  if (!isSupportedLanguage(lng) || readSavedLanguage()) return;
  initI18n();
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
}

/** The active language, narrowed to the supported ones. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isSupportedLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}
