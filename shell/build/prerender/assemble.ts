/**
 * Puts the sign-in page's built copies into index.html (sign-in-page.tsx renders them). Pure string
 * work, unit-tested in assemble.test.ts.
 */

/** Mantine's theme variables, which MantineProvider renders at the top of each copy. */
const MANTINE_VARIABLES = /<style data-mantine-styles="true">[\s\S]*?<\/style>/;

/** The theme's variables out of a copy: the copies share one, the page needs it once. */
export function takeThemeStyles(html: string): { styles: string; markup: string } {
  const found = MANTINE_VARIABLES.exec(html);
  if (!found) throw new Error('prerender: no Mantine theme variables in the rendered page');
  return { styles: found[0], markup: html.replace(found[0], '') };
}

const ID_REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/**
 * Makes a copy's ids its own: React's generated ids already carry the copy's prefix; the fixed ids
 * a component writes (and every reference to them) get `-<suffix>`, so a label of the hidden copy
 * never points at a field of the shown one.
 */
export function scopeIds(html: string, generatedPrefix: string, suffix: string): string {
  const fixed = new Set(
    [...html.matchAll(/\sid="([^"]+)"/g)]
      .map((match) => match[1] ?? '')
      .filter((id) => !id.includes(generatedPrefix)),
  );
  if (fixed.size === 0) return html;
  const rename = (id: string) => (fixed.has(id) ? `${id}-${suffix}` : id);
  const attributes = new RegExp(`\\s(id|${ID_REFERENCES.join('|')})="([^"]+)"`, 'g');
  return html.replace(
    attributes,
    (_match, name: string, value: string) => ` ${name}="${value.split(' ').map(rename).join(' ')}"`,
  );
}

/** The entry's deferred script tags and the first page's script preloads, which rsbuild writes. */
const ENTRY_SCRIPT = /<script defer src="([^"]+)"><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script" href="([^"]+)" fetchpriority="low">/g;

/**
 * The head without the scripts that start the app, and their addresses: head-script.js starts
 * them instead, at once, or after the built copy's first paint when it is on show.
 */
export function takeStartScripts(indexHtml: string): {
  html: string;
  entries: string[];
  preloads: string[];
} {
  const entries = [...indexHtml.matchAll(ENTRY_SCRIPT)].map((match) => match[1] ?? '');
  const preloads = [...indexHtml.matchAll(SCRIPT_PRELOAD)].map((match) => match[1] ?? '');
  if (entries.length === 0) throw new Error('prerender: no deferred entry script in index.html');
  return {
    html: indexHtml.replace(ENTRY_SCRIPT, '').replace(SCRIPT_PRELOAD, ''),
    entries,
    preloads,
  };
}

export type SignInCopies = {
  /** The theme variables both copies use (takeThemeStyles). */
  themeStyles: string;
  /** Each language's markup. */
  copies: Record<string, string>;
  /** The visibility rules, the script that decides and starts the app, the one after the copies. */
  headStyle: string;
  headScript: string;
  pageScript: string;
  containerId: string;
};

/**
 * index.html with the deciding script right after the charset (before any stylesheet, which would
 * hold it), and after #root the copies and the script that holds what is done on them.
 */
export function insertSignInCopies(indexHtml: string, parts: SignInCopies): string {
  const charset = /<meta charset="utf-8">/i.exec(indexHtml);
  const root = '<div id="root"></div>';
  if (!charset) throw new Error('prerender: no <meta charset> in index.html');
  if (!indexHtml.includes(root)) throw new Error(`prerender: no ${root} in index.html`);
  if (indexHtml.includes(`id="${parts.containerId}"`)) {
    throw new Error('prerender: index.html already holds the sign-in copies');
  }
  const head = `<style>${parts.headStyle}</style><script>${parts.headScript}</script>`;
  const copies = Object.entries(parts.copies)
    .map(([language, markup]) => `<div data-lang="${language}" lang="${language}">${markup}</div>`)
    .join('');
  const body =
    `<div id="${parts.containerId}">${parts.themeStyles}${copies}</div>` +
    `<script>${parts.pageScript}</script>`;
  const afterCharset = charset.index + charset[0].length;
  const withHead = indexHtml.slice(0, afterCharset) + head + indexHtml.slice(afterCharset);
  return withHead.replace(root, root + body);
}

/** A script file's function, called with its config, in a scope of its own. */
export function inlineCall(source: string, functionName: string, config: unknown): string {
  if (!new RegExp(`^function ${functionName}\\(`, 'm').test(source)) {
    throw new Error(`prerender: no function ${functionName} in its script`);
  }
  // `</script` inside a JSON string would end the inline script early.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `(function(){${source}\n${functionName}(${json})})()`;
}
