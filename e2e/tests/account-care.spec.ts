import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signUpThroughApi, uniqueEmail } from '../support/backend';
import { AuthScreen } from '../support/pages';

// Issue 29 items 10 and 14, in the built portal: the admin finds a student in User Management by their
// full name, resets the password to a one-time password and reads it once; the student's old password
// stops working, the one-time password signs in only to the "Choose your password" step, and once they
// have chosen their own the portal opens and that password signs in from then on.

/** Letters only (names accept no digits), different on every run. */
const runTag = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');

test('an admin resets a password: the user signs in with it and must choose their own', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('reset-me');
  const lastName = `García${runTag}`;
  const name = `Ana ${lastName}`;
  await signUpThroughApi(email, 'first-pass-1', 'Ana', lastName);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const office = new AuthScreen(admin);
  await office.open();
  await office.signIn(DEMO.admin, DEMO_PASSWORD);
  await admin.getByRole('navigation').getByRole('link', { name: 'User Management' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

  // Found by the full name, first and last together.
  await admin.getByRole('searchbox').fill(name);
  // The row keeps Edit as an icon; the rest are named in its "More actions" menu.
  const more = admin.getByRole('button', { name: `More actions for ${name}` });
  await expect(more).toHaveCount(1);
  await more.click();
  await admin.getByRole('menuitem', { name: 'Reset password' }).click();
  const dialog = admin.getByRole('dialog', { name: `Reset the password of ${name}` });
  await dialog.getByRole('button', { name: 'Make a one-time password' }).click();
  const shown = admin.getByRole('dialog', { name: 'New one-time password' });
  await expect(shown).toContainText(email);
  const oneTime = (await shown.locator('code').innerText()).trim();
  expect(oneTime).toHaveLength(16);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  // The old password is gone.
  await auth.signIn(email, 'first-pass-1');
  await expect(page.getByRole('alert')).toContainText('Invalid login credentials');

  // The one-time password leads only to choosing a password; the page is not signed in meanwhile.
  await page.getByLabel('Password', { exact: true }).fill(oneTime);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth/);
  await auth.signIn(email, oneTime);
  await auth.choosePassword(`own-${runTag}-pass`);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();

  // From now on the chosen password signs straight in.
  const laterContext = await browser.newContext();
  const later = await laterContext.newPage();
  const again = new AuthScreen(later);
  await again.open();
  await again.signIn(email, `own-${runTag}-pass`);
  await later.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await laterContext.close();
});
