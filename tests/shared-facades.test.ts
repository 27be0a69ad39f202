// @vitest-environment node
// The shared facades (shared-facades/, written by `pnpm facades`) must carry every name the portal
// imports from their packages: the shell's facade is the only copy a remote gets, and a name it
// lacks would be `undefined` in the remote's page.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import {
  FACADE_KEYS,
  SPLIT,
  splitKeysByName,
  facadeNames,
  facadeSource,
  firstPageNames,
  importedNames,
  mantineCssFiles,
  missingNames,
  staleFacades,
} from '../scripts/shared-facades.mjs';
import { SINGLETONS, esmFederationRuntime, sharedDependencies } from '../module-federation.shared';

const { rewriteImports } = createRequire(import.meta.url)(
  '../scripts/facade-import-loader.cjs',
) as {
  rewriteImports: (code: string, file: string, pkg: string, keyOf: Map<string, string>) => string;
};

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
    const code = facadeSource('@mantine/hooks', '@mantine/hooks', ['useId', 'default', 'clamp']);
    expect(code).toContain("export {\n  clamp,\n  useId,\n} from '~facade-source/@mantine/hooks';");
    expect(code).toContain("export { default } from '~facade-source/@mantine/hooks';");
  });
});

describe('the committed facades', () => {
  it('carry every name the apps, shared-ui, shared-data and bundled packages import', () => {
    // On failure: run `pnpm facades`, then rebuild and deploy every app (the version changes).
    expect(missingNames()).toEqual([]);
  });

  it('are exactly what `pnpm facades` writes from the imports today (no name the portal dropped)', () => {
    expect(staleFacades()).toEqual([]);
  });

  it('split @mantine/core by when the pages need it: sign-in, the first signed-in page, the rest', () => {
    const first = facadeNames('@mantine/core');
    const landing = facadeNames('@mantine/core/landing');
    const later = facadeNames('@mantine/core/later');
    for (const name of ['MantineProvider', 'TextInput', 'PasswordInput', 'Button']) {
      expect(first.has(name), name).toBe(true);
    }
    // The signed-in layout's shell and sidebar; a form's select is no dashboard's.
    for (const name of ['AppShell', 'NavLink', 'Burger'])
      expect(landing.has(name), name).toBe(true);
    for (const name of ['Select', 'TagsInput', 'ColorInput'])
      expect(later.has(name), name).toBe(true);
    const all = [...first, ...landing, ...later];
    expect(all).toHaveLength(new Set(all).size); // each name in one part only
  });

  it("gives each remote its own share of shared-data's later part: the names its pages use", () => {
    const later = facadeNames('@portal/shared-data/later');
    const student = facadeNames('@portal/shared-data/student');
    const admin = facadeNames('@portal/shared-data/admin');
    expect(student.has('submissionsService')).toBe(true); // a student hands in work
    expect(student.has('teachersService')).toBe(false); // an admin manages the teachers
    expect(admin.has('teachersService')).toBe(true);
    // The same modules as the later part, re-exported: a remote's part adds no code of its own.
    for (const name of [...student, ...admin]) expect(later.has(name), name).toBe(true);
    const keyOf = (app: string) =>
      splitKeysByName(app).find(({ pkg }) => pkg === '@portal/shared-data')?.keyOf ?? {};
    expect(keyOf('student-app').submissionsService).toBe('@portal/shared-data/student');
    expect(keyOf('admin-app').teachersService).toBe('@portal/shared-data/admin');
    expect(keyOf('shell').submissionsService).toBe('@portal/shared-data/later');
    expect(keyOf('student-app').teachersService).toBe('@portal/shared-data/later');
    // Mantine's later part has a student part only: the catalog's filters come from it.
    const core = (app: string) =>
      splitKeysByName(app).find(({ pkg }) => pkg === '@mantine/core')?.keyOf ?? {};
    expect(core('student-app').Select).toBe('@mantine/core/student');
    expect(core('teacher-app').Select).toBe('@mantine/core/later');
    expect(SPLIT['@mantine/core']).not.toContain('@mantine/core/teacher');
  });
});

describe('the first page and its CSS', () => {
  it('follows the shell bootstrap, not its lazy pages', () => {
    const first = firstPageNames().get('@mantine/core') ?? new Set();
    expect(first.has('PasswordInput')).toBe(true); // the sign-in form
    expect(first.has('AppShell')).toBe(false); // the signed-in layout, a lazy route
  });

  it("finds a component's stylesheets and those of the parts it is built from, in Mantine's order", () => {
    const css = mantineCssFiles(['PasswordInput']);
    expect(css).toEqual(
      expect.arrayContaining(['Input.css', 'PasswordInput.css', 'ActionIcon.css']),
    );
    expect(css).not.toContain('Table.css');
    expect(css.indexOf('Input.css')).toBeLessThan(css.indexOf('PasswordInput.css'));
  });
});

