import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../support/backend';
import { AuthScreen, Sidebar } from '../support/pages';

const SHELL_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shell', 'dist');

// Staff sidebars grow as teacher-app and admin-app ship their screens (shell/src/app/route-table.ts).
const SIDEBARS = {
  admin: [
    'Dashboard',
    'User Management',
    'Course Management',
    'Billing',
    'Class Management',
    'Calendar View',
    'Teacher Management',
    'Materials',
    'Activities',
    'Profile',
    'Messages',
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
    'Messages',
  ],
  student: [
    'Dashboard',
    'My Courses',
    'Course Catalog',
    'Extra Materials',
    'Calendar',
    'Activities',
    'Billing',
    'Profile',
    'Messages',
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
  // A first visit: welcomed, not welcomed back.
  await expect(page.getByRole('heading', { name: 'Welcome, Lucía!' })).toBeVisible();
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

// The sign-in page's HTML (shell/build/sign-in-page.tsx, docs/start-up.md): /auth is auth.html, the
// page as React renders it at build time, which the app hydrates.
test.describe("the sign-in page's HTML", () => {
  /** Where the page's main parts are on screen. */
  const layout = (page: Page) =>
    Promise.all(
      [
        page.getByRole('heading', { level: 1, name: 'Lingua Academy' }),
        page.getByRole('heading', { name: 'Welcome back' }),
        page.getByLabel('Email'),
        page.getByRole('button', { name: 'Sign In' }),
      ].map((locator) => locator.boundingBox()),
    );

  test('shows the page, styled and in English, with no script at all', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/auth');

    await expect(page).toHaveTitle('Sign in · Lingua Academy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Lingua Academy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeEditable();
    await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
    await expect(page.getByLabel('Remember me')).toBeChecked();
    // What only the app can do waits for it, and shows that it does.
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    // Styled by the stylesheet in the head: on a wide screen the school's panel is beside the form.
    const [panel, , form] = await layout(page);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(form!.x);

    // Every other address is the app's own page, which has nothing to show without the app.
    await page.goto('/courses');
    await expect(page.locator('#root')).toBeEmpty();
    await context.close();
  });

  test('arrives in one piece: on a phone with a slow CPU nothing moves while it is parsed', async ({
    browser,
  }) => {
    // Painted while it is still being parsed, the page would move as its columns arrive. That
    // depends on when the parser yields, so the page is loaded a few times.
    for (let load = 0; load < 5; load += 1) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const shifts: number[] = [];
      cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
        if (event.layoutShiftDetails) shifts.push(event.layoutShiftDetails.value);
      });
      await cdp.send('PerformanceTimeline.enable', { eventTypes: ['layout-shift'] });
      // Loaded (the load event): parsed and painted, with no script to change it afterwards.
      await page.goto('/auth');
      await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
      expect(shifts, `load ${load + 1}`).toEqual([]);
      await context.close();
    }
  });

  test('the app takes it over in place: nothing moves, what was typed stays, and it signs in', async ({
    page,
  }) => {
    // Every layout shift from the first paint on (Chromium's Layout Instability API).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A phone, its CPU four times slower (as Lighthouse's mobile run): the page is parsed and
    // painted in pieces, where a page that moves as it arrives would shift.
    await page.setViewportSize({ width: 412, height: 823 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The scripts are held: the visitor has the built page only.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/static/js/**', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/auth', { waitUntil: 'commit' });
    const email = page.getByLabel('Email');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(signIn).toBeDisabled();
    await email.fill(DEMO.student);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Remember me').uncheck();
    // A mark on the built field (a property React does not see): the app must keep this node.
    await email.evaluate((field) => Object.assign(field, { builtByTheServer: true }));
    const before = await layout(page);

    release();
    await expect(signIn).toBeEnabled({ timeout: 30_000 });
    await page.unroute('**/static/js/**');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    expect(await email.evaluate((field) => 'builtByTheServer' in field)).toBe(true);
    await expect(email).toHaveValue(DEMO.student);
    await expect(page.getByLabel('Remember me')).not.toBeChecked();
    expect(await layout(page)).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual(
      [],
    );

    await signIn.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Remember me, unticked before the app ran, was kept: the session is the tab's only.
    const stored = await page.evaluate(() => ({
      local: localStorage.getItem('portal-auth'),
      session: sessionStorage.getItem('portal-auth'),
    }));
    expect(stored.local).toBeNull();
    expect(stored.session).toBeTruthy();
  });

  test('a visitor who chose Spanish gets the page in Spanish in place of the built English one', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('portal.language', 'es'));
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle('Iniciar sesión · Lingua Academy');
    // Rendered over the built page, not beside it.
    await expect(page.locator('form')).toHaveCount(1);
    await expect(page.getByText('Welcome back')).toHaveCount(0);
  });

  test('the pages run under the Content-Security-Policy the build printed', async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    const printed = readFileSync(join(SHELL_DIST, 'content-security-policy.txt'), 'utf8').trim();
    // As a deployment does (docs/start-up.md): the remotes' origins join script-src and style-src
    // (a remote's lazily loaded chunk may bring its own stylesheet).
    const config = JSON.parse(readFileSync(join(SHELL_DIST, 'portal.config.json'), 'utf8')) as {
      remotes: Record<string, string>;
    };
    const remotes = Object.values(config.remotes).map((address) => new URL(address).origin);
    const policy = printed
      .split('; ')
      .map((directive) =>
        directive.startsWith('script-src ') || directive.startsWith('style-src ')
          ? [directive, ...remotes].join(' ')
          : directive,
      )
      .join('; ');
    // The shell's pages are answered with the policy as a header. Chromium counts a page answered
    // by Playwright as outside the local network, and would keep it from the local API; a host's
    // header does not change where the page is, so this browser leaves that check out.
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'],
    });
    const page = await browser.newPage({ baseURL });
    await page.route('http://localhost:3000/**', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': policy },
      });
    });
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { violations: string[] }).violations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective}: ${event.blockedURI}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    /** Each inline script of the page is allowed by its hash. */
    const expectInlineScriptsListed = async () => {
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent),
      );
      for (const text of inline) {
        const hash = createHash('sha256')
          .update(text ?? '')
          .digest('base64');
        expect(policy).toContain(`'sha256-${hash}'`);
      }
    };

    const auth = new AuthScreen(page);
    const signInPage = page.waitForResponse((response) => response.url().endsWith('/auth'));
    await auth.open();
    expect((await signInPage).headers()['content-security-policy']).toBe(policy);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expectInlineScriptsListed();
    await auth.signIn(DEMO.student, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The demo student's progress chart is a chunk of the student app with its own stylesheet,
    // loaded from that app's origin once the panel has figures to draw.
    await expect(
      page.getByRole('region', { name: 'Progress by skill' }).locator('.recharts-surface'),
    ).toBeVisible();
    await expectInlineScriptsListed();
    expect(await violations()).toEqual([]);
    await browser.close();
  });
});
