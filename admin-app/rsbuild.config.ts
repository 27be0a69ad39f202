import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import mfConfig from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(mfConfig)],
  // The shell on another origin fetches this remote's manifest and chunks.
  server: { port: 3003, host: '127.0.0.1', cors: { origin: '*' }, historyApiFallback: true },
  // Chunks are resolved from wherever the remote entry was loaded, not the host's origin.
  output: { assetPrefix: 'auto', distPath: { root: 'dist' } },
  dev: { assetPrefix: 'auto' },
  html: { title: 'Admin app (standalone)', favicon: '../shared-ui/assets/favicon.svg' },
});
