// Every translation catalog in the repository, walked once: each feature's `i18n.ts` (shell and
// remotes) and shared-ui's namespaces. A catalog module exports `namespace`, `en` and `es`
// (docs/architecture.md, "i18n"). A text added in one language only, a `{{variable}}` renamed in
// one language, a lone plural form or a namespace used twice fails here.
import { describe, expect, it } from 'vitest';

interface Messages {
  [key: string]: string | Messages;
}

interface CatalogModule {
  namespace?: unknown;
  en?: Messages;
  es?: Messages;
}

const modules: Record<string, CatalogModule> = {
  ...import.meta.glob<CatalogModule>(
    // `i18n.ts` and `<part>-i18n.ts` (a feature's second namespace, e.g. teacher-attendance);
    // shared-ui/src/i18n/i18n.ts is the i18next set-up, not a catalog.
    ['../*/src/**/i18n.ts', '../*/src/**/*-i18n.ts', '!../shared-ui/src/i18n/i18n.ts'],
    { eager: true },
  ),
  ...import.meta.glob<CatalogModule>('../shared-ui/src/i18n/namespaces/*.ts', { eager: true }),
};

const catalogs = Object.entries(modules)
  .map(([file, module]) => ({ file: file.replace(/^\.\.\//, ''), module }))
  .sort((a, b) => a.file.localeCompare(b.file));

/** Every text of a catalog by its dotted key, e.g. `course.weeks_one`. */
function texts(messages: Messages, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of texts(value, path)) found.set(inner, text);
  }
  return found;
}

/** The `{{name}}` variables a text interpolates (`{{count, number}}` counts as `count`). */
function variables(text: string): string[] {
  const names = [...text.matchAll(/{{\s*([^},\s]+)[^}]*}}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

const PLURAL = /_(one|other)$/;

/** Plural keys whose partner form (`_one` for `_other` and the reverse) is missing. */
function lonePlurals(keys: Set<string>): string[] {
  return [...keys]
    .filter((key) => PLURAL.test(key))
    .filter(
      (key) =>
        !keys.has(
          key.endsWith('_one') ? key.replace(/_one$/, '_other') : key.replace(/_other$/, '_one'),
        ),
    );
}

/**
 * Spanish words that give a person a gender: the portal addresses everyone in neutral wording ("Te
 * damos la bienvenida", "Con inscripción"). The participle after "haber" ("Te has inscrito") does
 * not change, so it is allowed. The spec's own Spanish texts ("¿Eliminar usuario …?") stay verbatim.
 */
const GENDERED_SPANISH = [
  // The adjective ("Bienvenido, Ana"), not the noun ("la bienvenida", "el correo de bienvenida").
  /(?<!\b(?:la|de) )\bbienvenid[oa]s?\b/i,
  /(?<!\bhas |\bha |\bhan )\binscrit[oa]\b/i,
  /\b(estás|está|estaba) inscrit/i,
];

/**
 * The role is "Docente" in Spanish (docs/shared-packages.md): "profesor", "profesora" and
 * "profesores" never name it. The spec gives no Spanish text with them.
 */
const PROFESOR = /\bprofesor(a|es|as)?\b/i;

describe('translation catalogs', () => {
  it('are found in shared-ui, the shell and every remote', () => {
    const packages = new Set(catalogs.map(({ file }) => file.split('/')[0]));
    expect([...packages].sort()).toEqual(
      expect.arrayContaining(['admin-app', 'shared-ui', 'shell', 'student-app', 'teacher-app']),
    );
  });

  it('use each namespace once across the repository', () => {
    const byNamespace = new Map<unknown, string[]>();
    for (const { file, module } of catalogs) {
      byNamespace.set(module.namespace, [...(byNamespace.get(module.namespace) ?? []), file]);
    }
    const shared = [...byNamespace].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
  });
});

for (const { file, module } of catalogs) {
  describe(file, () => {
    const en = texts(module.en ?? {});
    const es = texts(module.es ?? {});

    it('exports a namespace and both languages', () => {
      expect(module.namespace).toEqual(expect.stringMatching(/^[a-z][a-z0-9-]*$/));
      expect(en.size).toBeGreaterThan(0);
      expect(es.size).toBeGreaterThan(0);
    });

    it('has the same keys in English and Spanish', () => {
      expect([...en.keys()].filter((key) => !es.has(key))).toEqual([]);
      expect([...es.keys()].filter((key) => !en.has(key))).toEqual([]);
    });

    it('interpolates the same variables in both languages', () => {
      const mismatched = [...en]
        .filter(([key]) => es.has(key))
        .map(([key, text]) => ({ key, en: variables(text), es: variables(es.get(key) ?? '') }))
        .filter((entry) => entry.en.join() !== entry.es.join());
      expect(mismatched).toEqual([]);
    });

    it('gives every plural both its _one and _other form, in both languages', () => {
      expect(lonePlurals(new Set(en.keys()))).toEqual([]);
      expect(lonePlurals(new Set(es.keys()))).toEqual([]);
    });

    it('says a count through plural forms (every {{count}} text is a _one/_other key)', () => {
      const unplural = (map: Map<string, string>) =>
        [...map]
          .filter(([key, text]) => variables(text).includes('count') && !PLURAL.test(key))
          // A plain key beside its _one and _other forms is i18next's fallback (an error key must
          // exist as itself: shared-data's error-messages test), never what a count shows.
          .filter(([key]) => !(map.has(`${key}_one`) && map.has(`${key}_other`)))
          .map(([key]) => key);
      expect(unplural(en)).toEqual([]);
      expect(unplural(es)).toEqual([]);
    });

    it('addresses people in Spanish without a gendered form', () => {
      const gendered = [...es]
        .filter(([, text]) => GENDERED_SPANISH.some((word) => word.test(text)))
        .map(([key, text]) => `${key}: ${text}`);
      expect(gendered).toEqual([]);
    });

    it('names the teacher role "docente" in Spanish, never "profesor"', () => {
      const profesor = [...es]
        .filter(([, text]) => PROFESOR.test(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(profesor).toEqual([]);
    });

    it('says a field is required one way per language ("X is required" / "X requerido")', () => {
      // 'Todos los campos son obligatorios' is the spec's text for the whole user form, not a field.
      const fieldRequired = /^[A-Z][^.]* (is|are) required$/;
      const odd = [...en]
        .filter(([key, text]) => key !== 'userAllFieldsRequired' && /\brequired\.?$/.test(text))
        .filter(([key, text]) => {
          const spanish = es.get(key) ?? '';
          return !fieldRequired.test(text) || !/^\S.* requerid[oa]s?$/.test(spanish);
        })
        .map(([key, text]) => `${key}: ${text} / ${es.get(key)}`);
      expect(odd).toEqual([]);
    });

    it('has no empty text', () => {
      const empty = [...en, ...es.entries()]
        .filter(([, text]) => text.trim() === '')
        .map(([key]) => key);
      expect(empty).toEqual([]);
    });
  });
}
