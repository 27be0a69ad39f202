// `pnpm facades`: writes the shared facades, one small module per heavy shared package that
// re-exports only the names the portal imports from it. Module Federation shares the facade under
// the package's name, so the shell's copy of @mantine/core is tree-shaken to what some app uses
// instead of all of Mantine (docs/architecture.md "Shared packages and their facades").
//
// The names come from every import of the package in the apps, shared-ui and shared-data (tests
// excluded), and from the bundled third-party packages that import it (@mantine/dates imports
// @mantine/core, @mantine/core imports @mantine/hooks...). `pnpm facades --check` (and
// tests/shared-facades.test.ts) fail when an import names something the facade lacks.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FACADE_DIR = join(ROOT, 'shared-facades');
/** The request a facade imports the real package by; each app's bundler aliases it (facadeAliases). */
export const SOURCE_PREFIX = '~facade-source/';

/** The shared packages served through a facade. react-router is not shared at all: react-router-dom re-exports it. */
export const FACADED = [
  '@mantine/core',
  '@mantine/hooks',
  'react-router-dom',
  'react-i18next',
  // Ours, shared for its state (the Supabase client, the session atoms); split like Mantine so the
  // sign-in page does not load every service and read model.
  '@portal/shared-data',
];

/**
 * Each remote and the name of its part of a split package: `<package>/<role>` holds the names of
 * `<package>/later` that the remote's own pages use, so its screens load those instead of all of
 * `later` (the same modules of the shell's build, re-exported by a smaller facade).
 */
export const REMOTE_ROLES = {
  'student-app': 'student',
  'teacher-app': 'teacher',
  'admin-app': 'admin',
};
/**
 * The split packages that also have a part per remote, and for which remotes. shared-data's later
 * part is the services and read models of every role's screens: each remote has its own. Mantine's
 * later part only for the students (the most people, on phones first): their catalog loads 482 KiB
 * gzip instead of 516. Parts for the teacher and admin apps too made the shell's chunks finer and
 * their journeys heavier (measured with `pnpm bench:web`), so they load the whole later part.
 */
const ROLE_SPLIT = {
  '@portal/shared-data': Object.values(REMOTE_ROLES),
  '@mantine/core': ['student'],
};
const rolesOf = (pkg) => ROLE_SPLIT[pkg] ?? [];

/**
 * Packages split in three facades, by when the pages need them. What the first page (the sign-in
 * page: the shell's static import graph from its bootstrap) uses stays under the package's name;
 * what the first signed-in page adds (the signed-in layout and each role's dashboard) is shared as
 * `<package>/landing`; the rest as `<package>/later`, loaded the first time another page needs it.
 * facade-import-loader.cjs rewrites each import of a name to the facade that holds it. Each part of
 * @mantine/core carries the CSS of its own components, so a page loads the styles of what it shows.
 */
export const SPLIT = Object.fromEntries(
  ['@mantine/core', '@mantine/hooks', '@portal/shared-data'].map((pkg) => [
    pkg,
    [`${pkg}/landing`, `${pkg}/later`, ...rolesOf(pkg).map((role) => `${pkg}/${role}`)],
  ]),
);

/** Every share key served by a facade file. */
export const FACADE_KEYS = FACADED.flatMap((pkg) => [pkg, ...(SPLIT[pkg] ?? [])]);

/** Where the first page starts: the shell's bootstrap (its entry only starts a request and imports it). */
const FIRST_PAGE_ENTRIES = [join(ROOT, 'shell', 'src', 'bootstrap.tsx')];

/** Where the first signed-in page starts: the shell's signed-in layout and each role's dashboard. */
function landingEntries() {
  const remotes = ['student-app', 'teacher-app', 'admin-app'].map((app) => {
    const pages = readFileSync(join(ROOT, app, 'src', 'app', 'pages.ts'), 'utf8');
    const file = /module: '\.\/Dashboard',\s*file: '([^']+)'/.exec(pages)?.[1];
    if (!file) throw new Error(`${app}/src/app/pages.ts exposes no ./Dashboard`);
    return join(ROOT, app, file);
  });
  const shell = ['signed-in-layout.tsx', 'guarded-page.tsx'].map((file) =>
    join(ROOT, 'shell', 'src', 'app', file),
  );
  return [...shell, ...remotes];
}

