import { defineConfig } from '@playwright/test';

// Debian's Chromium: browser downloads are impossible on this network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // Two projects, one after the other. The accessibility scans only read, so their tests run two at
  // a time; the journeys change shared data (settings, users, courses), so they run one at a time,
  // after the scans, which therefore see the seeded data only.
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
      testIgnore: 'accessibility.spec.ts',
      fullyParallel: false,
      workers: 1,
      dependencies: ['accessibility'],
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
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