describe('the import loader', () => {
  const keyOf = new Map([
    ['Modal', '@mantine/core/later'],
    ['Table', '@mantine/core/later'],
    ['AppShell', '@mantine/core/landing'],
  ]);
  const rewrite = (code: string) => rewriteImports(code, 'x.tsx', '@mantine/core', keyOf);

  it('sends each name to the facade that holds it and keeps the rest, types and aliases included', () => {
    expect(
      rewrite(
        `import { Button, AppShell, Modal as Dialog, type ModalProps } from '@mantine/core';\nrun();`,
      ),
    ).toBe(
      [
        `import { Button, type ModalProps } from '@mantine/core';`,
        `import { AppShell } from '@mantine/core/landing';`,
        `import { Modal as Dialog } from '@mantine/core/later';`,
        `run();`,
      ].join('\n'),
    );
    expect(rewrite(`export { Table } from '@mantine/core';`)).toBe(
      `export { Table } from '@mantine/core/later';`,
    );
  });

  it('leaves alone what has nothing to move, and refuses a namespace import', () => {
    const code = `import { Button } from '@mantine/core';\nimport type { Modal } from '@mantine/core';`;
    expect(rewrite(code)).toBe(code);
    expect(() => rewrite(`import * as Core from '@mantine/core';`)).toThrow(/one by one/);
  });
});

describe('sharing a facade', () => {
  const shared = sharedDependencies(
    new URL('../shell/module-federation.config.ts', import.meta.url).href,
  );

  it('shares the facade file under the package name, at a version naming its exports, strictly', () => {
    for (const pkg of FACADE_KEYS) {
      const config = shared[pkg];
      expect(config?.import, pkg).toMatch(/shared-facades[\\/].+\.js$/);
      expect(config?.version, pkg).toMatch(/^\d+\.\d+\.\d+-facade\.h[0-9a-f]{8}$/);
      expect(config?.requiredVersion, pkg).toBe(`=${config?.version}`);
      expect(config?.strictVersion, pkg).toBe(true);
    }
  });

  it("makes a remote's production build take a split package only from the shell", () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const remote = sharedDependencies(
        new URL('../admin-app/module-federation.config.ts', import.meta.url).href,
        'remote',
      );
      for (const key of Object.entries(SPLIT).flat(2)) expect(remote[key]?.import, key).toBe(false);
      expect(remote['react-router-dom']?.import).toMatch(/react-router-dom\.js$/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it.each(['shell', 'student-app', 'teacher-app', 'admin-app'])(
    "is wired into %s's build: the aliases and the import loader",
    async (app) => {
      // Without the loader a remote's later names would read `undefined` from the first facade.
      const { default: config } = (await import(`../${app}/rsbuild.config.ts`)) as {
        default: { resolve?: { alias?: object }; tools?: { rspack?: unknown } };
      };
      const rspack = [config.tools?.rspack].flat();
      expect(rspack.some((entry) => (entry as { facadeLoader?: boolean })?.facadeLoader)).toBe(
        true,
      );
      expect(Object.keys(config.resolve?.alias ?? {})).toContain('~facade-source/@mantine/core$');
      expect(
        rspack.some((entry) => (entry as { esmFederationRuntime?: boolean })?.esmFederationRuntime),
      ).toBe(true);
    },
  );

  it("swaps the federation runtime's CommonJS entry files for their ES module twins", () => {
    type Replace = (resource: { request?: string; createData?: { resource?: string } }) => void;
    const plugins: { pattern: RegExp; replace: Replace }[] = [];
    const rspack = {
      NormalModuleReplacementPlugin: class {
        constructor(pattern: RegExp, replace: Replace) {
          plugins.push({ pattern, replace });
        }
      },
    };
    esmFederationRuntime({}, { rspack });
    expect(plugins).toHaveLength(1);
    const [{ pattern, replace }] = plugins;
    // The bundler runtime the plugin imports by absolute path, as installed here.
    const fromShell = createRequire(new URL('../shell/package.json', import.meta.url));
    const fromPlugin = createRequire(fromShell.resolve('@module-federation/rsbuild-plugin'));
    const fromEnhanced = createRequire(fromPlugin.resolve('@module-federation/enhanced'));
    const cjs = fromEnhanced.resolve('@module-federation/webpack-bundler-runtime');
    expect(cjs).toMatch(/[\\/]dist[\\/]index\.cjs$/);
    expect(pattern.test(cjs)).toBe(true);
    const before = { request: cjs };
    replace(before);
    expect(before.request).toBe(cjs.replace(/\.cjs$/, '.js'));
    const after = { createData: { resource: cjs } };
    replace(after);
    expect(after.createData.resource).toBe(cjs.replace(/\.cjs$/, '.js'));
    // A package without an ES module twin keeps its file; other packages are not touched.
    const lonely = '/nowhere/node_modules/@module-federation/lonely/dist/index.cjs';
    const untouched = { request: lonely };
    replace(untouched);
    expect(untouched.request).toBe(lonely);
    expect(pattern.test('/x/node_modules/react/index.cjs')).toBe(false);
  });

  it('does not share react-router apart from react-router-dom', () => {
    expect(SINGLETONS).not.toContain('react-router');
  });
});
