import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, Sidebar } from '../support/pages';
import { holdScripts } from '../support/hold-scripts';

// A signed-in start paints the dashboard as the user last saw it before the portal's scripts have
// run (shell/src/prerender/last-view.ts), inert, and the app takes the page over once its own
// dashboard has settled. These tests hold the scripts back to look at the page in between.

const KEY = 'portal.lastView';
const studentReady = (page: Page) => page.getByRole('link', { name: 'Course Classroom' }).first();
const teacherReady = (page: Page) => page.getByRole('region', { name: 'Course Performance' });
const adminReady = (page: Page) => page.getByRole('region', { name: 'The last month' });

/** Signs in and waits until the dashboard (`ready` on it) has been kept for the next start. */
async function signInAndSettle(page: Page, email: string, ready: (page: Page) => Locator) {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, DEMO_PASSWORD);
  await expect(ready(page)).toBeVisible();
  // Kept once the dashboard has stayed settled for a moment.
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).not.toBeNull();
}

const lastView = (page: Page) => page.locator('#portal-last-view');
const state = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-last-view'));

test('a returning student sees the dashboard as last seen at once, then the live one', async ({
  page,
}) => {
  await signInAndSettle(page, DEMO.student, studentReady);

  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });

  // No script of the portal has run: the copy is on show, inert, over a hidden #root.
  await expect(lastView(page).getByText('Welcome back, Emma!')).toBeVisible();
  await expect(lastView(page).getByText('Course Classroom').first()).toBeVisible();
  expect(await state(page)).toBe('shown');
  await expect(lastView(page)).toHaveAttribute('inert', '');
  await expect(page.locator('#root')).toBeHidden();
  await expect(page).toHaveTitle('Dashboard · Lingua Academy');
  // Inert: pressing a link of the copy goes nowhere.
  await lastView(page).getByText('Course Classroom').first().click({ force: true });
  expect(new URL(page.url()).pathname).toBe('/');

  release();
  await expect(page.getByRole('link', { name: 'Course Classroom' }).first()).toBeVisible();
  await expect(lastView(page)).toHaveCount(0);
  expect(await state(page)).toBeNull();
  await expect(page.locator('#root')).toBeVisible();
  // The live page works: the same link opens the classroom.
  await page.getByRole('link', { name: 'Course Classroom' }).first().click();
  await expect(page).toHaveURL(/\/course-detail\/[0-9a-f-]{36}$/);
});

test('a language chosen in another tab since, or another page, starts without the copy', async ({
  page,
  context,
}) => {
  await signInAndSettle(page, DEMO.student, studentReady);
  const other = await context.newPage();
  await other.goto('/auth', { waitUntil: 'commit' });
  await other.evaluate(() => localStorage.setItem('portal.language', 'es'));
  await other.close();

  const release = await holdScripts(page);
  // Reloading hides the English page, which is not kept again over the copy.
  await page.reload({ waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  expect(await state(page)).toBeNull();
  await expect(lastView(page)).toHaveCount(0);

  await page.goto('/calendar', { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  expect(await state(page)).toBeNull();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
});

test('signing out forgets the copy; the next user of the browser never sees it', async ({
  page,
}) => {
  await signInAndSettle(page, DEMO.student, studentReady);
  const dialog = await new Sidebar(page).logout();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();

  // The teacher signs in on the same browser and reloads: their own dashboard only.
  await signInAndSettle(page, DEMO.teacher, teacherReady);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(lastView(page).getByText('Course Performance')).toBeVisible();
  await expect(lastView(page).getByText('Welcome back, Emma!')).toHaveCount(0);
  release();
  await expect(teacherReady(page)).toBeVisible();
  await expect(lastView(page)).toHaveCount(0);
});

test('a page the user has changed (another period) is not kept: the copy is the page a start paints', async ({
  page,
}) => {
  await signInAndSettle(page, DEMO.admin, adminReady);
  await page.getByText('Year', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'The last 12 months' })).toBeVisible();

  // Settled in that state (the Refresh button's spinner gone too).
  await expect(page.locator('#root .mantine-Loader-root')).toHaveCount(0);
  // Reloading hides the page, which would keep it again: not this state of it.
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(lastView(page).getByText('The last month')).toBeVisible();
  await expect(lastView(page).getByText('The last 12 months')).toHaveCount(0);
  release();
  await expect(adminReady(page)).toBeVisible();
});
