import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen } from '../support/pages';
import { holdScripts } from '../support/hold-scripts';

// The sign-in page is built into index.html (shell/build/prerender/): it paints before any script
// has run, takes what the visitor does, and hands it to the app when the app takes over
// (shell/src/prerender/handover.ts). These tests hold the app's scripts back to act on the copy.

/** Opens /auth without waiting for the page's load (its scripts are held). */
async function openHeld(page: Page) {
  await page.goto('/auth', { waitUntil: 'commit' });
}

const copyOnShow = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-prerender'));
const copyPresent = (page: Page) =>
  page.evaluate(() => document.getElementById('portal-prerender') !== null);

test('a visitor can sign in on the built page before the scripts arrive', async ({ page }) => {
  const release = await holdScripts(page);
  await openHeld(page);

  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText('Personalised Spanish and English courses')).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Lingua Academy');
  expect(await copyOnShow(page)).toBe('en');
  // As accessible as the app's page: labels, names, contrast, one of each id.
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await page.getByLabel('Email').fill(DEMO.student);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  // Held for the app, not posted natively.
  await expect(page.locator('#portal-prerender')).toHaveAttribute('data-submitted', '');
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveAttribute('aria-busy', 'true');

  release();
  await expect(page.getByRole('link', { name: 'Course Classroom' }).first()).toBeVisible();
  expect(await copyPresent(page)).toBe(false);
});

test('what is typed before the app takes over stays, and typing goes on in the same field', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await openHeld(page);
  await page.getByLabel('Email').click();
  await page.keyboard.type('stud');

  release();
  await expect.poll(() => copyPresent(page)).toBe(false);
  await page.keyboard.type('ent@school.test');
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.student);
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('the language switch works on the built page and carries what was typed', async ({ page }) => {
  const release = await holdScripts(page);
  await openHeld(page);
  await page.getByLabel('Email').fill(DEMO.student);
  await page.getByText('Español').click();

  await expect(page.getByRole('heading', { name: 'Bienvenido de nuevo' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO.student);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  await expect(page).toHaveTitle('Iniciar sesión · Lingua Academy');

  release();
  await expect.poll(() => copyPresent(page)).toBe(false);
  // The app starts in the chosen language, with the value.
  await expect(page.getByRole('heading', { name: 'Bienvenido de nuevo' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO.student);
});

test('"Sign up" pressed on the built page opens the sign-up form when the app takes over', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await openHeld(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  release();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('a stored session starts without the built page', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByRole('link', { name: 'Course Classroom' }).first()).toBeVisible();

  await holdScripts(page);
  await openHeld(page);
  await expect.poll(() => copyPresent(page)).toBe(false);
  expect(await copyOnShow(page)).toBeNull();
});

/** The public settings as the portal caches them (shared-data public-settings-atom.ts). */
const DEFAULT_SETTINGS = {
  siteName: 'Lingua Academy',
  defaultLanguage: 'en',
  theme: 'light',
  primaryColor: '#3B82F6',
  secondaryColor: '#10B981',
  accentColor: '#F59E0B',
};

test('cached settings at their defaults keep the built page; the default language picks the copy', async ({
  page,
}) => {
  await page.addInitScript(
    (settings) => localStorage.setItem('portal.publicSettings', JSON.stringify(settings)),
    { ...DEFAULT_SETTINGS, primaryColor: '#3b82f6', defaultLanguage: 'es' },
  );
  await holdScripts(page);
  await openHeld(page);
  await expect(page.getByRole('heading', { name: 'Bienvenido de nuevo' })).toBeVisible();
  expect(await copyOnShow(page)).toBe('es');
});

test("a school's own colour, cached from the last visit, starts without the built page", async ({
  page,
}) => {
  await page.addInitScript(
    (settings) => localStorage.setItem('portal.publicSettings', JSON.stringify(settings)),
    { ...DEFAULT_SETTINGS, primaryColor: '#7c3aed' },
  );
  const release = await holdScripts(page);
  await openHeld(page);
  await expect.poll(() => copyPresent(page)).toBe(false);
  expect(await copyOnShow(page)).toBeNull();

  // The app paints the page itself.
  release();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('the last press on the built page wins: "Forgot password?", then Sign In, signs in', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await openHeld(page);
  await page.getByLabel('Email').fill(DEMO.student);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Sign In' }).click();

  release();
  await expect(page.getByRole('link', { name: 'Course Classroom' }).first()).toBeVisible();
});
