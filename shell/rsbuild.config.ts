import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import mfConfig from './module-federation.config';
import { preloadScripts } from './build/preload-scripts';
import { AUTH_STORAGE_KEY } from '../shared-data/src/remember-me-storage';
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

// What a start with a stored session adds: the auth client, the query library, the toasts, and the
// facades' parts for the signed-in layout and dashboards (scripts/shared-facades.mjs, "landing").
const SIGNED_IN_PACKAGES = [
  '@supabase/supabase-js',
  '@tanstack/react-query',
  '@mantine/notifications',
];
const SIGNED_IN_FACADES = [
  'mantine-core-landing',
  'mantine-hooks-landing',
  'portal-shared-data-landing',
];
const SIGNED_IN_MODULES = new RegExp(
  `[\\\\/](?:node_modules[\\\\/](?:${SIGNED_IN_PACKAGES.map((name) => name.replace('/', '[\\\\/]')).join('|')})[\\\\/]|shared-facades[\\\\/](?:${SIGNED_IN_FACADES.join('|')})\\.js$)`,
);

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(mfConfig),
    preloadScripts({
      firstPage: { requests: ['./bootstrap'], provided: STARTUP_MODULES },
      signedIn: {
        requests: ['./signed-in-layout', './guarded-page', './app/early-start'],
        provided: SIGNED_IN_MODULES,
      },
      sessionKey: AUTH_STORAGE_KEY,
      mustInclude: /\/startup\.\w+\.js$/,
    }),
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
