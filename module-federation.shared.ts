import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FACADED,
  FACADE_DIR,
  SOURCE_PREFIX,
  facadeFileName,
  facadeVersion,
  packageDir,
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
  '@portal/shared-ui',
  '@portal/shared-data',
  // The query options and hooks: a separate entry so sign-in does not load the query library.
  '@portal/shared-data/queries',
] as const;

type PackageJson = { version?: string; dependencies?: Record<string, string> };

const readJson = (file: string): PackageJson =>
  JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

/** `configUrl`: the calling module-federation.config.ts's import.meta.url. */
export function sharedDependencies(configUrl: string) {
  const appDir = dirname(fileURLToPath(configUrl));
  const deps = readJson(join(appDir, 'package.json')).dependencies ?? {};
  const shared: Record<string, SharedConfig> = {};
  for (const specifier of SINGLETONS) {
    const name = packageName(specifier);
    let range = deps[name];
    if (!range)
      throw new Error(`${appDir}: shared dependency ${name} is missing from package.json`);
    if (range.startsWith('workspace:')) {
      const folder = name.replace('@portal/', '');
      range = `^${readJson(join(root, folder, 'package.json')).version ?? '0.0.0'}`;
    }
    if ((FACADED as readonly string[]).includes(specifier)) {
      // The facade (shared-facades/) is what goes into the share scope, under the package's name.
      // Its version names the exact set of exports, and strictVersion makes a remote built with a
      // different set refuse to load (its page shows "unavailable") instead of crashing on a
      // missing component.
      const version = facadeVersion(specifier, installedVersion(specifier, appDir));
      shared[specifier] = {
        singleton: true,
        strictVersion: true,
        version,
        requiredVersion: `=${version}`,
        import: join(FACADE_DIR, facadeFileName(specifier)),
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
  import?: string;
};

function installedVersion(name: string, appDir: string): string {
  const dir = packageDir(name, appDir);
  if (!dir) throw new Error(`${appDir}: cannot find the installed ${name}`);
  return readJson(join(dir, 'package.json')).version ?? '0.0.0';
}

/**
 * Bundler aliases for an app: the facades import the real packages through `~facade-source/<name>`,
 * a request Module Federation does not intercept (it would hand the facade back to itself).
 */
export function facadeAliases(configUrl: string): Record<string, string> {
  const appDir = dirname(fileURLToPath(configUrl));
  return Object.fromEntries(
    FACADED.map((name) => {
      const dir = packageDir(name, appDir);
      if (!dir) throw new Error(`${appDir}: cannot find the installed ${name}`);
      return [`${SOURCE_PREFIX}${name}$`, dir];
    }),
  );
}

/**
 * One federation runtime per page: the shell's build carries it and hands it to the remotes
 * (`provideExternalRuntime`), whose production builds leave their own copy out (`externalRuntime`).
 * A remote's development server (`rsbuild dev`, also used standalone) keeps its own runtime, so it
 * still runs without a shell. Every app pins the same @module-federation versions
 * (tests/shared-versions.test.ts), so the runtime a remote gets is the one it was built against.
 */
export const hostExperiments = { provideExternalRuntime: true } as const;
export const remoteExperiments = () => ({ externalRuntime: process.env.NODE_ENV === 'production' });

/** Only a remote's own route loads it; a dead remote breaks nothing else. */
export const shareStrategy = 'loaded-first' as const;