/** The workspace packages whose sources the apps bundle. */
const WORKSPACE = ['shell', 'student-app', 'teacher-app', 'admin-app', 'shared-ui', 'shared-data'];
const SKIPPED = /(\.test\.tsx?$|\.d\.ts$|[\\/](test-support|test-utils)[\\/])/;

export const facadeFileName = (pkg) => `${pkg.replace(/^@/, '').replace(/\//g, '-')}.js`;

function walk(dir, accept) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...walk(path, accept));
    } else if (accept(path)) files.push(path);
  }
  return files;
}

/**
 * The value names a source imports from each of `packages` (type-only imports are erased, so they
 * do not count). '*' stands for a namespace import or `export *`: the whole package is needed.
 */
export function importedNames(code, fileName, packages) {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const found = new Map();
  const add = (pkg, name) => {
    if (!found.has(pkg)) found.set(pkg, new Set());
    found.get(pkg).add(name);
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const pkg = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (packages.includes(pkg) && clause && !clause.isTypeOnly) {
        if (clause.name) add(pkg, 'default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) add(pkg, '*');
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) add(pkg, (element.propertyName ?? element.name).text);
          }
        }
      }
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      packages.includes(node.moduleSpecifier.text) &&
      !node.isTypeOnly
    ) {
      const pkg = node.moduleSpecifier.text;
      if (!node.exportClause || ts.isNamespaceExport(node.exportClause)) add(pkg, '*');
      else {
        for (const element of node.exportClause.elements) {
          if (!element.isTypeOnly) add(pkg, (element.propertyName ?? element.name).text);
        }
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      packages.includes(node.arguments[0].text)
    ) {
      add(node.arguments[0].text, '*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A package's folder, resolved from `fromDir` the way the bundler would find it. */
export function packageDir(name, fromDir) {
  const require = createRequire(join(fromDir, 'package.json'));
  for (const request of [`${name}/package.json`, name]) {
    try {
      let dir = dirname(require.resolve(request));
      while (
        !existsSync(join(dir, 'package.json')) ||
        readJson(join(dir, 'package.json')).name !== name
      ) {
        const parent = dirname(dir);
        if (parent === dir) throw new Error(`no package.json for ${name}`);
        dir = parent;
      }
      return dir;
    } catch {
      // `<name>/package.json` is not exported by every package: try the entry point next.
    }
  }
  return null;
}

/** The folder holding a package's ES module build (what the bundler reads). */
function esmDir(dir) {
  const manifest = readJson(join(dir, 'package.json'));
  const dot = manifest.exports?.['.'] ?? manifest.exports;
  const pick = (entry) =>
    typeof entry === 'string'
      ? entry
      : entry && (pick(entry.import) ?? pick(entry.module) ?? pick(entry.default));
  const entry = (dot && pick(dot)) ?? manifest.module ?? manifest.main ?? 'index.js';
  return dirname(join(dir, entry));
}

/** Every source file the portal bundles that may import a facaded package: ours, then third-party. */
function sourceFiles() {
  const files = [];
  for (const folder of WORKSPACE) {
    files.push(
      ...walk(join(ROOT, folder, 'src'), (path) => /\.(ts|tsx)$/.test(path) && !SKIPPED.test(path)),
    );
  }
  // Third-party packages that declare a facaded package as a dependency, found from the
  // workspace's own dependencies, transitively.
  const importers = new Set();
  const queue = WORKSPACE.map((folder) => join(ROOT, folder));
  const visited = new Set();
  while (queue.length > 0) {
    const dir = queue.shift();
    if (visited.has(dir)) continue;
    visited.add(dir);
    const manifest = readJson(join(dir, 'package.json'));
    const deps = { ...manifest.peerDependencies, ...manifest.dependencies };
    for (const name of Object.keys(deps)) {
      if (name.startsWith('@portal/') || name.startsWith('@types/')) continue;
      const found = packageDir(name, dir);
      if (!found || visited.has(found)) continue;
      const depManifest = readJson(join(found, 'package.json'));
      const declared = { ...depManifest.peerDependencies, ...depManifest.dependencies };
      if (FACADED.some((pkg) => pkg !== name && pkg in declared)) importers.add(found);
      queue.push(found);
    }
  }
  for (const dir of importers) {
    files.push(...walk(esmDir(dir), (path) => /\.(mjs|js)$/.test(path) && !path.endsWith('.d.js')));
  }
  return files;
}

/** For each facaded package: the names imported and, per name, one file that imports it. */
export function collect() {
  const names = new Map(FACADED.map((pkg) => [pkg, new Map()]));
  for (const file of sourceFiles()) {
    const code = readFileSync(file, 'utf8');
    if (!FACADED.some((pkg) => code.includes(pkg))) continue;
    for (const [pkg, imported] of importedNames(code, file, FACADED)) {
      const fromOwnPackage = relative(ROOT, file).includes(`node_modules/${pkg}/`);
      if (fromOwnPackage) continue;
      for (const name of imported)
        if (!names.get(pkg).has(name)) names.get(pkg).set(name, relative(ROOT, file));
    }
  }
  return names;
}

// ---- The first page's share of a split package ----

const TS_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveRelative(fromFile, specifier) {
  const base = join(dirname(fromFile), specifier);
  for (const candidate of [base, ...TS_EXTENSIONS.map((ext) => base + ext)]) {
    if (existsSync(candidate) && !statSync(candidate).isDirectory()) return candidate;
  }
  return null;
}

/** Static imports and re-exports of a file (dynamic `import()` is a later chunk: not followed). */
function staticImports(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
  );
  const found = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const names = [];
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
        }
      }
      // `import './x'` (no clause) runs the module: it counts, with no names.
      if (!clause || names.length > 0) found.push({ specifier: node.moduleSpecifier.text, names });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      const elements =
        node.exportClause && ts.isNamedExports(node.exportClause)
          ? node.exportClause.elements.filter((element) => !element.isTypeOnly)
          : null;
      const names = elements
        ? elements.map((element) => (element.propertyName ?? element.name).text)
        : ['*'];
      // `export { a as b }`: the barrel exports `b`.
      const exported = elements ? elements.map((element) => element.name.text) : ['*'];
      if (names.length > 0) found.push({ specifier: node.moduleSpecifier.text, names, exported });
    }
  }
  return found;
}

