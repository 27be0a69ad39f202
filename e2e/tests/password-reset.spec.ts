import { expect, test } from '@playwright/test';
import { firstLink, signUpThroughApi, uniqueEmail, waitForMail } from '../support/backend';
import { AuthScreen } from '../support/pages';

test('forgot password → mail in the outbox → the link sets a new password once', async ({
  page,
}) => {
  const email = uniqueEmail('forgetful');
  await signUpThroughApi(email, 'old-password', 'Marta', 'Olvido');

  const auth = new AuthScreen(page);
  await auth.open();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill('not-valid');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  const mail = await waitForMail(email);
  const link = firstLink(mail.text || mail.html);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);

  await page.getByLabel('New Password').fill('new-password');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('new-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5_000 });

  await auth.signIn(email, 'old-password');
  await expect(page.getByRole('alert')).toContainText('Invalid login credentials');
  await auth.signIn(email, 'new-password');
  await expect(page.getByRole('heading', { name: 'Welcome back, Marta!' })).toBeVisible();

  // The same link does not work twice.
  await page.context().clearCookies();
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await page.goto(link);
  await expect(
    page.getByText('This reset link is invalid or has expired.', { exact: false }),
  ).toBeVisible();
});

test('a signed-in user who opens /reset-password gets no form there, only a way to ask for a link', async ({
  page,
}) => {
  const email = uniqueEmail('unattended');
  await signUpThroughApi(email, 'old-password', 'Dana', 'Desk');
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, 'old-password');
  await expect(page.getByRole('heading', { name: 'Welcome back, Dana!' })).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText(
    'This page sets a new password only from the link in a password reset email.',
  );
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  expect(firstLink((await waitForMail(email)).text)).toContain('/auth/v1/verify?');
});
