import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteExperiments, shareStrategy, sharedDependencies } from '../module-federation.shared';
import { CONTAINER_NAME, PAGES } from './src/app/pages';

export default createModuleFederationConfig({
  name: CONTAINER_NAME,
  exposes: Object.fromEntries(PAGES.map((page) => [page.module, page.file])),
  shared: sharedDependencies(import.meta.url),
  shareStrategy,
  experiments: remoteExperiments(),
  dts: false,
});
