import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { signUpThroughApi, uniqueEmail } from '../support/backend';
import { AuthScreen, Portal, Sidebar } from '../support/pages';

// Two-factor sign-in as a person uses it, on a fresh account (never a demo account): enable it on the
// Profile page (QR code + key, then a code), sign out, sign in again with the password and the code,
// see a wrong code refused with the typed code kept, and turn it off with a confirmation. Codes are
// computed here from the key the page shows (RFC 6238).

function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function signOut(page: Page) {
  const dialog = await new Sidebar(page).logout();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth/);
}

test('a student enables two-factor sign-in, signs in with a code, and turns it off', async ({ page }) => {
  const email = uniqueEmail('two-factor');
  const password = 'two-factor-pass-1';
  await signUpThroughApi(email, password, 'Tess', 'Factor');

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, password);
  await new Portal(page).open('Profile');

  await page.getByRole('button', { name: 'Enable two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Code' }).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();

  await signOut(page);
  await auth.signIn(email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();

  // A wrong code is refused; what was typed stays.
  const code = page.getByRole('textbox', { name: 'Code' });
  await code.fill('000000' === codeFor(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code was not accepted:')).toBeVisible();
  await expect(code).not.toHaveValue('');

  // The enrolment used this step's code; a code is accepted once, so use the next step's.
  await code.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/auth/);

  await new Portal(page).open('Profile');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' }).getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();
});

test('the two-factor section works at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const email = uniqueEmail('two-factor-narrow');
  const password = 'two-factor-pass-2';
  await signUpThroughApi(email, password, 'Nora', 'Narrow');
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, password);
  await expect(page).not.toHaveURL(/\/auth/);
  // The sidebar is behind the menu button on a phone: go straight to the page.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Enable two-factor sign-in' }).click();
  const secret = page.getByTestId('two-factor-secret');
  await expect(secret).toBeVisible();
  const box = await secret.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});
