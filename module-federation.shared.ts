import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FACADED,
  FACADE_DIR,
  FACADE_KEYS,
  SOURCE_PREFIX,
  SPLIT,
  facadeFileName,
  facadeVersion,
  packageDir,
  packageName,
  splitKeysByName,
} from './scripts/shared-facades.mjs';

/**
 * The one shared-dependency list for the host and every remote, so they cannot drift.
 * Everything here is a singleton: two Reacts break hooks, two Mantine/jotai/i18next/router
 * copies lose the host's providers, two shared-data copies mean two sessions.
 * Versions come from the app's own package.json (workspace packages from theirs).
 */
const root = dirname(fileURLToPath(import.meta.url));

export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  // Sharing 'react-dom' does not cover its subpath: without this a second react-dom loads.
  'react-dom/client',
  // react-router itself is not shared: react-router-dom (through its facade) re-exports what the
  // portal uses, so the page holds one router whatever an app imports.
  'react-router-dom',
  'jotai',
  'jotai/react',
  'jotai/vanilla',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/notifications',
  '@mantine/dates',
  // Not shared on purpose: @mantine/form holds no page-wide state (each form has its own store),
  // so every app bundles only the parts it uses instead of the whole package.
  // @mantine/dates formats with dayjs; one copy keeps one locale setting for the page.
  'dayjs',
  // Owns the QueryClient context: a second copy would not see the shell's client.
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  '@supabase/supabase-js',
  // Not shared on purpose: @portal/shared-ui is components over the shared Mantine and i18next,
  // with no state of its own (the site name travels in the Mantine theme), so each app bundles
  // only the parts its pages use, split by route, instead of every page loading all of it.
  '@portal/shared-data',
  // Not shared on purpose: @portal/shared-data/queries (the query options and hooks) keeps no state
  // of its own (the cache is the shell's QueryClient, reached through the shared
  // @tanstack/react-query), so each app bundles the options its pages use, split by route, and a
  // dashboard does not load the services of every other screen.
] as const;

type PackageJson = { version?: string; dependencies?: Record<string, string> };

const readJson = (file: string): PackageJson =>
  JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/**
 * `configUrl`: the calling module-federation.config.ts's import.meta.url. `role`: a remote's
 * production build consumes every part of a split package (scripts/shared-facades.mjs SPLIT) from
 * the shell only and bundles no copy of its own: the later parts load after start, and a remote's
 * copy would carry its own copy of the package's internals (Mantine's theme context, shared-data's
 * session) instead of the shell's.
 */
export function sharedDependencies(configUrl: string, role: 'host' | 'remote' = 'host') {
  const appDir = dirname(fileURLToPath(configUrl));
  const deps = readJson(join(appDir, 'package.json')).dependencies ?? {};
  const shared: Record<string, SharedConfig> = {};
  const splitKeys = Object.entries(SPLIT).flatMap(([pkg, keys]) => [pkg, ...keys]);
  for (const specifier of [...SINGLETONS, ...Object.values(SPLIT).flat()]) {
    const name = packageName(specifier);
    let range = deps[name];
    if (!range)
      throw new Error(`${appDir}: shared dependency ${name} is missing from package.json`);
    if (range.startsWith('workspace:')) {
      const folder = name.replace('@portal/', '');
      range = `^${readJson(join(root, folder, 'package.json')).version ?? '0.0.0'}`;
    }
    if (FACADE_KEYS.includes(specifier)) {
      // The facade (shared-facades/) is what goes into the share scope, under the package's name.
      // Its version names the exact set of exports, and strictVersion makes a remote built with a
      // different set refuse to load (its page shows "unavailable") instead of crashing on a
      // missing component.
      const version = facadeVersion(specifier, installedVersion(name, appDir));
      const onlyFromHost =
        role === 'remote' && splitKeys.includes(specifier) && process.env.NODE_ENV === 'production';
      shared[specifier] = {
        singleton: true,
        strictVersion: true,
        version,
        requiredVersion: `=${version}`,
        import: onlyFromHost ? false : join(FACADE_DIR, facadeFileName(specifier)),
      };
    } else {
      shared[specifier] = { singleton: true, requiredVersion: range };
    }
  }
  return shared;
}

