import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Projects:
// - one per package with unit tests (pure logic and components in happy-dom), read from that
//   package's own vitest.config.ts, so `pnpm --filter <pkg> test` runs exactly what the workspace
//   run does;
// - `workspace`: the contract tests in tests/ that look across packages (catalogs, route table);
// - `integration` and `integration-serial`: talk to the running local Supabase stack (see
//   scripts/with-backend.mjs and SERIAL_INTEGRATION). `pnpm test:unit` runs every project but those.
// The package projects run in happy-dom (jsdom until the unit step measured it slower); a test file
// that needs no DOM (rules, mappers, services with a mocked client) starts with
// `// @vitest-environment node` and skips the DOM and Testing Library, which cost about a second a
// file on a 2-core machine with jsdom (the unit step: 379 -> 343 s).
/** Talks to the running local Supabase stack (scripts/with-backend.mjs), as two projects below. */
const integration = {
  include: ['local-supabase/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
  // Those kill the stack's processes: `pnpm test:resilience` runs them on a stack of their own.
  exclude: ['local-supabase/tests/resilience/**'],
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Integration files that change or read what every other file sees, so nothing else may run beside
 * them (project `integration-serial`, one file at a time after all the others). A file that only
 * makes and reads its own people, courses and classes belongs to `integration`; a new file that does
 * any of the following belongs here:
 * - writes the school's settings (app_settings: SMTP, two-factor for everyone, session timeout...),
 *   or sends through / empties the shared mail queue and outbox;
 * - restarts or signals the stack's processes, or counts requests against a rate limit or lockout
 *   that is not keyed to a fresh IP of its own;
 * - compares an answer over the whole school with a count taken a moment before or after (an admin's
 *   dashboard, lists and figures, get_user_counts, the seed's counts, the demo accounts' totals), or
 *   measures rows read or time taken;
 * - reads the schema or the advisors over the whole database.
 */
const SERIAL_INTEGRATION = [
  // Stack processes, rate limits, lockouts, timing.
  'local-supabase/tests/rate-limit.test.ts',
  'local-supabase/tests/gateway.test.ts',
  'local-supabase/tests/gateway-limits.test.ts',
  'local-supabase/tests/edge-runtime.test.ts',
  'local-supabase/tests/process-utils.test.ts',
  'local-supabase/tests/auth-hardening.test.ts',
  'local-supabase/tests/sessions.test.ts',
  'local-supabase/tests/strict-stack.test.ts',
  'local-supabase/tests/squashed-schema.test.ts',
  'local-supabase/tests/admin-users.test.ts',
  // Sets the functions' Stripe secrets for the whole stack (restarting every function).
  'supabase/tests/card-payments.test.ts',
  'supabase/tests/services/sign-in-lockout.test.ts',
  // The school's settings and the mail queue.
  'supabase/tests/app-settings.test.ts',
  'supabase/tests/settings-effects.test.ts',
  'supabase/tests/mail-sending.test.ts',
  'supabase/tests/school-mail.test.ts',
  'supabase/tests/services/settings.test.ts',
  'supabase/tests/deactivated-sign-in.test.ts',
  'supabase/tests/two-factor.test.ts',
  'supabase/tests/two-factor-everyone.test.ts',
  'supabase/tests/two-factor-reset.test.ts',
  'supabase/tests/password-change-required.test.ts',
  'supabase/tests/sessions-honoured.test.ts',
  // Whole-school answers and counts, rows read by a plan, the schema.
  'supabase/tests/admin-dashboard.test.ts',
  'supabase/tests/revenue.test.ts',
  'supabase/tests/money-settings.test.ts',
  // Switches the school's invoice mode.
  'supabase/tests/seat-holds.test.ts',
  'supabase/tests/summary-figures.test.ts',
  'supabase/tests/seed.test.ts',
  'supabase/tests/schema.test.ts',
  'supabase/tests/advisors.test.ts',
  'supabase/tests/class-stats.test.ts',
  'supabase/tests/materials-library.test.ts',
  'supabase/tests/read-models.test.ts',
  'supabase/tests/my-students.test.ts',
  'supabase/tests/class-management.test.ts',
  'supabase/tests/activity-grading.test.ts',
  'supabase/tests/activity-management.test.ts',
  'supabase/tests/class-timing.test.ts',
  'supabase/tests/course-management.test.ts',
  'supabase/tests/teacher-management.test.ts',
  'supabase/tests/user-management.test.ts',
  'supabase/tests/users.test.ts',
  'supabase/tests/enrollments.test.ts',
  'supabase/tests/bulk-users.test.ts',
  'supabase/tests/profile-privacy.test.ts',
  // The app's services signed in as the demo accounts, whose totals they read.
  'supabase/tests/services/*.test.ts',
];

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
          ...integration,
          name: 'integration',
          exclude: [...integration.exclude, ...SERIAL_INTEGRATION],
          // Two files at a time: most files make their own people, courses and classes and wait on
          // the stack's round trips, so a second file uses the time the first spends waiting.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration-serial',
          include: SERIAL_INTEGRATION,
          // One at a time, after every other project has finished: see SERIAL_INTEGRATION.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