/** The file of a workspace package's barrel that `name` comes from (following re-exports). */
function exportingFile(barrel, name, seen = new Set()) {
  if (seen.has(barrel)) return null;
  seen.add(barrel);
  const stars = [];
  for (const { specifier, exported } of staticImports(barrel)) {
    if (!specifier.startsWith('.') || !exported) continue;
    const target = resolveRelative(barrel, specifier);
    if (!target) continue;
    if (exported.includes(name)) return target;
    if (exported.includes('*')) stars.push(target);
  }
  for (const target of stars) {
    const found = exportingFile(target, name, seen);
    if (found) return found;
  }
  return null;
}

/** The workspace packages each app bundles (not shared): the walk follows imports into their sources. */
const BUNDLED_WORKSPACE = {
  '@portal/shared-ui': join(ROOT, 'shared-ui', 'src', 'index.ts'),
  '@portal/shared-data/queries': join(ROOT, 'shared-data', 'src', 'queries', 'index.ts'),
};

/** The names of each facaded package the first page imports. */
export const firstPageNames = () => namesReachedFrom(FIRST_PAGE_ENTRIES);

/** The names of each facaded package the first signed-in page (layout and dashboards) imports. */
export const landingNames = () => namesReachedFrom(landingEntries());

/** Per remote (by app folder), the names of each facaded package that its pages import. */
export function roleNames() {
  return new Map(
    Object.keys(REMOTE_ROLES).map((app) => [
      app,
      namesReachedFrom(
        walk(join(ROOT, app, 'src'), (path) => /\.(ts|tsx)$/.test(path) && !SKIPPED.test(path)),
      ),
    ]),
  );
}

