// A bundler loader for every module of every app (theirs and the packages they bundle): an import
// of a split package's names is pointed at the facade that holds each name (scripts/shared-facades.mjs
// SPLIT), so a page downloads only the parts it uses.
//   import { Button, AppShell, Modal as M, type ModalProps } from '@mantine/core'
// becomes
//   import { Button, type ModalProps } from '@mantine/core';
//   import { AppShell } from '@mantine/core/landing';
//   import { Modal as M } from '@mantine/core/later';
const ts = require('typescript');

/**
 * Rewrites the import and re-export declarations of `pkg` in `code`. `keyOf`: for each name that
 * lives elsewhere, the key that serves it. Returns the code unchanged when nothing moves.
 */
function rewriteImports(code, fileName, pkg, keyOf) {
  if (!code.includes(pkg)) return code;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const node of source.statements) {
    const isImport = ts.isImportDeclaration(node);
    const isExport = ts.isExportDeclaration(node);
    if (!isImport && !isExport) continue;
    if (!node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    if (node.moduleSpecifier.text !== pkg) continue;
    if (isImport ? node.importClause?.isTypeOnly : node.isTypeOnly) continue;
    const bindings = isImport ? node.importClause?.namedBindings : node.exportClause;
    if (
      !bindings ||
      (isImport && ts.isNamespaceImport(bindings)) ||
      ts.isNamespaceExport(bindings)
    ) {
      if (isImport && !node.importClause) continue; // `import '@mantine/core'`: nothing to split
      throw new Error(`${fileName}: ${pkg} is split in facades; import its names one by one`);
    }
    const keyOfElement = (element) =>
      element.isTypeOnly ? undefined : keyOf.get((element.propertyName ?? element.name).text);
    const moved = bindings.elements.filter((element) => keyOfElement(element) !== undefined);
    if (moved.length === 0) continue;
    const kept = bindings.elements.filter((element) => !moved.includes(element));
    const keyword = isImport ? 'import' : 'export';
    const list = (elements) => elements.map((element) => element.getText(source)).join(', ');
    const defaultName =
      isImport && node.importClause?.name ? `${node.importClause.name.text}, ` : '';
    const statements = [];
    if (kept.length > 0 || defaultName) {
      statements.push(`${keyword} ${defaultName}{ ${list(kept)} } from '${pkg}';`);
    }
    for (const key of new Set(moved.map(keyOfElement))) {
      statements.push(
        `${keyword} { ${list(moved.filter((element) => keyOfElement(element) === key))} } from '${key}';`,
      );
    }
    edits.push({ start: node.getStart(source), end: node.getEnd(), text: statements.join('\n') });
  }
  let result = code;
  for (const edit of edits.reverse()) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/** Loader options: `{ splits: [{ pkg, keyOf: { [name]: key } }] }`. */
function facadeImportLoader(code) {
  const { splits } = this.getOptions();
  let result = code;
  for (const { pkg, keyOf } of splits) {
    result = rewriteImports(result, this.resourcePath, pkg, new Map(Object.entries(keyOf)));
  }
  return result;
}

module.exports = facadeImportLoader;
module.exports.rewriteImports = rewriteImports;
