import { defineProject } from 'vitest/config';

// This package's unit tests: `pnpm --filter ./admin-app test` here, one project of the root config there.
export default defineProject({
  test: {
    name: 'admin-app',
    environment: 'jsdom',
    setupFiles: ['../vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
