import type { RsbuildPlugin, Rspack } from '@rsbuild/core';

/** How the federation plugin names the module that puts a shared package into the share scope. */
const PROVIDED = /^provide shared module \(\w+\) \S+ = (.+)$/;

type Origin = { request?: string; module?: { identifier(): string } | null };

/** What starts a chunk group: a dynamic import's request, or the shared module a provider loads. */
export type FirstLoad = { requests: string[]; provided: RegExp };

function filesOf(
  compilation: Rspack.Compilation,
  wanted: FirstLoad,
  extension: string,
): Set<string> {
  const matches = (origin: Origin) => {
    if (origin.request && wanted.requests.includes(origin.request)) return true;
    const provided = PROVIDED.exec(origin.module?.identifier() ?? '');
    return provided !== null && wanted.provided.test(provided[1] ?? '');
  };
  const files = new Set<string>();
  for (const group of compilation.chunkGroups) {
    if (!group.origins.some(matches)) continue;
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (file.endsWith(extension)) files.add(file);
    }
  }
  return files;
}

/**
 * Preloads, from the HTML, the scripts (and links the stylesheets) a page start needs beyond the entry, found from the build's
 * chunk groups, so they download beside the entry instead of in waves after it has run:
 * - `firstPage`: what every start needs (the sign-in page's scripts), as `<link rel="preload">`;
 * - `signedIn`: what a start with a session to restore needs besides (the auth client, the
 *   signed-in layout), added by a small inline script only when `sessionKey` is in localStorage or
 *   sessionStorage, so a visitor's page does not download them.
 * Low priority, like the entry script itself: the browser would otherwise hold them ahead of the
 * page's first paint. `mustInclude` names a file the first page must have (a check that the rules
 * still match the build).
 */
export const preloadScripts = (options: {
  firstPage: FirstLoad;
  signedIn: FirstLoad;
  sessionKey: string;
  mustInclude: RegExp;
}): RsbuildPlugin => ({
  name: 'portal:preload-scripts',
  setup(api) {
    api.modifyHTMLTags(({ headTags, bodyTags }, { compilation }) => {
      const publicPath = String(compilation.outputOptions.publicPath ?? '/');
      const firstPage = filesOf(compilation, options.firstPage, '.js');
      if (![...firstPage].some((file) => options.mustInclude.test(file))) {
        throw new Error(`preloadScripts: no ${options.mustInclude} among the first page's scripts`);
      }
      const signedIn = [...filesOf(compilation, options.signedIn, '.js')].filter(
        (file) => !firstPage.has(file),
      );
      if (signedIn.length === 0) throw new Error('preloadScripts: no signed-in scripts found');
      for (const file of [...firstPage].sort()) {
        headTags.push({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'script',
            href: `${publicPath}${file}`,
            fetchpriority: 'low',
          },
        });
      }
      const firstPageStyles = filesOf(compilation, options.firstPage, '.css');
      // The signed-in layout's stylesheets too: the chunk loader would ask for them only once the
      // layout's script has arrived, one more round trip before the page can paint.
      const signedInStyles = [...filesOf(compilation, options.signedIn, '.css')].filter(
        (file) => !firstPageStyles.has(file),
      );
      const hrefsOf = (files: string[]) =>
        JSON.stringify(files.sort().map((file) => `${publicPath}${file}`));
      const key = JSON.stringify(options.sessionKey);
      const signedInScript = {
        tag: 'script',
        children:
          `(function(){try{if(!localStorage.getItem(${key})&&!sessionStorage.getItem(${key}))return}catch(e){return}` +
          `function p(h,a){var l=document.createElement('link');l.rel='preload';l.as=a;l.href=h;` +
          `if(a==='script')l.fetchPriority='low';document.head.appendChild(l)}` +
          `${hrefsOf(signedIn)}.forEach(function(h){p(h,'script')});` +
          `${hrefsOf(signedInStyles)}.forEach(function(h){p(h,'style')})})()`,
      };
      // An inline script after a stylesheet waits for it: none may come before this one.
      if (headTags.some((tag) => tag.tag === 'link' && tag.attrs?.rel === 'stylesheet')) {
        throw new Error('preloadScripts: a stylesheet would hold the signed-in preloads script');
      }
      headTags.push(signedInScript);
      // The first page's stylesheets, which its scripts would otherwise ask for only once they have
      // run: the sign-in page built into the HTML (build/prerender/) paints with them alone, and
      // the chunk loader finds them already there.
      for (const file of [...firstPageStyles].sort()) {
        headTags.push({ tag: 'link', attrs: { rel: 'stylesheet', href: `${publicPath}${file}` } });
      }
      return { headTags, bodyTags };
    });
  },
});