/**
 * The names of each facaded package that code reached from `entries` imports: a walk of the static
 * import graph (not into lazy imports), through shared-ui's files, and through every third-party
 * package it reaches (all of whose imports of a facaded package count, as it is loaded whole).
 */
function namesReachedFrom(entries) {
  const names = new Map(FACADED.map((pkg) => [pkg, new Set()]));
  const visited = new Set();
  const queue = [...entries];
  const thirdParty = new Set();
  while (queue.length > 0) {
    const file = queue.shift();
    if (visited.has(file)) continue;
    visited.add(file);
    for (const { specifier, names: imported } of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier);
        if (target && /\.tsx?$/.test(target)) queue.push(target);
      } else if (FACADED.includes(specifier)) {
        for (const name of imported) names.get(specifier).add(name);
      } else if (BUNDLED_WORKSPACE[specifier]) {
        for (const name of imported) {
          const target = exportingFile(BUNDLED_WORKSPACE[specifier], name);
          if (!target) throw new Error(`${relative(ROOT, file)}: ${specifier} exports no ${name}`);
          queue.push(target);
        }
      } else if (!specifier.startsWith('@portal/') && !specifier.endsWith('.css')) {
        thirdParty.add(packageName(specifier));
      }
    }
  }
  for (const pkg of thirdParty) {
    const dir = packageDir(pkg, join(ROOT, 'shell'));
    if (!dir || FACADED.includes(pkg)) continue;
    for (const file of walk(esmDir(dir), (path) => /\.(mjs|js)$/.test(path))) {
      const code = readFileSync(file, 'utf8');
      if (!FACADED.some((facaded) => code.includes(facaded))) continue;
      for (const [facaded, imported] of importedNames(code, file, FACADED)) {
        for (const name of imported) names.get(facaded).add(name);
      }
    }
  }
  // The @mantine/core components reached import @mantine/hooks themselves.
  for (const file of coreModules(names.get('@mantine/core'))) {
    const imported = importedNames(readFileSync(file, 'utf8'), file, ['@mantine/hooks']).get(
      '@mantine/hooks',
    );
    for (const name of imported ?? []) names.get('@mantine/hooks').add(name);
  }
  return names;
}

/** '@mantine/core/later' → '@mantine/core', 'react-dom/client' → 'react-dom'. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * For the import loader of `app` (its folder name): each split package and, per name not under the
 * package's own key, its key. A remote takes the names of `later` its pages use from its own part.
 */
export function splitKeysByName(app) {
  const role = REMOTE_ROLES[app];
  return Object.keys(SPLIT).map((pkg) => {
    const keyOf = {};
    const own = role && rolesOf(pkg).includes(role) ? [`${pkg}/${role}`] : [];
    for (const key of [`${pkg}/later`, ...own, `${pkg}/landing`]) {
      for (const name of facadeNames(key)) keyOf[name] = key;
    }
    return { pkg, keyOf };
  });
}

// ---- Mantine's CSS, per component ----

const MANTINE_BASE_CSS = ['baseline.css', 'default-css-variables.css', 'global.css'];

/**
 * The files of @mantine/core/styles/ that the components behind `names` use, in the order of
 * Mantine's own styles.css. A component's class names live in its `*.module.mjs`; the walk follows
 * each export's module and everything it imports inside @mantine/core.
 */
