// @vitest-environment node
// The shared-package contract (docs/shared-packages.md) as every app's build declares it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SINGLETONS, packageName, sharedDependencies } from '../module-federation.shared';

const ROOT = join(import.meta.dirname, '..');
const APPS = ['shell', 'student-app', 'teacher-app', 'admin-app'];
const configUrl = (app: string) =>
  pathToFileURL(join(ROOT, app, 'module-federation.config.ts')).href;
const installed = (app: string, name: string): string => {
  const manifest = join(ROOT, app, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
};

describe('the shared packages', () => {
  it('are whole-package singletons, the same list for every app', () => {
    for (const app of APPS) {
      const shared = sharedDependencies(configUrl(app));
      expect(Object.keys(shared).sort(), app).toEqual([...SINGLETONS].sort());
      for (const [key, config] of Object.entries(shared)) {
        expect(config, `${app} ${key}`).toMatchObject({ singleton: true, strictVersion: true });
        // No `import` of our own: Module Federation shares the package itself, no facade module.
        expect(config, `${app} ${key}`).not.toHaveProperty('import');
      }
    }
  });

  it('ask for the same major as the app was built with, at the installed version', () => {
    const shared = sharedDependencies(configUrl('teacher-app'));
    const mantine = installed('teacher-app', '@mantine/core');
    expect(shared['@mantine/core']).toMatchObject({
      version: mantine,
      requiredVersion: `^${mantine.split('.')[0]}.0.0`,
    });
    const react = installed('teacher-app', 'react');
    expect(shared['react-dom/client']?.requiredVersion).toBe(
      `^${installed('teacher-app', 'react-dom').split('.')[0]}.0.0`,
    );
    expect(shared.react?.version).toBe(react);
  });

  it('share only the stateful entry of @portal/shared-data, at its own version or later', () => {
    const shared = sharedDependencies(configUrl('student-app'));
    const { version } = JSON.parse(
      readFileSync(join(ROOT, 'shared-data', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(Object.keys(shared).filter((key) => key.startsWith('@portal/'))).toEqual([
      '@portal/shared-data/session',
    ]);
    expect(shared['@portal/shared-data/session']).toMatchObject({
      version,
      requiredVersion: `^${version}`,
    });
  });

  it('names each package once per subpath', () => {
    expect(packageName('react-dom/client')).toBe('react-dom');
    expect(packageName('@portal/shared-data/session')).toBe('@portal/shared-data');
    expect(new Set(SINGLETONS).size).toBe(SINGLETONS.length);
  });
});
