// Types of scripts/shared-facades.mjs for the TypeScript files that import it (the MF configs, tests).
export const ROOT: string;
export const FACADE_DIR: string;
export const SOURCE_PREFIX: string;
export const FACADED: readonly string[];
export const REMOTE_ROLES: Readonly<Record<string, string>>;
export const SPLIT: Readonly<Record<string, readonly string[]>>;
export const FACADE_KEYS: readonly string[];
export function facadeFileName(key: string): string;
export function importedNames(
  code: string,
  fileName: string,
  packages: readonly string[],
): Map<string, Set<string>>;
export function packageDir(name: string, fromDir: string): string | null;
export function packageName(specifier: string): string;
export function collect(): Map<string, Map<string, string>>;
export function firstPageNames(): Map<string, Set<string>>;
export function landingNames(): Map<string, Set<string>>;
export function roleNames(): Map<string, Map<string, Set<string>>>;
export function splitKeysByName(
  app?: string,
): Array<{ pkg: string; keyOf: Record<string, string> }>;
export function mantineCssFiles(names: Iterable<string>): string[];
export function facadeSource(
  key: string,
  pkg: string,
  names: Iterable<string>,
  css?: readonly string[],
): string;
export function generate(
  collected?: Map<string, Map<string, string>>,
  stages?: Array<Map<string, Set<string>>>,
  roles?: Map<string, Map<string, Set<string>>>,
): Map<string, string>;
export function facadeNames(key: string): Set<string>;
export function facadeVersion(key: string, packageVersion: string): string;
export function missingNames(
  collected?: Map<string, Map<string, string>>,
): Array<{ pkg: string; name: string; file: string }>;
export function staleFacades(files?: Map<string, string>): string[];