export function mantineCssFiles(names) {
  const classes = new Set();
  for (const file of coreModules(names)) {
    if (!file.endsWith('.module.mjs')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/"(m_[0-9a-f]+)"/g))
      classes.add(match[1]);
  }
  const coreDir = packageDir('@mantine/core', join(ROOT, 'shell'));
  const stylesDir = join(coreDir, 'styles');
  const all = readFileSync(join(coreDir, 'styles.css'), 'utf8');
  const files = [];
  for (const file of readdirSync(stylesDir)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css') || MANTINE_BASE_CSS.includes(file))
      continue;
    const defined = [
      ...readFileSync(join(stylesDir, file), 'utf8').matchAll(/\.(m_[0-9a-f]+)/g),
    ].map((m) => m[1]);
    if (defined.some((name) => classes.has(name)))
      files.push({ file, at: all.indexOf(`.${defined[0]}`) });
  }
  return files.sort((a, b) => a.at - b.at).map(({ file }) => file);
}

/** The files of @mantine/core's ES build behind its exports `names`, with all they import inside it. */
function coreModules(names) {
  const esm = esmDir(packageDir('@mantine/core', join(ROOT, 'shell')));
  const index = join(esm, 'index.mjs');
  const fileOf = new Map();
  for (const { specifier, names: imported } of staticImports(index)) {
    if (!specifier.startsWith('.')) continue;
    for (const name of imported) fileOf.set(name, join(dirname(index), specifier));
  }
  const visited = new Set();
  const queue = [...names].map((name) => fileOf.get(name)).filter(Boolean);
  while (queue.length > 0) {
    const file = queue.shift();
    if (visited.has(file)) continue;
    visited.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
      queue.push(join(dirname(file), match[1]));
    }
  }
  return visited;
}

// ---- Writing and checking ----

const HEADER = `// Generated by \`pnpm facades\` (scripts/shared-facades.mjs) from the portal's imports: do not edit.\n`;

/** A facade module: the CSS it carries, then the names it re-exports from the real package. */
export function facadeSource(key, pkg, names, css = []) {
  const what =
    key === pkg
      ? `The ${pkg} the apps share through Module Federation: only what some app or bundled package uses${SPLIT[pkg] ? ' on the sign-in page' : ''}.`
      : key.endsWith('/landing')
        ? `What the signed-in layout and the dashboards add from ${pkg}, shared as ${key}.`
        : key.endsWith('/later')
          ? `The rest of what the portal uses from ${pkg}, shared as ${key} and loaded when a page needs it.`
          : `The part of ${pkg}/later that the ${key.slice(pkg.length + 1)} app's pages use, shared as ${key}.`;
  const header = `${HEADER}// ${what}\n`;
  const styles = css.map((file) => `import '${SOURCE_PREFIX}${pkg}/styles/${file}';\n`).join('');
  const sorted = [...names].sort();
  if (sorted.includes('*')) return `${header}${styles}export * from '${SOURCE_PREFIX}${pkg}';\n`;
  const lines = sorted.filter((name) => name !== 'default').map((name) => `  ${name},`);
  const defaultExport = sorted.includes('default')
    ? `export { default } from '${SOURCE_PREFIX}${pkg}';\n`
    : '';
  return `${header}${styles}export {\n${lines.join('\n')}\n} from '${SOURCE_PREFIX}${pkg}';\n${defaultExport}`;
}

