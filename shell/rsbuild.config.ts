import { defineConfig } from '@rsbuild/core';
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

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(mfConfig),
  ],
  source: {
    // Names this build: a query cache kept by another build is not restored (src/app/query-cache.ts).
    define: { 'process.env.PORTAL_BUILD_ID': JSON.stringify(Date.now().toString(36)) },
  },
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