type SharedConfig = {
  singleton: true;
  requiredVersion: string;
  strictVersion?: true;
  version?: string;
  import?: string | false;
};

function installedVersion(name: string, appDir: string): string {
  const dir = packageDir(name, appDir);
  if (!dir) throw new Error(`${appDir}: cannot find the installed ${name}`);
  return readJson(join(dir, 'package.json')).version ?? '0.0.0';
}

/**
 * What every app's Rsbuild config adds for the facades: the aliases by which a facade imports the
 * real package (`~facade-source/<name>`, a request Module Federation does not intercept: it would
 * hand the facade back to itself) and the loader that sends each imported name of a split package
 * to the part that holds it (scripts/facade-import-loader.cjs).
 */
export function facadeBuildConfig(configUrl: string) {
  const appDir = dirname(fileURLToPath(configUrl));
  const alias: Record<string, string> = {};
  for (const name of FACADED) {
    const dir = packageDir(name, appDir);
    if (!dir) throw new Error(`${appDir}: cannot find the installed ${name}`);
    alias[`${SOURCE_PREFIX}${name}$`] = dir;
    // The split packages' facades also import the stylesheets of their components.
    if (SPLIT[name]) alias[`${SOURCE_PREFIX}${name}/styles`] = join(dir, 'styles');
  }
  // Each remote takes the later names its pages use from its own part (REMOTE_ROLES).
  const splits = splitKeysByName(basename(appDir));
  const loader = createRequire(import.meta.url).resolve('./scripts/facade-import-loader.cjs');
  return {
    resolve: { alias },
    /** An entry of the app's `tools.rspack` list (an app adds its own entries beside it). */
    rspack: Object.assign(
      (
        _config: unknown,
        { addRules }: { addRules: (rules: Record<string, unknown>[]) => void },
      ) => {
        addRules([
          {
            test: /\.(?:[cm]?js|[cm]?tsx?)$/,
            enforce: 'pre',
            use: [{ loader, options: { splits } }],
          },
        ]);
      },
      // tests/shared-facades.test.ts checks every app's config has it.
      { facadeLoader: true },
    ),
  };
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

/** The federation runtime's CommonJS entry files, which the plugin imports by absolute path. */
const FEDERATION_CJS_ENTRY = /[\\/]@module-federation[\\/][\w-]+[\\/]dist[\\/]index\.cjs$/;

/**
 * An entry of every app's `tools.rspack` list: the federation plugin imports its runtime's CommonJS
 * build, which the bundler cannot tree-shake, so each entry file is swapped for its ES module twin
 * (same package, same version) when the package ships one. The shell's entry loses about a fifth of
 * its runtime and each remote entry about half (docs/architecture.md, "Measuring the cost of
 * federation"). tests/shared-facades.test.ts checks every app's config has it.
 */
export const esmFederationRuntime = Object.assign(
  (
    config: { plugins?: unknown[] },
    {
      rspack,
    }: {
      rspack: {
        NormalModuleReplacementPlugin: new (
          pattern: RegExp,
          replace: (resource: { request?: string; createData?: { resource?: string } }) => void,
        ) => unknown;
      };
    },
  ) => {
    const esmTwin = (file: string) => {
      const twin = file.replace(/\.cjs$/, '.js');
      return existsSync(twin) ? twin : file;
    };
    config.plugins ??= [];
    config.plugins.push(
      new rspack.NormalModuleReplacementPlugin(FEDERATION_CJS_ENTRY, (resource) => {
        if (resource.request && FEDERATION_CJS_ENTRY.test(resource.request)) {
          resource.request = esmTwin(resource.request);
        }
        if (
          resource.createData?.resource &&
          FEDERATION_CJS_ENTRY.test(resource.createData.resource)
        ) {
          resource.createData.resource = esmTwin(resource.createData.resource);
        }
      }),
    );
  },
  { esmFederationRuntime: true },
);

/** Only a remote's own route loads it; a dead remote breaks nothing else. */
export const shareStrategy = 'loaded-first' as const;