/** The facade files' contents, by file name, from the portal's imports. */
export function generate(
  collected = collect(),
  stages = [firstPageNames(), landingNames()],
  roles = roleNames(),
) {
  const files = new Map();
  for (const [pkg, names] of collected) {
    if (!SPLIT[pkg]) {
      files.set(facadeFileName(pkg), facadeSource(pkg, pkg, names.keys()));
      continue;
    }
    if (names.has('*'))
      throw new Error(`${pkg} is split in facades: a namespace import of it cannot be`);
    // Each name goes to the first stage that uses it; `later` takes the rest.
    const keys = [pkg, `${pkg}/landing`, `${pkg}/later`];
    const parts = keys.map(() => []);
    for (const name of names.keys()) {
      const stage = stages.findIndex((stage) => stage.get(pkg).has(name));
      parts[stage === -1 ? keys.length - 1 : stage].push(name);
    }
    // A remote's part: the names of `later` that its pages use.
    for (const [app, role] of Object.entries(REMOTE_ROLES).filter(([, r]) =>
      rolesOf(pkg).includes(r),
    )) {
      const used = roles.get(app).get(pkg);
      keys.push(`${pkg}/${role}`);
      parts.push(parts[2].filter((name) => used.has(name)));
    }
    const loaded = [];
    let early = [];
    keys.forEach((key, index) => {
      let css = [];
      if (pkg === '@mantine/core') {
        // Each part imports the stylesheets the parts loaded before it lack; a remote's part
        // follows the first two, like `later`.
        if (index === 2) early = [...loaded];
        const before = index >= 2 ? [...early] : loaded;
        css = [...(index === 0 ? MANTINE_BASE_CSS : []), ...mantineCssFiles(parts[index])].filter(
          (file) => !before.includes(file),
        );
        loaded.push(...css);
      }
      files.set(facadeFileName(key), facadeSource(key, pkg, parts[index], css));
    });
  }
  return files;
}

/** The names a facade file on disk exports, by share key ('*' when it re-exports everything). */
export function facadeNames(key) {
  const file = join(FACADE_DIR, facadeFileName(key));
  if (!existsSync(file)) return new Set();
  const pkg = packageName(key);
  return (
    importedNames(readFileSync(file, 'utf8'), file, [`${SOURCE_PREFIX}${pkg}`]).get(
      `${SOURCE_PREFIX}${pkg}`,
    ) ?? new Set()
  );
}

/** The names of a package the apps can import: those of all its parts when it is split. */
function availableNames(pkg) {
  const names = facadeNames(pkg);
  for (const key of SPLIT[pkg] ?? []) for (const name of facadeNames(key)) names.add(name);
  return names;
}

/** The share version of a facade: the package's version plus a hash of the file. */
export function facadeVersion(key, packageVersion) {
  const code = readFileSync(join(FACADE_DIR, facadeFileName(key)), 'utf8');
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  return `${packageVersion}-facade.h${hash}`;
}

/** Imports that name something the committed facades lack: `{ pkg, name, file }`. */
export function missingNames(collected = collect()) {
  const missing = [];
  for (const [pkg, names] of collected) {
    const present = availableNames(pkg);
    if (present.has('*')) continue;
    for (const [name, file] of names) if (!present.has(name)) missing.push({ pkg, name, file });
  }
  return missing;
}

/** Facade files whose committed text differs from what the imports call for. */
export function staleFacades(files = generate()) {
  return [...files]
    .filter(([file, code]) => {
      const path = join(FACADE_DIR, file);
      return !existsSync(path) || readFileSync(path, 'utf8') !== code;
    })
    .map(([file]) => file);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const collected = collect();
  if (process.argv.includes('--check')) {
    const missing = missingNames(collected);
    for (const { pkg, name, file } of missing)
      console.error(`${file} imports ${name} from ${pkg}, which its shared facade lacks`);
    const stale = staleFacades(generate(collected));
    for (const file of stale) console.error(`shared-facades/${file} is out of date`);
    if (missing.length > 0 || stale.length > 0) {
      console.error(
        'Run `pnpm facades` to regenerate shared-facades/, then rebuild and deploy every app.',
      );
      process.exit(1);
    }
    console.log('The shared facades carry every name the portal imports.');
  } else {
    for (const [file, code] of generate(collected)) {
      writeFileSync(join(FACADE_DIR, file), code);
      const names = code.split('\n').filter((line) => /^ {2}\w+,$/.test(line)).length;
      const css = code.split('\n').filter((line) => line.endsWith(".css';")).length;
      console.log(`shared-facades/${file}: ${names} names${css ? `, ${css} stylesheets` : ''}`);
    }
  }
}
