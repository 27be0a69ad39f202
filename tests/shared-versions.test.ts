import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SINGLETONS } from '../module-federation.shared';

// A shared singleton loads once for the whole page, from whichever app loads first
// (`shareStrategy: 'loaded-first'`). If the apps ask for different ranges, the page gets the
// version another app was tested with, or a second copy with a console warning. So every app
// declares the same range, and shared-ui/shared-data (bundled into each app) agree with them.

type Manifest = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
type Workspace = Record<string, Manifest>;

const ROOT = join(import.meta.dirname, '..');
const APPS = ['shell', 'student-app', 'teacher-app', 'admin-app'] as const;
const LIBRARIES = ['shared-ui', 'shared-data'] as const;

const read = (folder: string): Manifest =>
  JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as Manifest;
const workspace: Workspace = Object.fromEntries(
  [...APPS, ...LIBRARIES].map((folder) => [folder, read(folder)]),
);

/** 'react-dom/client' → 'react-dom', '@mantine/core' → '@mantine/core'. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

const SINGLETON_PACKAGES = [...new Set(SINGLETONS.map(packageName))];

/** Singletons whose range differs between apps. */
function appDisagreements(ws: Workspace, packages: readonly string[]): string[] {
  return packages.flatMap((name) => {
    const ranges = APPS.map((app) => `${app} ${ws[app]?.dependencies?.[name] ?? '(missing)'}`);
    const distinct = new Set(APPS.map((app) => ws[app]?.dependencies?.[name]));
    return distinct.size === 1 && !distinct.has(undefined) ? [] : [`${name}: ${ranges.join(', ')}`];
  });
}

/** The lowest version a simple range allows: '^19.2.4' → [19, 2, 4]. */
function lowest(range: string): number[] | null {
  const match = /^[\^~]?(\d+)\.(\d+)\.(\d+)$/.exec(range);
  return match ? match.slice(1).map(Number) : null;
}

/** Whether every version `appRange` allows satisfies the caret/tilde/exact `peerRange`. */
function peerAccepts(peerRange: string, appRange: string): boolean {
  // The same range accepts itself (`workspace:*`: the workspace's own package).
  if (peerRange === appRange) return true;
  const peer = lowest(peerRange);
  const app = lowest(appRange);
  if (!peer || !app) return false;
  const [pMajor, pMinor, pPatch] = peer as [number, number, number];
  const [aMajor, aMinor, aPatch] = app as [number, number, number];
  const atLeast =
    aMajor > pMajor ||
    (aMajor === pMajor && (aMinor > pMinor || (aMinor === pMinor && aPatch >= pPatch)));
  if (!atLeast) return false;
  if (peerRange.startsWith('^')) return aMajor === pMajor && !appRange.startsWith('>');
  if (peerRange.startsWith('~'))
    return aMajor === pMajor && aMinor === pMinor && !appRange.startsWith('^');
  return peerRange === appRange;
}

/**
 * Packages a library shares with the apps but pins differently. Its dependencies and
 * devDependencies must name the apps' exact range (the library is built and tested with it); a
 * peerDependency may be looser, as long as it accepts every version the apps' range allows.
 */
function libraryDisagreements(ws: Workspace): string[] {
  const appRange = (name: string) => ws.shell?.dependencies?.[name];
  return LIBRARIES.flatMap((library) => {
    const manifest = ws[library] ?? {};
    const pinned = { ...manifest.devDependencies, ...manifest.dependencies };
    const exact = Object.entries(pinned).flatMap(([name, range]) => {
      const apps = appRange(name);
      return apps === undefined || apps === range
        ? []
        : [`${library} ${name}: ${range}, the apps ${apps}`];
    });
    const peers = Object.entries(manifest.peerDependencies ?? {}).flatMap(([name, range]) => {
      const apps = appRange(name);
      return apps === undefined || peerAccepts(range, apps)
        ? []
        : [`${library} peer ${name}: ${range} does not accept the apps' ${apps}`];
    });
    return [...exact, ...peers];
  });
}

describe('shared singleton versions', () => {
  it('are declared by every app', () => {
    for (const app of APPS) {
      const missing = SINGLETON_PACKAGES.filter((name) => !workspace[app]?.dependencies?.[name]);
      expect(missing, app).toEqual([]);
    }
  });

  it('have one version range across shell, student-app, teacher-app and admin-app', () => {
    expect(appDisagreements(workspace, SINGLETON_PACKAGES)).toEqual([]);
  });

  it('agree between shared-ui/shared-data and the apps', () => {
    expect(libraryDisagreements(workspace)).toEqual([]);
  });
});

describe('the federation runtime', () => {
  // The shell hands its runtime to the remotes (externalRuntime): they must be built against the
  // very same version, so every app pins every @module-federation package exactly, to one version.
  it('is pinned to one exact version by every app', () => {
    const pins = APPS.flatMap((app) => {
      const manifest = workspace[app] ?? {};
      return Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
        .filter(([name]) => name.startsWith('@module-federation/'))
        .map(([name, range]) => `${name}@${range}`);
    });
    const versions = new Set(pins.map((pin) => pin.slice(pin.lastIndexOf('@') + 1)));
    expect(pins.length).toBeGreaterThanOrEqual(APPS.length * 2);
    expect([...versions]).toHaveLength(1);
    expect([...versions][0]).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('the version checks themselves', () => {
  const withRange = (
    folder: string,
    section: keyof Manifest,
    name: string,
    range: string,
  ): Workspace => ({
    ...workspace,
    [folder]: {
      ...workspace[folder],
      [section]: { ...workspace[folder]?.[section], [name]: range },
    },
  });

  it('catch one app asking for another version of a singleton', () => {
    const drifted = withRange('admin-app', 'dependencies', '@tanstack/react-query', '5.99.0');
    const problems = appDisagreements(drifted, ['@tanstack/react-query']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^@tanstack\/react-query: shell .*, admin-app 5\.99\.0$/);
  });

  it('catch a library pinning another version than the apps', () => {
    const drifted = withRange('shared-data', 'dependencies', 'jotai', '2.19.0');
    const apps = workspace.shell?.dependencies?.jotai;
    expect(libraryDisagreements(drifted)).toEqual([`shared-data jotai: 2.19.0, the apps ${apps}`]);
  });

  it('catch a peer range that refuses the apps’ version, and accept a looser one', () => {
    expect(peerAccepts('^19.2.0', '^19.2.4')).toBe(true);
    expect(peerAccepts('^19.3.0', '^19.2.4')).toBe(false);
    expect(peerAccepts('^18.0.0', '^19.2.4')).toBe(false);
    expect(peerAccepts('9.7.3', '9.7.3')).toBe(true);
    expect(peerAccepts('9.7.3', '^9.7.3')).toBe(false);
  });
});
