import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { tsImport } from 'tsx/esm/api';
import mfConfig from './module-federation.config';
import { pluginContentSecurityPolicy } from './build/content-security-policy';
import type { SignInPage } from './build/sign-in-page';

const TITLE = 'Lingua Academy Portal';

/** The sign-in page rendered by React's server renderer (build/sign-in-page.tsx). */
async function renderSignInPage(): Promise<SignInPage> {
  const page = (await tsImport('./build/sign-in-page.tsx', {
    parentURL: import.meta.url,
    // A path, not relative to the working directory: the bench's single-app build runs elsewhere.
    tsconfig: fileURLToPath(new URL('./build/tsconfig.render.json', import.meta.url)),
  })) as typeof import('./build/sign-in-page');
  return page.renderSignInPage();
}

export default defineConfig(({ command }) => ({
  plugins: [pluginReact(), pluginModuleFederation(mfConfig), pluginContentSecurityPolicy()],
  source: {
    entry: {
      index: './src/index.tsx',
      // auth.html, served for /auth: the same app (the entry depends on index and adds nothing),
      // with the sign-in page's HTML in #root (docs/start-up.md).
      auth: { import: './src/index.tsx', dependOn: 'index' },
    },
    // Names this build: a query cache kept by another build is not restored (src/app/query-cache.ts).
    define: { 'process.env.PORTAL_BUILD_ID': JSON.stringify(Date.now().toString(36)) },
  },
  server: { port: 3000, host: '127.0.0.1', historyApiFallback: true },
  html: {
    template: './index.html',
    favicon: '../shared-ui/assets/favicon.svg',
    // The development server renders every page on the client (its /auth is index.html).
    templateParameters: async (defaults, { entryName }) => ({
      ...defaults,
      ...(entryName === 'auth' && command === 'build'
        ? await renderSignInPage()
        : { markup: '', title: TITLE, language: 'en' }),
    }),
  },
  output: { distPath: { root: 'dist' } },
  tools: {
    rspack: (_, { rspack, appendPlugins }) => {
      // V8's explicit compile hint (a magic comment at the top of a script): Chromium compiles the
      // script's functions while it streams it, on a background thread, instead of on the main
      // thread when they are first called. The shared packages are single large functions each
      // (@mantine/core, react-dom), all called at start; compiled lazily they were the largest
      // long tasks of the sign-in page's start (docs/start-up.md). Added after minification,
      // which would drop the comment, and before the content hashes.
      appendPlugins(
        new rspack.BannerPlugin({
          banner: '//# allFunctionsCalledOnLoad',
          raw: true,
          test: /\.js$/,
          stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        }),
      );
    },
  },
}));
