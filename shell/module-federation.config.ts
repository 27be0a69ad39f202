import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { hostExperiments, shareStrategy, sharedDependencies } from '../module-federation.shared';

// The host declares no remotes at build time: their manifest URLs come from
// /portal.config.json at start-up, so a remote can move without rebuilding the shell.
export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  shared: sharedDependencies(import.meta.url),
  shareStrategy,
  experiments: hostExperiments,
  runtimePlugins: ['./src/runtime-plugins/retry.ts', './src/runtime-plugins/fallback.ts'],
  dts: false,
});
