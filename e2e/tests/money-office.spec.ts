import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  rest,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { dueIn, totalRevenue } from '../support/money';
import { AuthScreen } from '../support/pages';

// Money, the office (issue 31, docs/money.md "Screens: the office"): a new student is enrolled in a
// priced seed course (which issues the invoice); the admin opens that student's invoice in Billing,
// records a partial payment, and the invoice's due amount and the dashboard's received revenue move by
// exactly that amount; the payments CSV downloads with that payment's row.

const COURSE_ID = 'c0a5e000-0000-4000-8000-000000000001'; // Spanish for Beginners, 299.00
const PARTIAL = 37.25;

test('the office records a partial payment: due, received revenue and the CSV move by exactly it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('payer');
  const lastName = `Payer${Date.now()}`;
  await signUpThroughApi(email, DEMO_PASSWORD, 'Pia', lastName);
  const student = await passwordGrant(email, DEMO_PASSWORD);
  const admin = await passwordGrant(DEMO.admin, DEMO_PASSWORD);
  const enrolled = await rest('rpc/enroll_user_in_course', admin.token, {
    method: 'POST',
    body: JSON.stringify({ user_uuid: student.userId, course_uuid: COURSE_ID }),
  });
  expect(enrolled.ok).toBe(true);
  expect(await enrolled.json()).toMatchObject({ success: true });

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  const revenueBefore = await totalRevenue(page);

  // Billing, from the sidebar: the student's invoice, found by their name.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(lastName);
  const open = page.getByRole('button', { name: /^Open invoice / });
  await expect(open).toHaveCount(1);
  const number = (await open.innerText()).trim();
  await open.click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`Invoice ${number}`) });
  await expect(drawer.getByText('Spanish for Beginners').first()).toBeVisible();
  const dueBefore = await dueIn(drawer);
  expect(dueBefore).toBeGreaterThan(PARTIAL);

  await drawer.getByRole('button', { name: 'Record payment' }).click();
  const form = page.getByRole('dialog', { name: `Record a payment on ${number}` });
  const amount = form.getByRole('textbox', { name: /Amount/ });
  await amount.fill(String(PARTIAL));
  await form.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  const reference = `TR-${Date.now()}`;
  await form.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form).toBeHidden();

  // The drawer comes back with the database's new figures: due less exactly the payment.
  await expect
    .poll(async () => Math.round((dueBefore - (await dueIn(drawer))) * 100) / 100)
    .toBe(PARTIAL);
  await expect(drawer.getByText(new RegExp(`Bank transfer · .*${reference}`))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The Payments tab lists it; the CSV holds its row.
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page.getByRole('cell', { name: reference })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^payments-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\ufeff/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'date,invoice number,student,student email,method,reference,amount,currency,kind',
  );
  const row = lines.find((line) => line.includes(reference));
  expect(row).toMatch(
    new RegExp(
      `^\\d{4}-\\d{2}-\\d{2},${number},Pia ${lastName},${email},Bank transfer,${reference},${PARTIAL},[A-Z]{3},Payment$`,
    ),
  );

  // The dashboard's Total Revenue (money received) moved by exactly the payment.
  await expect
    .poll(async () => Math.round(((await totalRevenue(page)) - revenueBefore) * 100) / 100)
    .toBe(PARTIAL);
});
