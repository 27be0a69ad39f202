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

/**
 * `<link rel="preload">` in the HTML for the named chunks the first page needs (the bootstrap and
 * the shared libraries' startup chunk), so they download alongside the entry instead of after it
 * has run. Low priority, like the entry script itself: the browser would otherwise hold them ahead of
 * the page's first paint.
 */
const preloadFirstPage = (chunkNames: string[]): RsbuildPlugin => ({
  name: 'portal:preload-first-page',
  setup(api) {
    api.modifyHTMLTags(({ headTags, bodyTags }, { compilation }) => {
      const publicPath = String(compilation.outputOptions.publicPath ?? '/');
      for (const name of chunkNames) {
        const chunk = compilation.namedChunks.get(name);
        if (!chunk) throw new Error(`preloadFirstPage: the build has no chunk named ${name}`);
        for (const file of chunk.files) {
          if (!file.endsWith('.js')) continue;
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
      }
      return { headTags, bodyTags };
    });
  },
});

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(mfConfig),
    preloadFirstPage(['bootstrap', 'startup']),
  ],
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
