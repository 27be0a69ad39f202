import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import mfConfig from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(mfConfig)],
  source: {
    // Names this build: a query cache kept by another build is not restored (src/app/query-cache.ts).
    define: { 'process.env.PORTAL_BUILD_ID': JSON.stringify(Date.now().toString(36)) },
  },
  server: { port: 3000, host: '127.0.0.1', historyApiFallback: true },
  html: { title: 'Lingua Academy Portal', favicon: '../shared-ui/assets/favicon.svg' },
  output: { distPath: { root: 'dist' } },
});
