import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import mfConfig from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(mfConfig)],
  server: { port: 3000, host: '127.0.0.1', historyApiFallback: true },
  html: { title: 'Lingua Academy Portal', favicon: '../shared-ui/assets/favicon.svg' },
  output: { distPath: { root: 'dist' } },
});
