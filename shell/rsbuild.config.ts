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
    tsconfig: './build/tsconfig.json',
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
}));
