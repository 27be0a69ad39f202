import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, Sidebar } from '../support/pages';

// A signed-in page starts from its route loader and the user's kept query cache
// (docs/start-up.md): a returning user's dashboard paints from what they last read while it
// refetches, and nothing of one user's cache reaches the next.

const PREFIX = 'portal.query-cache.';

/** The kept query caches of the page's origin, by storage key, in both storages. */
function keptCaches(page: Page) {
  return page.evaluate((prefix) => {
    const found: Record<string, string> = {};
    for (const storage of [localStorage, sessionStorage]) {
      for (const key of Object.keys(storage)) {
        if (key.startsWith(prefix)) found[key] = storage.getItem(key) ?? '';
      }
    }
    return found;
  }, PREFIX);
}

/** Waits until the signed-in user's cache holds a successful read; returns its storage key. */
async function keptRead(page: Page) {
  await expect
    .poll(async () => Object.values(await keptCaches(page)).join('\n'))
    .toMatch(/"status":"success"/);
  const caches = await keptCaches(page);
  expect(Object.keys(caches)).toHaveLength(1);
  return Object.keys(caches)[0]!;
}

/** Holds every request to `rpc` until `release` is called. */
async function holdRpc(page: Page, rpc: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(`**/rest/v1/rpc/${rpc}`, async (route) => {
    held += 1;
    await released;
    await route.continue().catch(() => {});
  });
  return { release, held: () => held };
}

const studentCourse = (page: Page) => page.getByRole('link', { name: 'Course Classroom' }).first();

test("a returning student's dashboard paints from the kept cache while it refetches", async ({
  page,
}) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(studentCourse(page)).toBeVisible();
  const key = await keptRead(page);
  // The key names the user (the session's user id).
  const userId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('portal-auth') ?? '{}').user?.id as string,
  );
  expect(key).toBe(`${PREFIX}${userId}`);

  // The next visit: the dashboard's read is held on the network, the page shows its data anyway.
  const read = await holdRpc(page, 'get_student_dashboard');
  await page.reload();
  await expect(page.getByText('Welcome back, Emma!')).toBeVisible();
  await expect(studentCourse(page)).toBeVisible();
  // Stale, so the screen asks for it again behind the painted page.
  await expect.poll(read.held).toBeGreaterThan(0);
  read.release();
  await page.unroute('**/rest/v1/rpc/get_student_dashboard');
  await expect(studentCourse(page)).toBeVisible();
});

test('after sign-out, the next user on the browser sees nothing of the last one', async ({
  page,
}) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  const coursePerformance = page.getByRole('region', { name: 'Course Performance' });
  await expect(coursePerformance.getByText('Spanish for Beginners')).toBeVisible();
  await keptRead(page);

  const dialog = await new Sidebar(page).logout();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await keptCaches(page)).toEqual({});

  // The student signs in; their own dashboard's read held: nothing of the teacher's shows meanwhile.
  const read = await holdRpc(page, 'get_student_dashboard');
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect.poll(read.held).toBeGreaterThan(0);
  await expect(coursePerformance).toHaveCount(0);
  await expect(page.getByText('Teacher Portal')).toHaveCount(0);
  read.release();
  await page.unroute('**/rest/v1/rpc/get_student_dashboard');
  await expect(studentCourse(page)).toBeVisible();
  await keptRead(page);
  const keys = Object.values(await keptCaches(page)).flatMap((text) =>
    (
      JSON.parse(text) as { clientState: { queries: { queryHash: string }[] } }
    ).clientState.queries.map((query) => query.queryHash),
  );
  expect(keys).toContain('["dashboard","student"]');
  expect(keys).not.toContain('["dashboard","teacher"]');
});
