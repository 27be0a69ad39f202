import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import mfConfig from './module-federation.config';
import { esmFederationRuntime, facadeBuildConfig } from '../module-federation.shared';

const facades = facadeBuildConfig(import.meta.url);

// What the first page (/auth) needs of the shared libraries: the packages, and the facades of the
// shared packages (the modules under the package's own name, which hold what the sign-in page
// uses). Module Federation would load each in its own small file, a round trip each on a slow network.
const STARTUP_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'jotai',
  'i18next',
  'react-i18next',
  'react-router',
  'react-router-dom',
  'cookie',
  'set-cookie-parser',
  'html-parse-stringify',
  'void-elements',
];
const STARTUP_FACADES = [
  'react-i18next',
  'react-router-dom',
  'mantine-core',
  'mantine-hooks',
  'portal-shared-data',
];
const STARTUP_MODULES = new RegExp(
  `[\\\\/](?:node_modules[\\\\/](?:${STARTUP_PACKAGES.join('|')})[\\\\/]|shared-facades[\\\\/](?:${STARTUP_FACADES.join('|')})\\.js$)`,
);

/** How the federation plugin names the module that puts a shared package into the share scope. */
const PROVIDED = /^provide shared module \(\w+\) \S+ = (.+)$/;

/**
 * `<link rel="preload">` in the HTML for every script the first page needs: the bootstrap's chunks
 * and those of the shared modules in STARTUP_MODULES (the startup chunk and the facades' parts of
 * Mantine and shared-data). Without it they are requested only after the entry script has run,
 * and the facades' parts only after that. Low priority, like the entry script itself: the browser
 * would otherwise hold them ahead of the page's first paint.
 */
const preloadFirstPage = (): RsbuildPlugin => ({
  name: 'portal:preload-first-page',
  setup(api) {
    api.modifyHTMLTags(({ headTags, bodyTags }, { compilation }) => {
      const publicPath = String(compilation.outputOptions.publicPath ?? '/');
      const firstPage = (origin: { request?: string; module?: { identifier(): string } }) => {
        if (origin.request === './bootstrap') return true;
        const provided = PROVIDED.exec(origin.module?.identifier() ?? '');
        return provided !== null && STARTUP_MODULES.test(provided[1] ?? '');
      };
      const files = new Set<string>();
      for (const group of compilation.chunkGroups) {
        if (!group.origins.some(firstPage)) continue;
        for (const chunk of group.chunks) {
          for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        }
      }
      if (![...files].some((file) => /\/startup\.\w+\.js$/.test(file))) {
        throw new Error(
          'preloadFirstPage: no startup chunk found; the rule no longer matches the build',
        );
      }
      for (const file of [...files].sort()) {
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
      return { headTags, bodyTags };
    });
  },
});

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(mfConfig), preloadFirstPage()],
  resolve: facades.resolve,
  tools: { rspack: [facades.rspack, esmFederationRuntime] },
  server: { port: 3000, host: '127.0.0.1', historyApiFallback: true },
  html: { title: 'Lingua Academy Portal', favicon: '../shared-ui/assets/favicon.svg' },
  output: { distPath: { root: 'dist' } },
  performance: {
    chunkSplit: {
      strategy: 'split-by-experience',
      override: {
        cacheGroups: {
          // Everything the first page (/auth) needs from the shared libraries, in one file instead
          // of a dozen small ones: each extra request costs a round trip on a slow network.
          startup: {
            test: STARTUP_MODULES,
            name: 'startup',
            chunks: 'async',
            enforce: true,
            priority: 50,
          },
        },
      },
    },
  },
});
