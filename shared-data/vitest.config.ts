import { defineProject } from 'vitest/config';

// This package's unit tests: `pnpm --filter ./shared-data test` here, one project of the root config there.
export default defineProject({
  test: {
    name: 'shared-data',
    environment: 'jsdom',
    setupFiles: ['../vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
