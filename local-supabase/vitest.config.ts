import { defineProject } from 'vitest/config';

// This package's integration tests. They talk to the running local stack, so the `test` script wraps
// them in scripts/with-backend.mjs. The root config's `integration` project runs these files too,
// together with supabase/tests.
export default defineProject({
  test: {
    name: 'local-supabase',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    // Those kill the stack's processes: `pnpm test:resilience` runs them on a stack of their own.
    exclude: ['tests/resilience/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
