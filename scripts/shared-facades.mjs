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
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FACADE_DIR = join(ROOT, 'shared-facades');
/** The request a facade imports the real package by; each app's bundler aliases it (facadeAliases). */
export const SOURCE_PREFIX = '~facade-source/';

/** The shared packages served through a facade. react-router is not shared at all: react-router-dom re-exports it. */
export const FACADED = ['@mantine/core', '@mantine/hooks', 'react-router-dom', 'react-i18next'];

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
      while (!existsSync(join(dir, 'package.json')) || readJson(join(dir, 'package.json')).name !== name) {
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
    typeof entry === 'string' ? entry : entry && (pick(entry.import) ?? pick(entry.module) ?? pick(entry.default));
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
  const seen = new Map();
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
      if (FACADED.some((pkg) => pkg !== name && pkg in declared)) seen.set(found, name);
      queue.push(found);
    }
  }
  for (const dir of seen.keys()) {
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
      for (const name of imported) if (!names.get(pkg).has(name)) names.get(pkg).set(name, relative(ROOT, file));
    }
  }
  return names;
}

export function facadeSource(pkg, names) {
  const header = `// Generated by \`pnpm facades\` (scripts/shared-facades.mjs) from the portal's imports: do not edit.\n// The ${pkg} the apps share through Module Federation: only what some app or bundled package uses.\n`;
  const sorted = [...names].sort();
  if (sorted.includes('*')) return `${header}export * from '${SOURCE_PREFIX}${pkg}';\n`;
  const lines = sorted.filter((name) => name !== 'default').map((name) => `  ${name},`);
  const defaultExport = sorted.includes('default') ? `export { default } from '${SOURCE_PREFIX}${pkg}';\n` : '';
  return `${header}export {\n${lines.join('\n')}\n} from '${SOURCE_PREFIX}${pkg}';\n${defaultExport}`;
}

/** The names a facade file on disk exports ('*' when it re-exports everything). */
export function facadeNames(pkg) {
  const file = join(FACADE_DIR, facadeFileName(pkg));
  if (!existsSync(file)) return new Set();
  return importedNames(readFileSync(file, 'utf8'), file, [`${SOURCE_PREFIX}${pkg}`]).get(`${SOURCE_PREFIX}${pkg}`) ?? new Set();
}

/** The share version of a facade: the package's version plus a hash of the names it carries. */
export function facadeVersion(pkg, packageVersion) {
  const code = readFileSync(join(FACADE_DIR, facadeFileName(pkg)), 'utf8');
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  return `${packageVersion}-facade.h${hash}`;
}

/** Imports that name something the committed facades lack: `{ pkg, name, file }`. */
export function missingNames(collected = collect()) {
  const missing = [];
  for (const [pkg, names] of collected) {
    const present = facadeNames(pkg);
    if (present.has('*')) continue;
    for (const [name, file] of names) if (!present.has(name)) missing.push({ pkg, name, file });
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const collected = collect();
  if (process.argv.includes('--check')) {
    const missing = missingNames(collected);
    for (const { pkg, name, file } of missing) console.error(`${file} imports ${name} from ${pkg}, which its shared facade lacks`);
    if (missing.length > 0) {
      console.error('Run `pnpm facades` to regenerate shared-facades/, then rebuild and deploy every app.');
      process.exit(1);
    }
    console.log('The shared facades carry every name the portal imports.');
  } else {
    for (const [pkg, names] of collected) {
      writeFileSync(join(FACADE_DIR, facadeFileName(pkg)), facadeSource(pkg, names.keys()));
      console.log(`${pkg}: ${names.has('*') ? 'everything' : `${names.size} names`} → shared-facades/${facadeFileName(pkg)}`);
    }
  }
}
