import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

// Architecture rules (docs/architecture.md): what may import what. They apply to package sources
// (`<package>/src/**`); the workspace-level contract tests in `tests/**` may import across apps.
const PACKAGE_SOURCES = ['*/src/**/*.{ts,tsx}'];
const APPS = ['shell', 'student-app', 'teacher-app', 'admin-app'];
const TSCONFIGS = ['./*/tsconfig.json'];

/** react-router is not shared on its own (module-federation.shared.ts): a direct import would load a second router. */
const noBareRouter = {
  group: ['react-router', 'react-router/*'],
  message: "Import from 'react-router-dom': it is the one router the apps share.",
};

/** `import … from '<package>'` messages shared by the restricted-imports blocks below. */
const noOtherApps = (app) =>
  APPS.filter((other) => other !== app).map((other) => ({
    group: [`@portal/${other}`, `@portal/${other}/**`],
    message: `${app} must not import ${other}: apps meet only through Module Federation and @portal/shared-*.`,
  }));

/** What may import what between packages and features (eslint-plugin-boundaries policies). */
const BOUNDARY_POLICIES = [
  {
    // Remotes never import each other nor the shell; the shell imports no remote.
    from: { file: { categories: 'app' } },
    disallow: {
      to: {
        file: {
          categories: 'app',
          captured: { pkg: '!{{ from.file.captured.pkg }}' },
        },
      },
    },
    message:
      '{{ from.file.captured.pkg }} must not import {{ to.file.captured.pkg }}: apps meet only through Module Federation and @portal/shared-*.',
  },
  {
    // A feature imports no other feature and nothing from its app's wiring.
    from: { element: { type: 'feature' } },
    disallow: {
      to: [
        {
          element: {
            type: 'feature',
            captured: { feature: '!{{ from.element.captured.feature }}' },
          },
        },
        { element: { type: 'app-wiring' } },
      ],
    },
    message:
      'Feature "{{ from.element.captured.feature }}" must not import {{ to.element.path }}: a feature imports no other feature and nothing from src/app/ (move shared code to @portal/shared-*).',
  },
  {
    // Shared packages never reach into an app.
    from: { file: { captured: { pkg: 'shared-*' } } },
    disallow: { to: { file: { categories: 'app' } } },
    message: '{{ from.file.captured.pkg }} must not import an app ({{ to.file.captured.pkg }}).',
  },
];

/**
 * The UI kit takes data through props. Two entries are exempt, because they assemble a page host
 * rather than a component: `@portal/shared-ui/standalone` (a remote on its own dev server) and
 * `@portal/shared-ui/render-screen` (a screen in a test); docs/shared-packages.md.
 */
const KIT_WITHOUT_DATA = {
  // The UI kit knows nothing about data access.
  from: { file: { captured: { pkg: 'shared-ui' } } },
  disallow: { to: { file: { captured: { pkg: 'shared-data' } } } },
  message: 'shared-ui must not import shared-data: the kit takes data through props.',
};
const KIT_PAGE_HOSTS = [
  'shared-ui/src/standalone/**/*.{ts,tsx}',
  'shared-ui/src/test-utils/render-screen.tsx',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/@mf-types/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/database.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },

  // Import cycles inside and between packages. maxDepth bounds the dependency walk (lint time);
  // the cycles this codebase can grow (screen ↔ component, queries ↔ services) are short.
  {
    files: PACKAGE_SOURCES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: TSCONFIGS, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
    },
  },

  // Which part of the repo a file belongs to, for eslint-plugin-boundaries.
  {
    files: PACKAGE_SOURCES,
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { typescript: { project: TSCONFIGS, noWarnOnMultipleProjects: true } },
      'boundaries/legacy-templates': false,
      'boundaries/elements': [
        // A feature slice: <app>/src/features/<feature>/.
        {
          type: 'feature',
          pattern: '*/src/features/*',
          partialMatch: false,
          capture: ['app', 'feature'],
        },
        // An app's wiring (routes, pages manifest, providers): <app>/src/app/.
        { type: 'app-wiring', pattern: '*/src/app', partialMatch: false, capture: ['app'] },
        // Anything else in a package.
        { type: 'package', pattern: '*', partialMatch: false, capture: ['pkg'] },
      ],
      'boundaries/files': [
        { category: 'in-package', pattern: '*/**', capture: ['pkg'] },
        ...APPS.map((app) => ({ category: 'app', pattern: `${app}/**` })),
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [...BOUNDARY_POLICIES, KIT_WITHOUT_DATA],
        },
      ],
    },
  },
  {
    files: KIT_PAGE_HOSTS,
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: BOUNDARY_POLICIES }],
    },
  },
  // App package names (`@portal/student-app`) do not resolve to files, so the path-based rules above
  // cannot see them.
  ...APPS.map((app) => ({
    files: [`${app}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noOtherApps(app), noBareRouter] }],
    },
  })),
  {
    files: ['shared-ui/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noBareRouter] }] },
  },
  {
    // shared-data is logic only: services, queries, rules, session atoms. No components, no UI kit.
    files: ['shared-data/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mantine/*', 'react-dom', 'react-dom/*'],
              message:
                'shared-data has no UI: components and Mantine belong in shared-ui or the apps.',
            },
            noBareRouter,
          ],
        },
      ],
    },
  },
  {
    files: ['shared-data/src/**/*.tsx'],
    ignores: ['shared-data/src/**/*.test.tsx', 'shared-data/src/test-support/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-blocklist': [
        'error',
        { '**/*.tsx': '*.ts' },
        {
          errorMessage:
            'shared-data has no components: "{{ target }}" must be a .ts file (components belong in shared-ui or the apps).',
        },
      ],
    },
  },

  // One CSV writer: shared-data's `toCsv` (docs/security.md "CSV exports") keeps a cell that a
  // spreadsheet would run as a formula as text; an export written with papaparse directly would not.
  {
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: ['shared-data/src/rules/csv.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='unparse']",
          message: 'Write CSV with toCsv from @portal/shared-data/csv (it escapes formulas).',
        },
        {
          selector: "ImportSpecifier[imported.name='unparse']",
          message: 'Write CSV with toCsv from @portal/shared-data/csv (it escapes formulas).',
        },
        {
          // The theme's NumberInput keeps what was typed; these props would change it silently.
          selector:
            "JSXOpeningElement[name.name='NumberInput'] > JSXAttribute[name.name=/^(allowNegative|allowDecimal|clampBehavior|decimalScale|fixedDecimalScale)$/]",
          message:
            'A number input keeps what was typed and the form validator explains it (docs/product-rules.md "Forms keep what was typed"): do not clamp or drop characters.',
        },
      ],
    },
  },

  // File and folder names under <package>/src are kebab-case (`my-courses-screen.tsx`); middle
  // extensions are free (`*.test.tsx`, `database.types.ts`, `jest-dom.d.ts`).
  {
    files: ['*/src/**/*'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '*/src/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '*/src/**/': 'KEBAB_CASE' }],
    },
  },
);
