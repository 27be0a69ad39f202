// @portal/shared-data/session: the package's state, one instance on the page. It is the only part
// of the package that Module Federation shares (a singleton, module-federation.shared.ts); every
// app bundles the rest, whose modules reach this state through this specifier (the package's own
// name), never by a relative path, so the bundler consumes the shell's instance from the share
// scope. tests/shared-data-session.test.ts guards both rules (docs/shared-packages.md).
// Nothing here may import '@portal/shared-data' or this entry: it would wait on itself.
export * from './client';
export * from './remember-me-storage';
// The jotai atom the shell's store holds the session in (an atom's identity is its key in the store).
export * from './atoms/auth-atom';
