// A bundler loader for every module of every app (theirs and the packages they bundle): an import
// of a split package's names that the first page does not use is pointed at the package's later
// facade (scripts/shared-facades.mjs SPLIT), so the sign-in page downloads only its own half.
//   import { Button, Modal as M, type ModalProps } from '@mantine/core'
// becomes
//   import { Button, type ModalProps } from '@mantine/core';
//   import { Modal as M } from '@mantine/core/later';
const ts = require('typescript');

/**
 * Rewrites the import and re-export declarations of `pkg` in `code`. `later`: the names served by
 * `laterKey`. Returns the code unchanged when nothing moves.
 */
function rewriteImports(code, fileName, pkg, laterKey, later) {
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
    if (!bindings || (isImport && ts.isNamespaceImport(bindings)) || ts.isNamespaceExport(bindings)) {
      if (isImport && !node.importClause) continue; // `import '@mantine/core'`: nothing to split
      throw new Error(`${fileName}: ${pkg} is split in two facades; import its names one by one`);
    }
    const moved = bindings.elements.filter(
      (element) => !element.isTypeOnly && later.has((element.propertyName ?? element.name).text),
    );
    if (moved.length === 0) continue;
    const kept = bindings.elements.filter((element) => !moved.includes(element));
    const keyword = isImport ? 'import' : 'export';
    const list = (elements) => elements.map((element) => element.getText(source)).join(', ');
    const defaultName = isImport && node.importClause?.name ? `${node.importClause.name.text}, ` : '';
    const statements = [];
    if (kept.length > 0 || defaultName) {
      statements.push(`${keyword} ${defaultName}{ ${list(kept)} } from '${pkg}';`);
    }
    statements.push(`${keyword} { ${list(moved)} } from '${laterKey}';`);
    edits.push({ start: node.getStart(source), end: node.getEnd(), text: statements.join('\n') });
  }
  let result = code;
  for (const edit of edits.reverse()) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/** Loader options: `{ splits: [{ pkg, laterKey, later: string[] }] }`. */
function facadeImportLoader(code) {
  const { splits } = this.getOptions();
  let result = code;
  for (const { pkg, laterKey, later } of splits) {
    result = rewriteImports(result, this.resourcePath, pkg, laterKey, new Set(later));
  }
  return result;
}

module.exports = facadeImportLoader;
module.exports.rewriteImports = rewriteImports;
