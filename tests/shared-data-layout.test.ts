// How shared-data is laid out (docs/architecture.md, "Inside shared-data/src"), checked over its
// files: no module imports itself back through others, and a screen-sized read lives in read-models/.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'shared-data/src');

/** Every source file under a folder (tests included: a test is a module too). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(folder, name))
    .sort();
}

/** The package files a module imports by relative path, `import type` and `export … from` included. */
function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = resolve(dirname(file), specifier);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(existsSync);
      if (!found) throw new Error(`${relative(ROOT, file)}: cannot resolve ${specifier}`);
      return found;
    });
}

/**
 * The import cycles of a graph, each as the files around it. ESLint's import-x/no-cycle skips type-only
 * imports; this walk does not, because a type cycle still ties two layers together (mappers and rules
 * each needing the other) even though the compiled code no longer shows it.
 */
function importCycles(files: string[], root = SRC): string[][] {
  const graph = new Map(files.map((file) => [file, relativeImports(file)]));
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      cycles.push([...path.slice(at), file].map((name) => relative(root, name)));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of files) visit(file);
  return cycles;
}

describe('shared-data imports', () => {
  it('form no import cycle, type-only imports included', () => {
    expect(importCycles(sourceFiles(SRC))).toEqual([]);
  });

  it('finds a cycle that only a type import closes (the check can fail)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      writeFileSync(
        join(folder, 'rules.ts'),
        "import type { Row } from './mapper';\nexport const D = 1;\n",
      );
      writeFileSync(
        join(folder, 'mapper.ts'),
        "import { D } from './rules';\nexport type Row = { d: typeof D };\n",
      );
      writeFileSync(join(folder, 'alone.ts'), "import { D } from './rules';\n");
      expect(importCycles(sourceFiles(folder), folder)).toEqual([
        ['rules.ts', 'mapper.ts', 'rules.ts'],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** The functions the read-model migrations create: each answers one screen, or one part of it. */
function readModelFunctions(): string[] {
  const folder = join(ROOT, 'supabase/migrations');
  return readdirSync(folder)
    .filter((name) => /_read_models_\w+\.sql$/.test(name))
    .flatMap((name) =>
      [
        ...readFileSync(join(folder, name), 'utf8').matchAll(/^create function public\.(\w+)\(/gm),
      ].map((match) => match[1]),
    );
}

/**
 * Read-model functions a service may call: get_course_files lists the stored files that the course
 * delete removes first (a step of a write, not a screen's read).
 */
const WRITE_STEPS = ['get_course_files'];

describe('screen-sized reads', () => {
  it('live in read-models/: no service calls a read-model function', () => {
    const functions = readModelFunctions().filter((name) => !WRITE_STEPS.includes(name));
    expect(functions).toContain('get_class_management');
    const calls = sourceFiles(join(SRC, 'services'))
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\.rpc\(\s*'(\w+)'/g)]
          .map((match) => match[1])
          .filter((name) => functions.includes(name))
          .map((name) => `${relative(SRC, file)} calls ${name}`),
      );
    expect(calls).toEqual([]);
  });
});
