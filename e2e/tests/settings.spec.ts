import { expect, test, type Page } from '@playwright/test';
import { ANON_KEY, DEMO, DEMO_PASSWORD, passwordGrant, rest } from '../support/backend';
import { AuthScreen } from '../support/pages';

// System Settings that take effect (issue 13): the admin changes the site name and the primary colour
// on the settings screen, and another role's session shows both after a reload; a short session timeout
// signs an idle user out (Playwright's clock stands in for the minutes); anonymous visitors get the
// school's default language and theme. The settings row is shared by every spec, so each test puts
// back what it changed.

type Groups = Record<'general' | 'notifications' | 'security' | 'appearance' | 'email', Record<string, unknown>>;

let adminToken: string;
let saved: Groups;

async function readSettings(): Promise<Groups> {
  const response = await rest('app_settings?id=eq.1&select=general,notifications,security,appearance,email', adminToken);
  expect(response.ok).toBe(true);
  const [row] = (await response.json()) as Groups[];
  return row as Groups;
}

/** Changes some keys of some groups through the API, as the admin. */
async function changeSettings(changes: Partial<Groups>): Promise<void> {
  const current = await readSettings();
  const body = Object.fromEntries(
    Object.entries(changes).map(([group, values]) => [group, { ...current[group as keyof Groups], ...values }]),
  );
  const response = await rest('app_settings?id=eq.1', adminToken, {
    method: 'PATCH',
    headers: { Prefer: 'return=minimal' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

async function restoreSettings(): Promise<void> {
  const response = await rest('app_settings?id=eq.1', adminToken, {
    method: 'PATCH',
    headers: { Prefer: 'return=minimal' },
    body: JSON.stringify(saved),
  });
  expect(response.ok).toBe(true);
}

/** The ten generated shades of the primary colour the page's theme uses. */
async function primaryShades(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return Array.from({ length: 10 }, (_, shade) =>
      style.getPropertyValue(`--mantine-color-brand-${shade}`).trim().toLowerCase(),
    );
  });
}

async function signIn(page: Page, email: string, portal: string) {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, DEMO_PASSWORD);
  await expect(page.getByText(portal)).toBeVisible();
}

test.beforeAll(async () => {
  adminToken = (await passwordGrant(DEMO.admin, DEMO_PASSWORD)).token;
  saved = await readSettings();
});

test.afterEach(async () => {
  await restoreSettings();
});

test("an admin's new site name and primary colour reach another role's session after a reload", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, DEMO.student, 'Student Portal');
  await expect(student).toHaveTitle(/ · Lingua Academy$/);
  expect(await primaryShades(student)).not.toContain('#7c3aed');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, 'Admin Portal');
  await admin.goto('/settings');
  await expect(admin.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const siteName = admin.getByRole('textbox', { name: /Site name/ });
  await siteName.fill('Escuela Faro');
  await admin.getByRole('tab', { name: 'Appearance' }).click();
  const primary = admin.getByRole('textbox', { name: /Primary color/ });
  await primary.fill('#7C3AED');
  await primary.press('Escape');
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('Settings saved successfully!')).toBeVisible();

  // The admin's own page follows at once: the brand, the tab title and the theme's palette.
  await expect(admin.getByRole('navigation').getByText('Escuela Faro').first()).toBeVisible();
  await expect(admin).toHaveTitle('Settings · Escuela Faro');
  await expect.poll(() => primaryShades(admin)).toContain('#7c3aed');

  // The student's session sees both after a reload.
  await student.reload();
  await expect(student.getByText('Student Portal')).toBeVisible();
  await expect(student.getByRole('navigation').getByText('Escuela Faro').first()).toBeVisible();
  await expect(student).toHaveTitle(/ · Escuela Faro$/);
  await expect.poll(() => primaryShades(student)).toContain('#7c3aed');
  const shades = await primaryShades(student);
  expect(new Set(shades).size).toBe(10);

  // And so does the sign-in page of a visitor who has never been here.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/auth');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Escuela Faro' })).toBeVisible();
  await expect(visitor).toHaveTitle('Sign in · Escuela Faro');

  await Promise.all([studentContext.close(), adminContext.close(), visitorContext.close()]);
});

test('an idle user is signed out after the session timeout', async ({ page }) => {
  test.setTimeout(90_000);
  // The bounds allow 5 minutes at least; the page's clock is moved on instead of waiting.
  await changeSettings({ security: { sessionTimeout: 5 } });
  await page.clock.install();

  const auth = new AuthScreen(page);
  await auth.open();
  // The signed-in session's settings read (with the timeout), not the anonymous one at start.
  const sessionSettings = page.waitForResponse(
    (response) =>
      response.url().includes('/rest/v1/rpc/get_public_settings') &&
      response.request().headers().authorization !== `Bearer ${ANON_KEY}`,
  );
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByText('Student Portal')).toBeVisible();
  expect(await (await sessionSettings).json()).toMatchObject({ sessionTimeout: 5 });

  // Four idle minutes: still signed in.
  await page.clock.fastForward('04:00');
  await expect(page.getByText('Student Portal')).toBeVisible();

  // Input restarts the count.
  await page.keyboard.press('Shift');
  await page.clock.fastForward('04:00');
  await expect(page.getByText('Student Portal')).toBeVisible();

  // Five minutes without input: back on the sign-in page, told why.
  await page.clock.fastForward('01:30');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('You were signed out after 5 minutes without activity')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  // The session is really gone: a reload stays on the sign-in page.
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
});

test("anonymous visitors get the school's default language and theme", async ({ browser }) => {
  await changeSettings({ general: { defaultLanguage: 'es' }, appearance: { theme: 'dark' } });
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();

  await page.goto('/auth');

  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  // A visitor's own choice wins over the school's default, and is kept.
  await page.getByRole('radiogroup', { name: 'Idioma' }).getByText('English').click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await context.close();
});
