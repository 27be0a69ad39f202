import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { setBillingRules, dueIn, pricedCourseWithClasses, totalRevenue } from '../support/money';
import { AuthScreen, CourseCatalog, MyCourses, Portal } from '../support/pages';

// Issue 31's journey, as the school lives it: a student enrols in a priced course and receives the
// invoice; the office records a partial payment; the student's balance and the dashboard's revenue move
// by exactly that amount; the student drops, the school's refund rule (pro rata by classes held: one of
// four held, three quarters credited) credits the invoice, the student is owed the difference, and the
// office refunds exactly that. Two people at once, each in their own browser context.
//
// Runs in the shared-state project (one at a time): it compares the school-wide Total Revenue before and
// after, which another spec's payment would move. It sets the refund rule and currency its figures follow
// for its own run and puts the school's billing settings back afterwards.

const PRICE = 240;
const PARTIAL = 100;
const cents = (amount: number) => Math.round(amount * 100) / 100;
const euros = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);

/** The office's Billing → the student's one invoice, opened in its drawer. */
async function openInvoice(page: Page, lastName: string, number: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(lastName);
  const open = page.getByRole('button', { name: `Open invoice ${number}` });
  await open.click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`Invoice ${number}`) });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function record(
  page: Page,
  drawer: Locator,
  kind: 'payment' | 'refund',
  number: string,
  amount: number,
  reference: string,
) {
  await drawer
    .getByRole('button', { name: kind === 'payment' ? 'Record payment' : 'Record refund' })
    .click();
  const form = page.getByRole('dialog', {
    name: kind === 'payment' ? `Record a payment on ${number}` : `Record a refund on ${number}`,
  });
  await form.getByRole('textbox', { name: /Amount/ }).fill(String(amount));
  await form.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await form.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await form
    .getByRole('button', { name: kind === 'payment' ? 'Record payment' : 'Record refund' })
    .click();
  await expect(form).toBeHidden();
}

/** Puts the school's billing settings back after the journey, passed or failed. */
let restore: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restore?.();
  restore = undefined;
});

test('enrol, invoice, a partial payment, a drop and the refund the school’s rule gives', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const title = `Paid course ${stamp}`;
  const lastName = `Journey${stamp}`;
  const admin = (await passwordGrant(DEMO.admin, DEMO_PASSWORD)).token;

  // The figures below follow the pro-rata refund rule in euros: set them for this journey.
  const rules = await setBillingRules(admin, {
    refundOnDrop: 'pro_rata_classes_held',
    currency: 'EUR',
  });
  restore = rules.restore;
  const { billing } = rules;
  const total = cents(PRICE * (1 + Number(billing.taxRate ?? 0) / 100));
  const credit = cents(total * 0.75);
  const owedBack = cents(PARTIAL - (total - credit));
  expect(owedBack).toBeGreaterThan(0);

  // A teacher's priced course with four weekly classes, the first held two days ago.
  await pricedCourseWithClasses(admin, { title, price: PRICE, language: 'English' });

  const studentEmail = uniqueEmail('journey-student');
  await signUpThroughApi(studentEmail, DEMO_PASSWORD, 'Jo', lastName);

  const studentContext = await browser.newContext({ reducedMotion: 'reduce' });
  const adminContext = await browser.newContext({ reducedMotion: 'reduce' });
  try {
    // The student enrols from the catalog; Billing shows the invoice and what they owe.
    const student = await studentContext.newPage();
    const studentAuth = new AuthScreen(student);
    await studentAuth.open();
    await studentAuth.signIn(studentEmail, DEMO_PASSWORD);
    const studentPortal = new Portal(student);
    await studentPortal.open('Course Catalog');
    const catalog = new CourseCatalog(student);
    await catalog.search(title);
    await catalog.enroll(title);
    await studentPortal.open('Billing');
    const row = student
      .getByRole('table', { name: 'Your invoices, newest first' })
      .getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText(euros(total));
    const number = (await row.getByRole('rowheader').innerText()).trim();
    expect(number).toMatch(/^\d{4}-\d{6}$/);
    const balance = student.getByRole('group', { name: 'Balance' });
    await expect(balance).toContainText(euros(total));

    // The office: Total Revenue before, then a partial payment on that invoice.
    const office = await adminContext.newPage();
    const officeAuth = new AuthScreen(office);
    await officeAuth.open();
    await officeAuth.signIn(DEMO.admin, DEMO_PASSWORD);
    await expect(office.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    const revenueBefore = await totalRevenue(office);
    let drawer = await openInvoice(office, lastName, number);
    await expect.poll(() => dueIn(drawer)).toBe(total);
    await record(office, drawer, 'payment', number, PARTIAL, `TR-${stamp}`);
    await expect.poll(() => dueIn(drawer)).toBe(cents(total - PARTIAL));
    await office.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The dashboard's revenue (money received) and the student's balance moved by exactly it.
    await expect
      .poll(async () => cents((await totalRevenue(office)) - revenueBefore))
      .toBe(PARTIAL);
    await student.reload();
    await expect(balance).toContainText(euros(cents(total - PARTIAL)));
    await expect(
      student.getByRole('table', { name: /Money you paid/ }).getByRole('row', { name: /TR-/ }),
    ).toContainText(euros(PARTIAL));

    // The student drops: three of four classes are still to come, so three quarters are credited and
    // the school owes back what was paid beyond the quarter that stays due.
    await studentPortal.open('My Courses');
    await new MyCourses(student).drop(title);
    await studentPortal.open('Billing');
    await expect(
      student
        .getByRole('table', { name: /Corrections that lowered/ })
        .getByRole('row', { name: /CN-\d{4}-\d{6}/ })
        .filter({ hasText: number }),
    ).toContainText(euros(credit));
    const inFavour = student.getByRole('group', { name: 'In your favour' });
    await expect(inFavour).toContainText(euros(owedBack));

    // The office sees the invoice owing the student that amount and refunds exactly it.
    // (The drawer may first show what it read before the drop, then what the database says now.)
    drawer = await openInvoice(office, lastName, number);
    await expect.poll(() => dueIn(drawer)).toBe(-owedBack);
    await record(office, drawer, 'refund', number, owedBack, `RF-${stamp}`);
    await expect.poll(() => dueIn(drawer)).toBe(0);
    await office.keyboard.press('Escape');
    await expect
      .poll(async () => cents((await totalRevenue(office)) - revenueBefore))
      .toBe(cents(PARTIAL - owedBack));

    // Nothing is owed either way now, and the student sees the refund.
    await student.reload();
    await expect(balance).toContainText(euros(0));
    await expect(
      student.getByRole('table', { name: /Money you paid/ }).getByRole('row', { name: /RF-/ }),
    ).toContainText(euros(owedBack));
  } finally {
    await studentContext.close();
    await adminContext.close();
  }
});
