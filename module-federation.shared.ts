import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one shared-dependency list for the host and every remote, so they cannot drift
 * (docs/shared-packages.md is the contract). Every entry is a whole-package singleton: the
 * package holds page-wide state (a React context, a store, a cache, a client, a locale), so two
 * copies on one page would break it. Two Reacts break hooks; two Mantine/jotai/i18next/router
 * copies lose the shell's providers; two query libraries lose the shell's QueryClient; two
 * supabase-js or shared-data sessions mean two sessions.
 */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  // Sharing 'react-dom' does not cover its subpath: without this a second react-dom loads.
  'react-dom/client',
  // react-router-dom re-exports react-router: both are shared, so either import reaches one router.
  'react-router',
  'react-router-dom',
  'jotai',
  'jotai/react',
  'jotai/vanilla',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/notifications',
  '@mantine/dates',
  // @mantine/dates formats with dayjs; one copy keeps one locale setting for the page.
  'dayjs',
  // Owns the QueryClient context: a second copy would not see the shell's client.
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  '@supabase/supabase-js',
  // Only the stateful entry of our own package (the Supabase client, the session and settings
  // atoms): the rest of @portal/shared-data is stateless and bundled by each app, so a remote can
  // ship a new export of it alone. The stateless modules reach the state through this specifier
  // (package self-reference), which the bundler consumes from the share scope.
  '@portal/shared-data/session',
  // Not shared on purpose: @mantine/form (each form has its own store), @portal/shared-ui
  // (components over the shared Mantine and i18next, no state of its own) and the rest of
  // @portal/shared-data: each app bundles the parts its pages use, split by route.
] as const;

/** Our own shared entries, versioned by their package.json and required at that version or later. */
const OWN_PACKAGES = ['@portal/shared-data'];

type PackageJson = { version?: string; dependencies?: Record<string, string> };

const readJson = (file: string): PackageJson =>
  JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** 'react-dom/client' → 'react-dom', '@mantine/core' → '@mantine/core'. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

/** The version of `name` an app's build resolves (its own node_modules, as the bundler does). */
function installedVersion(name: string, appDir: string): string {
  const require = createRequire(join(appDir, 'package.json'));
  // Not every package exports its package.json: find it from the entry's folder upwards.
  let dir = dirname(require.resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === name && manifest.version) return manifest.version;
    } catch {
      // no package.json here
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${appDir}: cannot find the installed ${name}`);
    dir = parent;
  }
}

export type SharedConfig = {
  singleton: true;
  strictVersion: true;
  version: string;
  requiredVersion: string;
};

/**
 * The version policy (docs/shared-packages.md):
 * - a third-party singleton is required at the same MAJOR as the app was built with
 *   (`^<major>.0.0`): within a major any remote runs on the shell's copy, so a remote may ship a
 *   minor or patch upgrade alone; across a major the federation runtime refuses the remote
 *   (strictVersion) and its pages show "This section is unavailable", never a crash;
 * - our own stateful entry (@portal/shared-data/session) is required at the version the remote
 *   was built with or later within its major (`^<version>`): a remote that uses a new session
 *   export (a minor bump) waits for the shell to provide it, with the same panel meanwhile.
 *
 * `configUrl`: the calling module-federation.config.ts's import.meta.url.
 */
export function sharedDependencies(configUrl: string): Record<string, SharedConfig> {
  const appDir = dirname(fileURLToPath(configUrl));
  const deps = readJson(join(appDir, 'package.json')).dependencies ?? {};
  const shared: Record<string, SharedConfig> = {};
  for (const specifier of SINGLETONS) {
    const name = packageName(specifier);
    if (!deps[name])
      throw new Error(`${appDir}: shared dependency ${name} is missing from package.json`);
    const version = installedVersion(name, appDir);
    const major = version.split('.')[0] ?? '0';
    shared[specifier] = {
      singleton: true,
      strictVersion: true,
      version,
      requiredVersion: OWN_PACKAGES.includes(name) ? `^${version}` : `^${major}.0.0`,
    };
  }
  return shared;
}

/**
 * One federation runtime per page: the shell's build carries it and hands it to the remotes
 * (`provideExternalRuntime`), whose production builds leave their own copy out (`externalRuntime`).
 * A remote's development server (`rsbuild dev`, also used standalone) keeps its own runtime, so it
 * still runs without a shell. Every app pins the same @module-federation versions
 * (tests/shared-versions.test.ts), so the runtime a remote gets is the one it was built against.
 */
export const hostExperiments = {
  provideExternalRuntime: true,
  // Only the browser's code paths of the runtime (its Node script loader is left out).
  optimization: { target: 'web' },
} as const;
export const remoteExperiments = () => ({
  externalRuntime: process.env.NODE_ENV === 'production',
  // A remote loads no remotes of its own: its part of the runtime leaves remote loading out.
  optimization: { target: 'web' as const, disableRemote: true },
});

/** Only a remote's own route loads it; a dead remote breaks nothing else. */
export const shareStrategy = 'loaded-first' as const;
