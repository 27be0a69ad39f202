import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium: browser downloads are impossible on this network. The tests run in its headless
// shell (package `chromium-headless-shell`, the same engine without the desktop browser's window
// layer), as Playwright's own headless runs do: the browser is most of the e2e step's CPU, and the
// shell takes about a quarter less of it. Without that package they run in the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Journeys that change what every other test sees: they run one at a time, after the others. */
const SHARED_STATE_SPECS = [
  'settings.spec.ts',
  'request-counts.spec.ts',
  'federation.spec.ts',
  // Compares the school-wide Total Revenue before and after its payments, under the refund rule and
  // currency it sets.
  'money-journey.spec.ts',
  // Sets the school's refund rule and currency its figures follow, for a while.
  'money-student.spec.ts',
  // Switches the school's invoice mode to payment before the seat for a while.
  'money-seat-hold.spec.ts',
  // Serves a new shell build in place of the deployed one for a while.
  'independent-delivery.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // Three projects, one after the other. The accessibility scans only read, so they run two at a
  // time and see the seeded data only. The journeys change data, but each makes its own people,
  // courses and classes (or changes a demo account only in ways the others do not read), so they also
  // run two files at a time. Last, one at a time, those that change what everyone sees: the school's
  // settings, the request counts (thousands of students and courses for a while) and the federation
  // checks (which stop the teacher-app server).
  workers: 2,
  projects: [
    {
      name: 'accessibility',
      testMatch: 'accessibility.spec.ts',
      fullyParallel: true,
      workers: 2,
    },
    {
      name: 'journeys',
      testIgnore: ['accessibility.spec.ts', ...SHARED_STATE_SPECS],
      fullyParallel: false,
      workers: 2,
      dependencies: ['accessibility'],
    },
    {
      name: 'shared-state',
      testMatch: SHARED_STATE_SPECS,
      fullyParallel: false,
      workers: 1,
      dependencies: ['journeys'],
    },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: 'http://localhost:3000',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    // A trace (DOM snapshots, network, console) is recorded when a failed test runs again, as
    // Playwright's own setup does: recording every run cost a fifth of the accessibility project's
    // time. Locally, `--trace on` records one for a test being looked into.
    trace: { mode: 'on-first-retry', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
