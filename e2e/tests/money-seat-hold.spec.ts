import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  must,
  passwordGrant,
  rest,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { billingSettings, pricedCourseWithClasses } from '../support/money';
import { AuthScreen, CourseCatalog } from '../support/pages';

// Issue 31, payment before the seat (docs/money.md "Payment before the seat"): the school chooses it in
// System Settings → Billing; a student enrols in a priced course from the catalog on a phone and is
// told the seat is held until when; the course card and My Courses show the held seat (not a course of
// theirs yet); the office records the whole invoice in Billing; the student now has the course in My
// Courses. Changes the school's invoice mode (a shared-state spec, playwright.config.ts) and puts the
// billing settings back as they were.

const PHONE = { width: 375, height: 812 };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PRICE = 180;

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

let adminToken: string;
let savedBilling: Record<string, unknown>;

test.beforeAll(async () => {
  adminToken = (await passwordGrant(DEMO.admin, DEMO_PASSWORD)).token;
  savedBilling = (await billingSettings(adminToken)) as Record<string, unknown>;
});

test.afterAll(async () => {
  await must(
    await rest('app_settings?id=eq.1', adminToken, {
      method: 'PATCH',
      body: JSON.stringify({ billing: savedBilling }),
    }),
    'restore the billing settings',
  );
});

test('payment before the seat: the seat is held until the office records the whole invoice', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const title = `Held seat course ${stamp}`;
  await pricedCourseWithClasses(adminToken, { title, price: PRICE });

  // The school asks for payment before the seat, holding it 72 hours.
  const adminContext = await browser.newContext({ reducedMotion: 'reduce' });
  const admin = await adminContext.newPage();
  const adminAuth = new AuthScreen(admin);
  await adminAuth.open();
  await adminAuth.signIn(DEMO.admin, DEMO_PASSWORD);
  await expect(admin.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await admin.goto('/settings');
  await admin.getByRole('tab', { name: 'Billing' }).click();
  await admin.getByRole('combobox', { name: 'When invoices are issued' }).click();
  await admin
    .getByRole('option', {
      name: 'Payment before the seat: the seat is held until the invoice is paid',
    })
    .click();
  const hours = admin.getByRole('textbox', { name: /Seat held for \(hours\)/ });
  await hours.fill('72');
  await admin.getByRole('button', { name: 'Save billing settings' }).click();
  await expect(admin.getByText('Billing settings saved')).toBeVisible();
  expect(await billingSettings(adminToken)).toMatchObject({
    invoiceMode: 'payment_before_seat',
    seatHoldHours: 72,
  });

  // A student enrols from the catalog on a phone: the seat is held, not given.
  const studentEmail = uniqueEmail('held-seat');
  const lastName = `Held${stamp}`;
  await signUpThroughApi(studentEmail, DEMO_PASSWORD, 'Hana', lastName);
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: PHONE });
  const page = await context.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(studentEmail, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
  // On a phone the sidebar sits behind the menu button: straight to the page.
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Course Catalog' })).toBeVisible();
  const catalog = new CourseCatalog(page);
  await catalog.search(title);
  await catalog.course(title).getByRole('button', { name: 'Enroll Now' }).click();
  await expect(page.getByText(`Your seat in ${title} is held until`).first()).toBeVisible();
  const card = catalog.course(title);
  await expect(card.getByText(/^Seat held until /)).toBeVisible();
  await expect(card.getByRole('link', { name: 'See the invoice in Billing' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enroll Now' })).toHaveCount(0);
  await expectAccessible(page, PHONE.width);

  // My Courses: the held seat, and no course of theirs yet.
  await page.goto('/my-courses');
  await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
  const held = page.getByRole('region', { name: 'Seats held for payment' });
  await expect(held.getByRole('link', { name: title })).toBeVisible();
  await expect(held.getByText(/^Seat held until /)).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await expectAccessible(page, PHONE.width);

  // The office finds the invoice in Billing and records the whole amount (the form's default).
  await admin
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await admin.getByRole('searchbox', { name: 'Search invoices' }).fill(lastName);
  const open = admin.getByRole('button', { name: /^Open invoice / });
  await expect(open).toHaveCount(1);
  const number = (await open.innerText()).trim();
  await open.click();
  const drawer = admin.getByRole('dialog', { name: new RegExp(`Invoice ${number}`) });
  await expect(drawer.getByText(title).first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Record payment' }).click();
  const form = admin.getByRole('dialog', { name: `Record a payment on ${number}` });
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form).toBeHidden();
  await adminContext.close();

  // The student now has the course.
  await page.reload();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Seats held for payment' })).toHaveCount(0);
  await context.close();
});
