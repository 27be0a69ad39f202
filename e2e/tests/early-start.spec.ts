import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, Sidebar } from '../support/pages';

// A returning user's page load starts the page's code and its first read beside the session check
// (shell/src/app/early-start.ts), from the role the shell remembered at the last sign-in.

/** The API calls a page load sends, in the order they leave the browser. */
function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.port === '54321' && request.method() !== 'OPTIONS') sent.push(url.pathname);
  });
  return sent;
}

test("a returning teacher's dashboard reads once, without waiting for the session check", async ({
  page,
}) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  await expect(page.getByRole('region', { name: 'Course Performance' })).toBeVisible();

  const sent = recordRequests(page);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Course Performance' }).getByText('Spanish for Beginners'),
  ).toBeVisible();
  const dashboardReads = sent.filter((path) => path.endsWith('/rpc/get_teacher_dashboard'));
  expect(dashboardReads).toHaveLength(1);
  // Sent before the session check's last step (the second-factor rule), which follows the profile.
  expect(sent.indexOf('/rest/v1/rpc/get_teacher_dashboard')).toBeLessThan(
    sent.indexOf('/rest/v1/rpc/two_factor_required_for_me'),
  );
});

test('after signing out, the next user on the browser starts without the last one’s page', async ({
  page,
}) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  await expect(page.getByText('Teacher Portal')).toBeVisible();
  const dialog = await new Sidebar(page).logout();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('portal.role-hint'))).toBeNull();

  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  // The dashboard's own read done before counting the reload's.
  await expect(page.getByRole('link', { name: 'Course Classroom' }).first()).toBeVisible();
  const sent = recordRequests(page);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Course Classroom' }).first()).toBeVisible();
  expect(sent.filter((path) => path.includes('teacher'))).toEqual([]);
  expect(sent.filter((path) => path.endsWith('/rpc/get_student_dashboard'))).toHaveLength(1);
});
