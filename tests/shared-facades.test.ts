// @vitest-environment node
// The shared facades (shared-facades/, written by `pnpm facades`) must carry every name the portal
// imports from their packages: the shell's facade is the only copy a remote gets, and a name it
// lacks would be `undefined` in the remote's page.
import { describe, expect, it } from 'vitest';
import {
  FACADED,
  collect,
  facadeNames,
  facadeSource,
  importedNames,
  missingNames,
} from '../scripts/shared-facades.mjs';
import { SINGLETONS, sharedDependencies } from '../module-federation.shared';

describe('the import scanner', () => {
  it('counts value imports and re-exports, not type-only ones', () => {
    const code = `
      import { Button, type ButtonProps, Modal as Dialog } from '@mantine/core';
      import type { MantineTheme } from '@mantine/core';
      import Default, { useDisclosure } from '@mantine/hooks';
      export { Text } from '@mantine/core';
      export type { BoxProps } from '@mantine/core';
      import { Link } from 'react-router-dom';
    `;
    const found = importedNames(code, 'x.tsx', ['@mantine/core', '@mantine/hooks']);
    expect([...(found.get('@mantine/core') ?? [])].sort()).toEqual(['Button', 'Modal', 'Text']);
    expect([...(found.get('@mantine/hooks') ?? [])].sort()).toEqual(['default', 'useDisclosure']);
    expect(found.has('react-router-dom')).toBe(false);
  });

  it('treats a namespace import, export * and a dynamic import as needing the whole package', () => {
    for (const code of [
      `import * as Core from '@mantine/core';`,
      `export * from '@mantine/core';`,
      `const core = await import('@mantine/core');`,
    ]) {
      expect(importedNames(code, 'x.ts', ['@mantine/core']).get('@mantine/core')).toEqual(
        new Set(['*']),
      );
    }
  });

  it('writes a facade that re-exports exactly the names, sorted', () => {
    const code = facadeSource('@mantine/hooks', ['useId', 'default', 'clamp']);
    expect(code).toContain("export {\n  clamp,\n  useId,\n} from '~facade-source/@mantine/hooks';");
    expect(code).toContain("export { default } from '~facade-source/@mantine/hooks';");
  });
});

describe('the committed facades', () => {
  it('carry every name the apps, shared-ui, shared-data and bundled packages import', () => {
    // On failure: run `pnpm facades`, then rebuild and deploy every app (the version changes).
    expect(missingNames()).toEqual([]);
  });

  it('carry nothing the portal no longer imports (each name costs every page)', () => {
    const collected = collect();
    const extra = FACADED.flatMap((pkg) =>
      [...facadeNames(pkg)].filter((name) => !collected.get(pkg)?.has(name)).map((name) => `${pkg} ${name}`),
    );
    expect(extra).toEqual([]);
  });

  it('include what the shell and the remotes use from Mantine, the router and i18n', () => {
    for (const [pkg, name] of [
      ['@mantine/core', 'MantineProvider'],
      ['@mantine/core', 'Modal'],
      ['@mantine/hooks', 'useDisclosure'],
      ['react-router-dom', 'createBrowserRouter'],
      ['react-i18next', 'useTranslation'],
    ] as const) {
      expect(facadeNames(pkg).has(name), `${pkg} ${name}`).toBe(true);
    }
  });
});

describe('sharing a facade', () => {
  const shared = sharedDependencies(new URL('../shell/module-federation.config.ts', import.meta.url).href);

  it('shares the facade file under the package name, at a version naming its exports, strictly', () => {
    for (const pkg of FACADED) {
      const config = shared[pkg];
      expect(config?.import, pkg).toMatch(/shared-facades[\\/].+\.js$/);
      expect(config?.version, pkg).toMatch(/^\d+\.\d+\.\d+-facade\.h[0-9a-f]{8}$/);
      expect(config?.requiredVersion, pkg).toBe(`=${config?.version}`);
      expect(config?.strictVersion, pkg).toBe(true);
    }
  });

  it('does not share react-router apart from react-router-dom', () => {
    expect(SINGLETONS).not.toContain('react-router');
  });
});
