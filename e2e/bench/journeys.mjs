// The journeys the bench measures. Each is `(page, base) => Promise<void>`, the same steps for the
// federated portal (base http://localhost:3000) and the single app (http://localhost:3100).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, ROOT } from '../../scripts/lib.mjs';

const TIMEOUT = { timeout: 60_000 };
const FAILURES = join(ROOT, 'e2e', 'bench', 'dist', 'failures');

/** Screenshots of failed journeys are kept until the next run starts. */
export function clearFailureScreenshots() {
  rmSync(FAILURES, { recursive: true, force: true });
}

/**
 * Runs `steps(page, context)` in a fresh browser context (a cold cache). A failure is rethrown
 * under `label`, with the URL it was on and a screenshot.
 */
export async function inFreshContext(browser, label, steps) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    return await steps(page, context);
  } catch (error) {
    mkdirSync(FAILURES, { recursive: true });
    const screenshot = join(FAILURES, `${label.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path: screenshot }).catch(() => {});
    throw new Error(
      `${label}: failed on ${page.url()} (screenshot ${screenshot}): ${error.message}`,
      { cause: error },
    );
  } finally {
    await context.close();
  }
}

export const ROLES = [
  { role: 'student', email: 'student@school.test' },
  { role: 'teacher', email: 'teacher@school.test' },
  { role: 'admin', email: 'admin@school.test' },
];

/**
 * Something on each role's dashboard that exists only once the dashboard's data has loaded
 * (not the page heading, which renders before).
 */
export function dashboardContent(page, role) {
  switch (role) {
    case 'student':
      return page.getByRole('link', { name: 'Course Classroom' }).first();
    case 'teacher':
      return page.getByRole('region', { name: 'Course Performance' });
    case 'admin':
      return page.getByRole('region', { name: 'The last month' });
    default:
      throw new Error(`Unknown role ${role}`);
  }
}

export async function openSignIn(page, base) {
  await page.goto(`${base}/auth`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor(TIMEOUT);
}

export async function fillSignIn(page, email) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
}

/** From /auth to the role's dashboard with its data shown. */
export async function signInToDashboard(page, base, { role, email }) {
  await openSignIn(page, base);
  await fillSignIn(page, email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await dashboardContent(page, role).waitFor(TIMEOUT);
}

const [student, teacher, admin] = ROLES;

/** Signed in, then one sidebar screen with its data loaded (its heading shown, the network idle). */
async function openScreen(page, base, account, entry) {
  await signInToDashboard(page, base, account);
  await page.getByRole('navigation').getByRole('link', { name: entry }).click();
  await page.getByRole('heading', { level: 1, name: entry }).waitFor(TIMEOUT);
  await page.waitForLoadState('networkidle');
}

/** The rows of the size table: name and journey. */
export const JOURNEYS = [
  ['/auth (visitor)', (page, base) => openSignIn(page, base)],
  ...ROLES.map((account) => [
    `${account.role} dashboard (from /auth)`,
    (page, base) => signInToDashboard(page, base, account),
  ]),
  [
    'student catalog (from /auth)',
    async (page, base) => {
      await signInToDashboard(page, base, student);
      await page.getByRole('link', { name: 'Course Catalog' }).click();
      await page.getByText(/\d+ courses? available/).waitFor(TIMEOUT);
    },
  ],
  // Activities, where spoken work and rubrics live (issue 32): what the screen loads before anyone
  // records or grades (the recorder and the charts are chunks of their own, loaded on use).
  [
    'student activities (from /auth)',
    (page, base) => openScreen(page, base, student, 'Activities'),
  ],
  [
    'teacher activities (from /auth)',
    (page, base) => openScreen(page, base, teacher, 'Activities'),
  ],
  [
    // Everything the admin-app can add: the admin visits each of its screens after the dashboard.
    'admin: every admin screen (from /auth)',
    async (page, base) => {
      await signInToDashboard(page, base, admin);
      for (const entry of [
        'User Management',
        'Course Management',
        'Teacher Management',
        'Calendar View',
      ]) {
        const link = page.getByRole('navigation').getByRole('link', { name: entry });
        await link.waitFor(TIMEOUT);
        await link.click();
        await page
          .getByRole('heading', { level: 1, name: entry === 'Calendar View' ? /Calendar/ : entry })
          .waitFor(TIMEOUT);
        await page.waitForLoadState('networkidle');
      }
      // System Settings has no sidebar entry: the dashboard's quick action opens it.
      await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
      await page
        .getByRole('link', { name: /System Settings/ })
        .or(page.getByRole('button', { name: /System Settings/ }))
        .first()
        .click();
      await page.getByRole('tab', { name: 'General' }).waitFor(TIMEOUT);
    },
  ],
];
