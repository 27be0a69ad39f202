// `@portal/shared-ui/standalone`: runs a remote's pages on its own dev server, with a session and a
// QueryClient of its own. It needs shared-data (the session, the data client), which the rest of the
// kit never imports (docs/shared-packages.md "Code that needs both shared packages").
export { StandaloneApp, startStandalone, type StandaloneOptions } from './start-standalone';
export { StandaloneHarness, type StandaloneHarnessProps } from './standalone-harness';
export type { ExposedPage, StandalonePage } from './exposed-page';
