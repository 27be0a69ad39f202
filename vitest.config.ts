import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic and components in jsdom) and `integration`
// (talks to the running local Supabase stack; see scripts/with-backend.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{shell,student-app,teacher-app,admin-app,shared-ui,shared-data}/src/**/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['local-supabase/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
