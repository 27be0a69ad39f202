import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Projects:
// - one per package with unit tests (pure logic and components in jsdom), read from that package's
//   own vitest.config.ts, so `pnpm --filter <pkg> test` runs exactly what the workspace run does;
// - `workspace`: the contract tests in tests/ that look across packages (catalogs, route table);
// - `integration`: talks to the running local Supabase stack (see scripts/with-backend.mjs).
// `pnpm test:unit` runs every project but `integration`.
// The package projects run in jsdom; a test file that needs no DOM (rules, mappers, services with a
// mocked client) starts with `// @vitest-environment node` and skips jsdom and Testing Library, which
// cost about a second a file on a 2-core machine (the unit step: 379 -> 343 s).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which is a single worker on a 2-core CI
    // machine. The workers do the work while the main process mostly waits, so use every core.
    maxWorkers: availableParallelism(),
    projects: [
      'shell',
      'student-app',
      'teacher-app',
      'admin-app',
      'shared-ui',
      'shared-data',
      {
        test: {
          name: 'workspace',
          include: ['tests/**/*.test.ts'],
          // They read files and catalogs: no DOM needed.
          environment: 'node',
          testTimeout: 15_000,
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['local-supabase/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          // Those kill the stack's processes: `pnpm test:resilience` runs them on a stack of their own.
          exclude: ['local-supabase/tests/resilience/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
