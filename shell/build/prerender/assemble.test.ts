// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  inlineCall,
  insertSignInCopies,
  scopeIds,
  takeStartScripts,
  takeThemeStyles,
} from './assemble';

/** The shape of the index.html rsbuild writes for the shell (preload-scripts.ts adds the links). */
const INDEX =
  '<!DOCTYPE html><html><head><title>Portal</title><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width">' +
  '<script defer src="/static/js/index.1.js"></script>' +
  '<link rel="preload" as="script" href="/static/js/async/a.2.js" fetchpriority="low">' +
  '<link rel="preload" as="script" href="/static/js/async/b.3.js" fetchpriority="low">' +
  '<script>/* signed-in preloads */</script>' +
  '<link rel="stylesheet" href="/static/css/async/c.4.css">' +
  '</head><body><div id="root"></div></body></html>';

describe('takeThemeStyles', () => {
  it("takes Mantine's theme variables out of a rendered copy", () => {
    const styles = '<style data-mantine-styles="true">:root{--x:1}</style>';
    expect(takeThemeStyles(`${styles}<div>page</div>`)).toEqual({
      styles,
      markup: '<div>page</div>',
    });
  });

  it('fails the build when a copy has none (a render that changed shape)', () => {
    expect(() => takeThemeStyles('<div>page</div>')).toThrow(/theme variables/);
  });
});

describe('scopeIds', () => {
  it("gives a component's fixed ids and their references the copy's suffix", () => {
    const html =
      '<form aria-labelledby="sign-in-title"><h2 id="sign-in-title">Hi</h2>' +
      '<label for="mantine-_es-R_1_" id="mantine-_es-R_1_-label">Email</label>' +
      '<input id="mantine-_es-R_1_" aria-describedby="hint mantine-_es-R_1_-label"><p id="hint"></p></form>';
    expect(scopeIds(html, '_es-', 'es')).toBe(
      '<form aria-labelledby="sign-in-title-es"><h2 id="sign-in-title-es">Hi</h2>' +
        '<label for="mantine-_es-R_1_" id="mantine-_es-R_1_-label">Email</label>' +
        '<input id="mantine-_es-R_1_" aria-describedby="hint-es mantine-_es-R_1_-label"><p id="hint-es"></p></form>',
    );
  });

  it('leaves a copy with generated ids only as it is', () => {
    const html = '<label for="mantine-_en-R_1_">Email</label><input id="mantine-_en-R_1_">';
    expect(scopeIds(html, '_en-', 'en')).toBe(html);
  });
});

describe('takeStartScripts', () => {
  it("takes the entry script and the first page's script preloads out of the head", () => {
    const { html, entries, preloads } = takeStartScripts(INDEX);
    expect(entries).toEqual(['/static/js/index.1.js']);
    expect(preloads).toEqual(['/static/js/async/a.2.js', '/static/js/async/b.3.js']);
    expect(html).not.toContain('<script defer');
    expect(html).not.toContain('rel="preload"');
    // The stylesheet and the signed-in preloads' script stay.
    expect(html).toContain('<link rel="stylesheet" href="/static/css/async/c.4.css">');
    expect(html).toContain('<script>/* signed-in preloads */</script>');
  });

  it('fails the build when rsbuild wrote no deferred entry', () => {
    expect(() => takeStartScripts('<head></head><body><div id="root"></div></body>')).toThrow(
      /entry script/,
    );
  });
});

describe('insertSignInCopies', () => {
  const parts = {
    themeStyles: '<style data-mantine-styles="true"></style>',
    copies: { en: '<p>Welcome back</p>', es: '<p>Bienvenido de nuevo</p>' },
    headStyle: '#c{display:none}',
    headScript: 'decide()',
    pageScript: 'hold()',
    containerId: 'c',
  };

  it('decides right after the charset, and puts the copies and their scripts after #root', () => {
    const html = insertSignInCopies(INDEX, parts);
    expect(html).toContain(
      '<meta charset="utf-8"><style>#c{display:none}</style><script>decide()</script><meta name="viewport"',
    );
    expect(html).toContain(
      '<div id="root"></div><div id="c"><style data-mantine-styles="true"></style>' +
        '<div data-lang="en" lang="en"><p>Welcome back</p></div>' +
        '<div data-lang="es" lang="es"><p>Bienvenido de nuevo</p></div></div>' +
        '<script>hold()</script></body>',
    );
  });

  it('refuses to insert them twice', () => {
    expect(() => insertSignInCopies(insertSignInCopies(INDEX, parts), parts)).toThrow(
      /already holds/,
    );
  });

  it('fails the build without a charset or a #root to place them by', () => {
    expect(() => insertSignInCopies(INDEX.replace('<meta charset="utf-8">', ''), parts)).toThrow(
      /charset/,
    );
    expect(() => insertSignInCopies(INDEX.replace('<div id="root"></div>', ''), parts)).toThrow(
      /root/,
    );
  });
});

describe('inlineCall', () => {
  it("calls the script's function with its config in a scope of its own", () => {
    const script = inlineCall(
      'function start(config) {\nglobalThis.started = config.n;\n}',
      'start',
      {
        n: 2,
      },
    );
    const scope: { started?: number } = {};
    new Function('globalThis', script)(scope);
    expect(scope.started).toBe(2);
  });

  it('keeps a "</script" in the config from ending the inline script', () => {
    const script = inlineCall('function start(config) {}', 'start', { title: '</script><b>' });
    expect(script).not.toContain('</script');
    expect(script).toContain('\\u003c/script>');
  });

  it('fails the build when the script has no such function', () => {
    expect(() => inlineCall('function other() {}', 'start', {})).toThrow(/no function start/);
  });
});
