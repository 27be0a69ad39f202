// Types of scripts/shared-facades.mjs for the TypeScript files that import it (the MF configs, tests).
export const ROOT: string;
export const FACADE_DIR: string;
export const SOURCE_PREFIX: string;
export const FACADED: readonly string[];
export function facadeFileName(pkg: string): string;
export function importedNames(code: string, fileName: string, packages: readonly string[]): Map<string, Set<string>>;
export function packageDir(name: string, fromDir: string): string | null;
export function collect(): Map<string, Map<string, string>>;
export function facadeSource(pkg: string, names: Iterable<string>): string;
export function facadeNames(pkg: string): Set<string>;
export function facadeVersion(pkg: string, packageVersion: string): string;
export function missingNames(collected?: Map<string, Map<string, string>>): Array<{ pkg: string; name: string; file: string }>;
