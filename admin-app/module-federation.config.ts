import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { shareStrategy, sharedDependencies } from '../module-federation.shared';

export default createModuleFederationConfig({
  name: 'admin_app',
  exposes: {
    './Dashboard': './src/app/pages/dashboard.tsx',
  },
  shared: sharedDependencies(import.meta.url),
  shareStrategy,
  dts: false,
});
