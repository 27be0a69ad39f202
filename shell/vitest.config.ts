import { defineProject } from 'vitest/config';

// This package's unit tests: `pnpm --filter ./shell test` here, one project of the root config there.
export default defineProject({
  test: {
    name: 'shell',
    environment: 'jsdom',
    // Both cores run test files at once (root vitest.config.ts); a guard against hangs, not a speed test.
    testTimeout: 15_000,
    setupFiles: ['../vitest.setup.ts'],
    // build/: the build's own steps (the sign-in page's prerender).
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
  },
});
