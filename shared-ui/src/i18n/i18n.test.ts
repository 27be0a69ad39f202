import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  applySiteLanguage,
  browserLanguage,
  currentLanguage,
  detectLanguage,
  i18n,
  initI18n,
  registerMessages,
  setLanguage,
} from './i18n';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function preferBrowserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('browserLanguage', () => {
  it("is the first of the browser's languages the portal has, by its base, ignoring what is saved", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(browserLanguage({ languages: ['de-DE', 'es-AR', 'en'], language: 'de-DE' })).toBe('es');
    expect(browserLanguage({ languages: ['EN-gb'], language: 'EN-gb' })).toBe('en');
    expect(browserLanguage({ languages: ['de'], language: 'de' })).toBeNull();
  });

  it('falls back to the one language a browser without a list gives', () => {
    expect(browserLanguage({ languages: [], language: 'es-CL' })).toBe('es');
  });
});

describe('detectLanguage', () => {
  it('uses the saved choice first', () => {
    preferBrowserLanguages(['en-US']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(detectLanguage()).toBe('es');
  });

  it('ignores a saved value that is not a supported language', () => {
    preferBrowserLanguages(['es-AR']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detectLanguage()).toBe('es');
  });

  it('maps any Spanish browser locale to es', () => {
    preferBrowserLanguages(['es-MX', 'en']);
    expect(detectLanguage()).toBe('es');
  });

  it('takes the first supported browser language', () => {
    preferBrowserLanguages(['de-DE', 'es-ES', 'en']);
    expect(detectLanguage()).toBe('es');
  });

  it('falls back to English', () => {
    preferBrowserLanguages(['fr-FR', 'de']);
    expect(detectLanguage()).toBe('en');
  });
});

// i18next's default instance lives for the whole file, so these run in order: before init, then after.
describe('the shared instance', () => {
  it('keeps catalogs registered before initialisation', () => {
    expect(i18n.isInitialized).toBeFalsy();
    registerMessages('early', { en: { hello: 'Hello' }, es: { hello: 'Hola' } });
    preferBrowserLanguages(['es-AR']);

    initI18n();

    expect(i18n.isInitialized).toBe(true);
    expect(currentLanguage()).toBe('es');
    expect(i18n.t('early:hello')).toBe('Hola');
    expect(i18n.t('validation:emailRequired')).toBe('Correo electrónico requerido');
    expect(document.documentElement.lang).toBe('es');
  });

  it('is initialised only once, whoever calls initI18n', () => {
    const first = initI18n();
    const init = vi.spyOn(i18n, 'init');
    expect(initI18n()).toBe(first);
    expect(init).not.toHaveBeenCalled();
    expect(currentLanguage()).toBe('es');
  });

  it('switches language on a later call that names one', () => {
    initI18n({ lng: 'en' });
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('validation:emailRequired')).toBe('Email is required');
  });

  it('adds catalogs registered after initialisation', () => {
    registerMessages('late', { en: { bye: 'Goodbye' }, es: { bye: 'Adiós' } });
    expect(i18n.t('late:bye', { lng: 'en' })).toBe('Goodbye');
    expect(i18n.t('late:bye', { lng: 'es' })).toBe('Adiós');
  });

  it('setLanguage switches, persists the choice and updates the page language', async () => {
    await setLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');

    await setLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(i18n.t('common:loading')).toBe('Loading…');
  });

  it('still switches when storage refuses to save', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    await setLanguage('es');
    expect(currentLanguage()).toBe('es');
  });
});

describe("applySiteLanguage (the school's default language)", () => {
  it('greets a visitor without a saved choice in it, without saving it as theirs', () => {
    initI18n({ lng: 'en' });
    applySiteLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();

    applySiteLanguage('en');
    expect(currentLanguage()).toBe('en');
  });

  it("never overrides the visitor's own choice", async () => {
    await setLanguage('en');
    applySiteLanguage('es');
    expect(currentLanguage()).toBe('en');
  });

  it('ignores a language the portal has no screens in', () => {
    initI18n({ lng: 'es' });
    applySiteLanguage('fr');
    expect(currentLanguage()).toBe('es');
  });
});

describe('Spanish plurals', () => {
  it('say a count of a million with the _other form (Spanish counts 1000000 as "many")', async () => {
    // Intl.PluralRules('es') puts 1,000,000 (and every multiple of a million) in the "many"
    // category, and i18next then asks for `<key>_many`, which the catalogs do not write.
    expect(new Intl.PluralRules('es').select(1_000_000)).toBe('many');
    registerMessages('plural-probe', {
      en: { course_one: '{{count}} course', course_other: '{{count}} courses' },
      es: { course_one: '{{count}} curso', course_other: '{{count}} cursos' },
    });
    initI18n();
    await i18n.changeLanguage('es');
    const t = i18n.getFixedT('es', 'plural-probe');
    expect(t('course', { count: 1 })).toBe('1 curso');
    expect(t('course', { count: 2 })).toBe('2 cursos');
    expect(t('course', { count: 1_000_000 })).toBe('1000000 cursos');
    expect(t('course', { count: 3_000_000 })).toBe('3000000 cursos');
    expect(i18n.getFixedT('en', 'plural-probe')('course', { count: 1_000_000 })).toBe(
      '1000000 courses',
    );
  });
});
