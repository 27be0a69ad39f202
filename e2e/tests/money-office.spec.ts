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
import { amountIn, billingSettings, dueIn, totalRevenue } from '../support/money';
import { AuthScreen } from '../support/pages';

// Money, the office (issue 31, docs/money.md "Screens: the office"): a new student is enrolled in a
// priced seed course (which issues the invoice); the admin opens that student's invoice in Billing,
// records a partial payment, and the invoice's due amount and the dashboard's received revenue move by
// exactly that amount; the payments CSV downloads with that payment's row. Then, on a phone, the admin
// issues a manual invoice with a discount to a new student and sees the total the database computed.

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

test('the office issues a manual invoice with a discount on a phone, and the drawer shows its total', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('manual');
  const lastName = `Manual${Date.now()}`;
  await signUpThroughApi(email, DEMO_PASSWORD, 'Mia', lastName);
  const admin = await passwordGrant(DEMO.admin, DEMO_PASSWORD);
  // The school's tax rate as it is (this test never changes settings): the expected total, in cents.
  const rate = Number((await billingSettings(admin.token)).taxRate ?? 0);
  const netCents = 3 * 2500 - 500 + 1230; // 3 × 25.00 − 5.00 discount, and a 12.30 book
  const taxCents = Math.round((netCents * rate) / 100);
  const total = (netCents + taxCents) / 100;

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Billing' })
    .click();
  // Then on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('dialog', { name: 'New invoice' });
  const student = form.getByRole('combobox', { name: 'Student' });
  await student.fill(lastName);
  await page.getByRole('option', { name: new RegExp(`Mia ${lastName}`) }).click();

  const line = (n: number) => form.getByRole('group', { name: `Line ${n}` });
  await line(1).getByRole('textbox', { name: 'Description' }).fill('Private lessons');
  await line(1).getByRole('textbox', { name: 'Quantity' }).fill('3');
  await line(1)
    .getByRole('textbox', { name: /^Unit price/ })
    .fill('25');
  await line(1)
    .getByRole('textbox', { name: /^Discount/ })
    .fill('5');
  await form.getByRole('button', { name: 'Add line' }).click();
  await line(2).getByRole('textbox', { name: 'Description' }).fill('Course book');
  await line(2)
    .getByRole('textbox', { name: /^Unit price/ })
    .fill('12.30');
  // The preview says what the database will compute.
  const previewTotal = form.getByRole('row', { name: /^Total\b/ }).getByRole('cell');
  await expect.poll(async () => amountIn(await previewTotal.innerText())).toBe(total);
  await form.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(form).toBeHidden();

  // The new invoice opens in the drawer with the database's figures.
  const drawer = page.getByRole('dialog', { name: /^Invoice \d{4}-\d{6}/ });
  await expect(drawer.getByText(`Mia ${lastName}`)).toBeVisible();
  await expect(drawer.getByText('Private lessons')).toBeVisible();
  const totalCell = drawer.getByRole('row', { name: /^Total\b/ }).getByRole('cell');
  await expect.poll(async () => amountIn(await totalCell.innerText())).toBe(total);
  expect(await dueIn(drawer)).toBe(total);
  const number = ((await drawer.getByRole('heading').first().innerText()).match(/\d{4}-\d{6}/) ?? [
    '',
  ])[0];
  expect(number).not.toBe('');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The list shows it, its number on one line at 375 px ("2026-000123", not "2026-" / "000123").
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(lastName);
  const open = page.getByRole('button', { name: `Open invoice ${number}` });
  await expect(open).toBeVisible();
  const box = await open.boundingBox();
  const lineHeight = await open.evaluate((element) =>
    parseFloat(getComputedStyle(element).lineHeight),
  );
  expect(box!.height).toBeLessThan(lineHeight * 1.5);
  const row = open.locator('xpath=ancestor::tr');
  await expect(row).toContainText(String(total.toFixed(2)));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
