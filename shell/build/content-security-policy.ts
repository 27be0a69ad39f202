import { createHash } from 'node:crypto';
import type { RsbuildPlugin } from '@rsbuild/core';

/** Where the build writes the policy, beside the HTML (dist/). */
export const POLICY_FILE = 'content-security-policy.txt';

/** A CSP hash source for an inline script's text: 'sha256-<base64 of its SHA-256>'. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy the shell's pages need for their scripts and styles. Scripts come
 * from the page's origin, plus, by hash, each inline script its HTML holds (none today). Styles
 * need 'unsafe-inline': Mantine writes its theme into a style element and lays out with style
 * attributes, in the built sign-in page and at run time. A deployment adds the remotes' origins to
 * script-src and style-src (a remote's lazily loaded chunk may bring its own stylesheet, as the
 * progress charts do) and the API's to connect-src (portal.config.json names them, not the build).
 */
export function contentSecurityPolicy(inlineScripts: readonly string[]): string {
  const hashes = [...new Set(inlineScripts)].map(hashSource);
  return [
    ["script-src 'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * Prints the policy at the end of the build and writes it to dist/content-security-policy.txt,
 * from the script tags Rsbuild puts in each HTML file. The template and the sign-in page's markup
 * (React's server renderer, without hydration data) hold none of their own.
 */
export function pluginContentSecurityPolicy(): RsbuildPlugin {
  return {
    name: 'portal:content-security-policy',
    setup(api) {
      const inlineScripts = new Map<string, string[]>();
      api.modifyHTMLTags((tags, { filename }) => {
        inlineScripts.set(
          filename,
          [...tags.headTags, ...tags.bodyTags].flatMap((tag) =>
            tag.tag === 'script' && !tag.attrs?.src && tag.children ? [tag.children] : [],
          ),
        );
        return tags;
      });
      let policy = '';
      api.processAssets({ stage: 'report' }, ({ sources, compilation }) => {
        policy = contentSecurityPolicy([...inlineScripts.values()].flat());
        compilation.emitAsset(POLICY_FILE, new sources.RawSource(`${policy}\n`));
      });
      api.onAfterBuild(({ stats }) => {
        if (policy && !stats?.hasErrors()) {
          api.logger.info(`Content-Security-Policy (${POLICY_FILE}): ${policy}`);
        }
      });
    },
  };
}
