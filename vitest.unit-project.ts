import { defineProject } from 'vitest/config';

/**
 * One package's unit tests: `pnpm --filter ./<package> test` runs it alone, the root vitest.config.ts
 * runs it as one of its projects. Test files run in happy-dom unless a file starts with
 * `// @vitest-environment node` (rules, mappers, services with a mocked client). happy-dom replaced
 * jsdom as the faster of the two (README.md, cost per step); what the tests expect of it (no media
 * query matches, no IntersectionObserver, `setWindowSize` for CSS media rules) is in vitest.setup.ts
 * and shared-ui/src/test-utils.
 *
 * The files of a project share their worker (`isolate: false`): React, React DOM, Mantine, the Tabler
 * icons, Testing Library and the DOM load once per worker instead of once per file, which was most of
 * the unit step (about 4.6 CPU-seconds a file on a 2-core machine). Each file still starts as if alone:
 * shared-ui/src/test-utils/shared-worker-setup.ts evaluates our own modules afresh for each file and
 * puts back storage, timers, the document and Mantine's toast store; `vi.mock` registrations are kept
 * per file by Vitest itself.
 */
export function unitProject(name: string, options: { include?: string[] } = {}) {
  return defineProject({
    test: {
      name,
      environment: 'happy-dom',
      // Both cores run test files at once (root vitest.config.ts); a guard against hangs, not a speed test.
      testTimeout: 15_000,
      isolate: false,
      // i18next's default instance is the page's one instance (shared-ui/src/i18n/i18n.ts): loaded
      // through Vitest rather than Node, it is evaluated afresh for each file like our own modules.
      server: { deps: { inline: ['i18next'] } },
      setupFiles: ['../vitest.setup.ts', '../shared-ui/src/test-utils/shared-worker-setup.ts'],
      include: options.include ?? ['src/**/*.test.{ts,tsx}'],
    },
  });
}
