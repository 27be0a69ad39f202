import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../support/backend';
import { AuthScreen, Sidebar } from '../support/pages';

// Staff sidebars grow as teacher-app and admin-app ship their screens (shell/src/app/route-table.ts).
const SIDEBARS = {
  admin: [
    'Dashboard',
    'User Management',
    'Course Management',
    'Class Management',
    'Calendar View',
    'Teacher Management',
    'Materials',
    'Activities',
    'Profile',
  ],
  teacher: [
    'Dashboard',
    'My Courses',
    'Class Management',
    'Calendar',
    'Materials',
    'Activities',
    'My Students',
    'Profile',
  ],
  student: [
    'Dashboard',
    'My Courses',
    'Course Catalog',
    'Extra Materials',
    'Calendar',
    'Activities',
    'Profile',
  ],
} as const;

test('a visitor is sent to /auth and a new sign-up lands on the student dashboard', async ({
  page,
}) => {
  await page.goto('/my-courses');
  await expect(page).toHaveURL(/\/auth$/);

  const auth = new AuthScreen(page);
  const email = uniqueEmail('newstudent');
  await auth.signUp({ firstName: 'Lucía', lastName: 'Fernández', email, password: 'secret123' });

  await expect(page).toHaveURL('http://localhost:3000/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Lucía!' })).toBeVisible();
  await expect(page.getByText('Student Portal')).toBeVisible();
  expect(await new Sidebar(page).itemNames()).toEqual(SIDEBARS.student);
});

test('sign-up validation shows the spec messages and keeps what was typed', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('First Name').fill('Tomás');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password').fill('abd');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Tomás');

  await page.getByLabel('Last Name').fill('Ruiz');
  await expect(page.getByText('Last name is required')).toHaveCount(0);
});

test('a wrong password keeps the form and explains why', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, 'wrong-password');
  await expect(page.getByRole('alert')).toContainText('Invalid login credentials');
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.student);
});

test('the sign-in page paints without the auth client and loads it when the visitor starts', async ({
  page,
}) => {
  // supabase-js is the one script that names GoTrueClient; the page must not need it to paint.
  const authClientLoads: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js') || !response.ok()) return;
    const body = await response.text().catch(() => '');
    if (body.includes('GoTrueClient')) authClientLoads.push(response.url());
  });
  const scriptRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptRequests.push(request.url());
  });
  const auth = new AuthScreen(page);
  await auth.open();
  await page.waitForLoadState('networkidle');
  expect(authClientLoads).toEqual([]);

  // Each script of the first page is fetched once.
  expect(scriptRequests.length).toBeGreaterThan(0);
  expect(new Set(scriptRequests).size).toBe(scriptRequests.length);

  // Reaching for the form starts the download, before anything is sent.
  await page.getByLabel('Email').focus();
  await expect.poll(() => authClientLoads.length).toBe(1);

  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(authClientLoads).toHaveLength(1);
});

test("a signed-in reload fetches each of the shell's scripts and stylesheets once", async ({
  page,
}) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const shellScripts: string[] = [];
  const shellStyles: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('http://localhost:3000/')) return;
    if (request.resourceType() === 'script') shellScripts.push(url);
    if (request.resourceType() === 'stylesheet') shellStyles.push(url);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(shellScripts.filter((url) => url.includes('/static/js/index.'))).toHaveLength(1);
  expect(new Set(shellScripts).size).toBe(shellScripts.length);
  expect(new Set(shellStyles).size).toBe(shellStyles.length);
});

for (const role of ['admin', 'teacher', 'student'] as const) {
  test(`the ${role} demo account sees the ${role} sidebar`, async ({ page }) => {
    const auth = new AuthScreen(page);
    await auth.open();
    await auth.signIn(DEMO[role], DEMO_PASSWORD);
    const portal = { admin: 'Admin Portal', teacher: 'Teacher Portal', student: 'Student Portal' }[
      role
    ];
    await expect(page.getByText(portal)).toBeVisible();
    await expect(page.getByTestId('sidebar-user')).toContainText(DEMO[role]);
    expect(await new Sidebar(page).itemNames()).toEqual([...SIDEBARS[role]]);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // A signed-in visitor at /auth goes to the dashboard.
    await page.goto('/auth');
    await expect(page).toHaveURL('http://localhost:3000/');
  });
}

test('the admin dashboard shows real user counts', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  const card = page.getByRole('group', { name: 'Total Users' });
  await expect(card).toBeVisible();
  const value = await card.evaluate((element) => {
    const id = element.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });
  const total = Number(value.trim());
  expect(total).toBeGreaterThanOrEqual(3);
});

test("the teacher dashboard shows the teacher's own courses and classes", async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  const performance = page.getByRole('region', { name: 'Course Performance' });
  // Daniel Ortega (the demo teacher) teaches Spanish for Beginners; English Foundations is not his.
  await expect(performance.getByText('Spanish for Beginners')).toBeVisible();
  await expect(performance.getByText('English Foundations')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Upcoming Classes' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Avg. Rating' })).toBeVisible();
});

test('logout asks for confirmation first', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  const sidebar = new Sidebar(page);
  await expect(page.getByText('Teacher Portal')).toBeVisible();

  let dialog = await sidebar.logout();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Teacher Portal')).toBeVisible();

  dialog = await sidebar.logout();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('an admin opening a student-only page gets the no-access page', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  await expect(page.getByText('Admin Portal')).toBeVisible();
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page.getByText('Admin Portal')).toBeVisible();
});

test('unknown paths go to the dashboard', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByText('Student Portal')).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('http://localhost:3000/');
});

test('Remember me off keeps the session only for this browser session', async ({
  page,
  context,
}) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await page.getByLabel('Remember me').uncheck();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByText('Student Portal')).toBeVisible();
  const stored = await page.evaluate(() => ({
    local: window.localStorage.getItem('token'),
    session: window.sessionStorage.getItem('token'),
  }));
  expect(stored.local).toBeNull();
  expect(stored.session).toBeTruthy();

  // A new tab is a new browser session for sessionStorage: the visitor must sign in again.
  const other = await context.newPage();
  await other.goto('/');
  await expect(other).toHaveURL(/\/auth$/);
});
