import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, must, passwordGrant, rest, signUpThroughApi, uniqueEmail } from './backend';
import { withDatabase } from './database';

// The money journeys' shared set-up and readings (issue 31, docs/money.md).

const HOUR = 3_600_000;

/** A figure as a card or cell shows it ('€1,234.56', '-€40.00', '$12,345.67') as a number. */
export const amountIn = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The admin dashboard's Total Revenue (money received), read from its card. */
export async function totalRevenue(page: Page): Promise<number> {
  await page.goto('/');
  const card = page.getByRole('group', { name: 'Total Revenue' });
  await expect(card).toBeVisible();
  const label = await card.getAttribute('aria-describedby');
  const value = label ? await page.locator(`[id="${label}"]`).innerText() : await card.innerText();
  return amountIn(value);
}

/** The amount still due in the office's invoice drawer. */
export async function dueIn(drawer: Locator): Promise<number> {
  return amountIn(
    await drawer
      .getByRole('row', { name: /^Due\b/ })
      .getByRole('cell')
      .innerText(),
  );
}

export interface BillingSettings {
  refundOnDrop?: string;
  taxRate?: number;
  currency?: string;
}

/** The school's billing settings as they are (the journeys read them, never change them). */
export async function billingSettings(adminToken: string): Promise<BillingSettings> {
  const settings = (await (
    await must(
      await rest('rpc/get_app_settings', adminToken, { method: 'POST', body: '{}' }),
      'settings',
    )
  ).json()) as { billing?: BillingSettings };
  return settings.billing ?? {};
}

async function putBilling(adminToken: string, billing: BillingSettings, what: string) {
  await must(
    await rest('app_settings?id=eq.1', adminToken, {
      method: 'PATCH',
      body: JSON.stringify({ billing }),
    }),
    what,
  );
}

/**
 * Sets the billing rules a journey's figures depend on (the refund rule on a drop, the currency).
 * Answers the settings now in force and `restore`, which puts back the settings as they were, for
 * when the journey ends. Only journeys of the shared-state project call it: every other test sees
 * the school's settings.
 */
export async function setBillingRules(
  adminToken: string,
  rules: { refundOnDrop: string; currency: string },
): Promise<{ billing: BillingSettings; restore: () => Promise<void> }> {
  const saved = await billingSettings(adminToken);
  await putBilling(adminToken, { ...saved, ...rules }, 'set the billing rules');
  return {
    billing: await billingSettings(adminToken),
    restore: () => putBilling(adminToken, saved, 'restore the billing settings'),
  };
}

/**
 * A new teacher's priced course with four weekly live classes, the first held two days ago (so the
 * pro-rata refund rule credits three quarters on a drop). Its own teacher and course, so the demo
 * accounts stay as the other tests expect them.
 */
export async function pricedCourseWithClasses(
  adminToken: string,
  { title, price, language = 'Spanish' }: { title: string; price: number; language?: string },
): Promise<string> {
  const teacherEmail = uniqueEmail('money-teacher');
  await signUpThroughApi(teacherEmail, DEMO_PASSWORD, 'Tina', 'Money');
  const teacher = await passwordGrant(teacherEmail, DEMO_PASSWORD);
  await must(
    await rest(`users?id=eq.${teacher.userId}`, adminToken, {
      method: 'PATCH',
      body: JSON.stringify({ role: 'teacher' }),
    }),
    'make teacher',
  );
  const created = await must(
    await rest('courses?select=id', adminToken, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        title,
        description: 'A course with a price',
        language,
        teacher_id: teacher.userId,
        max_students: 10,
        price,
      }),
    }),
    'create course',
  );
  const [{ id: courseId }] = (await created.json()) as [{ id: string }];
  await withDatabase((db) =>
    db.query(
      `insert into public.classes (course_id, title, scheduled_date, type, meeting_link)
       select $1, format('Class %s', n), $2::timestamptz + make_interval(days => (n - 1) * 7), 'live',
              'https://meet.example.org/money'
         from generate_series(1, 4) n`,
      [courseId, new Date(Date.now() - 2 * 24 * HOUR).toISOString()],
    ),
  );
  return courseId;
}
