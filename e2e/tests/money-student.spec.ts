import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { setBillingRules, pricedCourseWithClasses } from '../support/money';
import { AuthScreen, CourseCatalog, MyCourses, Portal } from '../support/pages';

// Issue 31, the student's money: a student enrols in a priced course from the catalog, finds its invoice
// on Billing with the right total, downloads its PDF, drops the course and sees the credit note and the
// new balance per the school's default refund rule (pro rata by classes held: one of four classes held,
// three quarters credited). Its own teacher, course and student, so the demo accounts stay as the other
// tests expect them. It sets that refund rule and the currency for its own run (the shared-state
// project, one spec at a time) and puts the school's billing settings back afterwards.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PHONE = { width: 375, height: 812 };
const PRICE = 240;

const euros = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);

async function expectAccessible(page: Page, width: number) {
  const { violations } = await new AxeBuilder({ page })
    .include('main')
    .withTags(WCAG_TAGS)
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** Puts the school's billing settings back after the journey, passed or failed. */
let restore: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restore?.();
  restore = undefined;
});

test('a student enrols in a priced course, gets the invoice and its PDF, drops, and sees the credit', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Priced course ${stamp}`;
  const admin = (await passwordGrant(DEMO.admin, DEMO_PASSWORD)).token;

  // The figures below follow the pro-rata refund rule in euros: set them for this journey.
  const rules = await setBillingRules(admin, {
    refundOnDrop: 'pro_rata_classes_held',
    currency: 'EUR',
  });
  restore = rules.restore;
  const { billing } = rules;
  const taxRate = Number(billing.taxRate ?? 0);
  const total = Math.round(PRICE * (1 + taxRate / 100) * 100) / 100;

  // A teacher and a priced course with four classes, one of them already held.
  await pricedCourseWithClasses(admin, { title, price: PRICE });

  // The student signs up, signs in on a phone and enrols from the catalog.
  const studentEmail = uniqueEmail('money-student');
  await signUpThroughApi(studentEmail, DEMO_PASSWORD, 'Mona', 'Money');
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(studentEmail, DEMO_PASSWORD);
  const portal = new Portal(page);
  await portal.open('Course Catalog');
  const catalog = new CourseCatalog(page);
  await catalog.search(title);
  // The card prices the course in the school's currency, as its invoice will (docs/money.md).
  await expect(catalog.course(title)).toContainText(`${euros(PRICE)} total`);
  await catalog.enroll(title);

  // Billing: the invoice, its course and total, and the balance.
  await portal.open('Billing');
  const invoices = page.getByRole('table', { name: 'Your invoices, newest first' });
  const row = invoices.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(euros(total));
  await expect(row).toContainText('Open');
  const number = (await row.getByRole('rowheader').innerText()).trim();
  expect(number).toMatch(/^\d{4}-\d{6}$/);
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText(euros(total));

  // Its PDF, made in the browser: a real PDF with the invoice's number in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download invoice ${number} as PDF` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const file = await readFile((await download.path()) as string);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.toString('latin1')).toContain(`(${number})`);

  // Drop the course: a credit note for the three classes not yet held, and the new balance.
  await portal.open('My Courses');
  await new MyCourses(page).drop(title);
  await portal.open('Billing');
  const credit = Math.round(total * 0.75 * 100) / 100;
  const notes = page.getByRole('table', { name: /Corrections that lowered/ });
  const note = notes.getByRole('row', { name: /CN-\d{4}-\d{6}/ }).filter({ hasText: number });
  await expect(note).toContainText(euros(credit));
  await expect(note).toContainText('Course dropped: classes not yet held');
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText(
    euros(Math.round((total - credit) * 100) / 100),
  );
  await expect(row).toContainText(euros(Math.round((total - credit) * 100) / 100));

  // The page at 375 px: nothing wider than the screen, no axe violation.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('group', { name: 'Balance' })).toBeVisible();
  await expectAccessible(page, PHONE.width);
  await context.close();
});
