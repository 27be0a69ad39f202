// @vitest-environment node
// @portal/shared-data's state is one instance on the page: only its `./session` entry is shared
// (a Module Federation singleton), and every app bundles the rest of the package. That holds only
// while (1) no module outside the session's own files imports one of them by a relative path (the
// app would bundle a second client, session or atom), (2) nothing the session entry loads imports
// the package by name (it would wait on itself in the share scope), and (3) every module that holds
// state is a session file. docs/shared-packages.md.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'shared-data', 'src');
const SELF = '@portal/shared-data';

/** The modules behind `@portal/shared-data/session` (session.ts re-exports exactly these). */
const SESSION_FILES = [
  'client.ts',
  'remember-me-storage.ts',
  'atoms/auth-atom.ts',
];

/**
 * Module-level state that may exist once per app, each with why a second copy is harmless.
 * Anything else the detector finds must be a session file.
 */
const HARMLESS_STATE: Record<string, string> = {
  // A cache of what the browser answers; every copy finds the same zone.
  'rules/calendar-days.ts': 'the viewer’s time zone, read once',
};

type Import = { specifier: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|test-d|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function parse(file: string) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Every import, re-export and dynamic import of a module, with whether it is erased (types only). */
function importsOf(source: ts.SourceFile): Import[] {
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      let typeOnly = false;
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        const bindings = clause?.namedBindings;
        typeOnly =
          !!clause?.isTypeOnly ||
          (!!clause &&
            !clause.name &&
            !!bindings &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly));
      } else {
        typeOnly = node.isTypeOnly;
      }
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A relative specifier's file under src/, or null. */
function resolveRelative(from: string, specifier: string, files: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/**
 * Whether a module holds state of its own at the top level: a `let`/`var`, or a primitive jotai
 * atom (`atom(value)`: the store keeps its value under the atom's identity). Derived and
 * write-only atoms (`atom(get => …)`, `atom(null, write)`) keep nothing.
 */
function holdsState(source: ts.SourceFile): boolean {
  return source.statements.some((statement) => {
    if (!ts.isVariableStatement(statement)) return false;
    const list = statement.declarationList;
    if (!(list.flags & ts.NodeFlags.Const)) return true;
    return list.declarations.some((declaration) => {
      const init = declaration.initializer;
      if (!init || !ts.isCallExpression(init)) return false;
      if (!ts.isIdentifier(init.expression) || init.expression.text !== 'atom') return false;
      const first = init.arguments[0];
      return (
        !!first &&
        first.kind !== ts.SyntaxKind.NullKeyword &&
        !ts.isArrowFunction(first) &&
        !ts.isFunctionExpression(first)
      );
    });
  });
}

const files = sourceFiles(SRC);
const fileSet = new Set(files);
const sources = new Map(files.map((file) => [file, parse(file)]));
const name = (file: string) => relative(SRC, file).split('\\').join('/');
const session = new Set(SESSION_FILES.map((file) => join(SRC, file)));

/** Relative imports of a session file from a module that is not one, as "module -> file". */
function relativeSessionImports(): string[] {
  return files.flatMap((file) => {
    if (session.has(file) || name(file) === 'session.ts') return [];
    return importsOf(sources.get(file)!)
      .filter((entry) => !entry.typeOnly)
      .map((entry) => resolveRelative(file, entry.specifier, fileSet))
      .filter((target): target is string => target !== null && session.has(target))
      .map((target) => `${name(file)} -> ${name(target)}`);
  });
}

/** What the session entry loads (runtime imports, relative), as file names. */
function sessionClosure(): string[] {
  const seen = new Set<string>();
  const stack = [join(SRC, 'session.ts')];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const entry of importsOf(sources.get(file)!)) {
      if (entry.typeOnly) continue;
      const target = resolveRelative(file, entry.specifier, fileSet);
      if (target) stack.push(target);
    }
  }
  return [...seen];
}

describe('@portal/shared-data/session', () => {
  it('re-exports exactly the session files', () => {
    const reexported = importsOf(sources.get(join(SRC, 'session.ts'))!).map((entry) =>
      name(resolveRelative(join(SRC, 'session.ts'), entry.specifier, fileSet) ?? entry.specifier),
    );
    expect(reexported.sort()).toEqual([...SESSION_FILES].sort());
  });

  it('is reached by every other module through the package name, never a relative path', () => {
    expect(relativeSessionImports()).toEqual([]);
  });

  it('loads nothing that imports the package by its own name', () => {
    const selfImports = sessionClosure().flatMap((file) =>
      importsOf(sources.get(file)!)
        .filter((entry) => !entry.typeOnly && entry.specifier.startsWith(SELF))
        .map((entry) => `${name(file)} -> ${entry.specifier}`),
    );
    expect(selfImports).toEqual([]);
  });

  it('holds all of the package’s state', () => {
    const stateful = files
      .filter((file) => holdsState(sources.get(file)!))
      .map(name)
      .filter((file) => !SESSION_FILES.includes(file) && !(file in HARMLESS_STATE));
    expect(stateful).toEqual([]);
  });
});

describe('the guard itself', () => {
  const module = (code: string) => ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true);

  it('finds state: a module-level let, a primitive atom; not a derived or write-only atom', () => {
    expect(holdsState(module('let client = null;'))).toBe(true);
    expect(holdsState(module('export const authAtom = atom<State>(initial);'))).toBe(true);
    expect(holdsState(module('export const roleAtom = atom((get) => get(authAtom).role);'))).toBe(
      false,
    );
    expect(
      holdsState(module('export const logoutAtom = atom(null, (_get, set) => set(a, 1));')),
    ).toBe(false);
    expect(holdsState(module('const LIMIT = 5; function f() { let x = 1; return x; }'))).toBe(
      false,
    );
    // The detector sees the real session files' state.
    expect(holdsState(sources.get(join(SRC, 'client.ts'))!)).toBe(true);
    expect(holdsState(sources.get(join(SRC, 'atoms/auth-atom.ts'))!)).toBe(true);
  });

  it('tells a value import from a type-only one', () => {
    const imports = importsOf(
      module(
        `import { getClient } from '../client';\nimport type { DataClient } from '../client';\n` +
          `import { type AppUser } from '../mappers/user';\nexport * from './x';\nawait import('./y');`,
      ),
    );
    expect(imports).toEqual([
      { specifier: '../client', typeOnly: false },
      { specifier: '../client', typeOnly: true },
      { specifier: '../mappers/user', typeOnly: true },
      { specifier: './x', typeOnly: false },
      { specifier: './y', typeOnly: false },
    ]);
  });

  it('catches a service that imports the client by a relative path', () => {
    const service = join(SRC, 'services', 'courses.ts');
    const target = resolveRelative(service, '../client', fileSet);
    expect(target && session.has(target)).toBe(true);
  });
});
