import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signUpThroughApi, uniqueEmail, waitForMail } from '../support/backend';
import { AuthScreen } from '../support/pages';

// Issue 29 item 10, in the built portal: an admin corrects a student's mistyped email in User
// Management; the old address keeps signing in until the link mailed to the corrected one is
// followed, which lands on the sign-in page saying so; from then on the corrected address signs in.

/** Letters only (names accept no digits), different on every run. */
const runTag = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');

test('an admin corrects an email and the person confirms it from the mail', async ({ browser }) => {
  test.setTimeout(120_000);
  const typo = uniqueEmail('mistyped');
  const corrected = uniqueEmail('corrected');
  const lastName = `Errata${runTag}`;
  const name = `Eva ${lastName}`;
  await signUpThroughApi(typo, 'eva-pass-1', 'Eva', lastName);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const office = new AuthScreen(admin);
  await office.open();
  await office.signIn(DEMO.admin, DEMO_PASSWORD);
  await admin.getByRole('navigation').getByRole('link', { name: 'User Management' }).click();
  await admin.getByRole('searchbox').fill(name);
  await admin.getByRole('button', { name: `More actions for ${name}` }).click();
  await admin.getByRole('menuitem', { name: 'Correct the email' }).click();
  const dialog = admin.getByRole('dialog', { name: `Correct the email of ${name}` });
  await dialog.getByLabel('Corrected email').fill(corrected);
  await dialog.getByRole('button', { name: 'Send the confirmation' }).click();
  await expect(admin.getByText(`Confirmation link sent to ${corrected}.`, { exact: false })).toBeVisible();
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const auth = new AuthScreen(page);

  // Nothing changed yet: the old address still signs in.
  await auth.open();
  await auth.signIn(typo, 'eva-pass-1');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await context.clearCookies();
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  const mail = await waitForMail(corrected);
  const link = mail.text.split(/\s+/).find((word) => word.includes('/functions/v1/confirm-email?'));
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/auth\?emailCorrection=confirmed/);
  await expect(page.getByText('Your email address is confirmed', { exact: false })).toBeVisible();

  await auth.signIn(corrected, 'eva-pass-1');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await context.close();
});
