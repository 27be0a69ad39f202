import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../shell/src/app/route-table';
import {
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  rest,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { addStudents, removeStudents, withDatabase } from '../support/database';
import { watchLiveJoins } from '../support/live';

// Each screen loads in a fixed number of requests, whatever the amount of data.
// Issue 8: two new teachers, one with 2 courses and one with 20 (each course with a class and a
// student), open every teacher route; the API requests of each load are counted and must be equal.
// Issue 9: the admin opens every admin route with the seed's users, and again with 5,000 more.
// The counts are printed as `requests:` lines, the report of "REST requests per screen".
const SIZES = [2, 20] as const;

type Counts = Record<string, number>;

async function adminToken(): Promise<string> {
  return (await passwordGrant(DEMO.admin, DEMO_PASSWORD)).token;
}

async function must(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** A teacher account with `courses` courses, each with one class and one enrolled student. */
async function teacherWith(courses: number): Promise<string> {
  const email = uniqueEmail(`teacher${courses}`);
  await signUpThroughApi(email, DEMO_PASSWORD, 'Count', `Teacher${courses}`);
  const admin = await adminToken();
  const { userId } = await passwordGrant(email, DEMO_PASSWORD);
  await must(
    await rest(`users?id=eq.${userId}`, admin, {
      method: 'PATCH',
      body: JSON.stringify({ role: 'teacher' }),
    }),
    'make teacher',
  );
  const created = await must(
    await rest('courses?select=id', admin, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify(
        Array.from({ length: courses }, (_, i) => ({
          title: `Counted course ${i + 1} ${Date.now()}`,
          description: 'Request count fixture',
          language: i % 2 ? 'English' : 'Spanish',
          teacher_id: userId,
          max_students: 30,
        })),
      ),
    }),
    'create courses',
  );
  const ids = ((await created.json()) as { id: string }[]).map((row) => row.id);
  const soon = new Date(Date.now() + 48 * 3600_000).toISOString();
  await must(
    await rest('classes', admin, {
      method: 'POST',
      body: JSON.stringify(
        ids.map((id) => ({
          course_id: id,
          title: 'Counted class',
          description: 'Fixture',
          scheduled_date: soon,
          duration: 60,
          type: 'recorded',
        })),
      ),
    }),
    'create classes',
  );
  // A student of its own, so the demo accounts' screens stay as the other tests expect them.
  const studentEmail = uniqueEmail(`student${courses}`);
  await signUpThroughApi(studentEmail, DEMO_PASSWORD, 'Count', `Student${courses}`);
  const { userId: studentId } = await passwordGrant(studentEmail, DEMO_PASSWORD);
  for (const id of ids) {
    await must(
      await rest('rpc/enroll_user_in_course', admin, {
        method: 'POST',
        body: JSON.stringify({ user_uuid: studentId, course_uuid: id }),
      }),
      'enroll',
    );
  }
  return email;
}

async function countLoads(
  page: Page,
  email: string,
  role: 'teacher' | 'admin' = 'teacher',
): Promise<Counts> {
  await page.goto('/auth');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const counts: Counts = {};
  const paths = ROUTES.filter(
    (route) => route.roles.includes(role) && !route.path.includes(':'),
  ).map((route) => route.path);
  for (const path of paths) {
    await page.goto('about:blank'); // leave, so the next load starts from nothing
    // Distinct reads (method, address and body): a live channel's refetch on joining repeats a read
    // the page already made, once or not at all depending on when the join lands; a read per row
    // would still show as more distinct reads.
    const reads = new Set<string>();
    let settingsReads = 0;
    const count = (method: string, url: string, body: string | null) => {
      if (/\/(rest|storage)\/v1\//.test(url)) reads.add(`${method} ${url} ${body ?? ''}`);
      if (url.includes('/rest/v1/rpc/get_public_settings')) settingsReads += 1;
    };
    page.on('request', (request) => count(request.method(), request.url(), request.postData()));
    // The bell's live channel refetches once joined: counted whether it joins before or after the
    // page first falls quiet (on a busy machine it joined after, and the count moved by one).
    const live = watchLiveJoins(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await live.settled();
    await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
    live.stop();
    // The shell's start-up read serves the signed-in layout too: the school's settings once a load.
    expect(settingsReads, `get_public_settings reads on ${path}`).toBe(1);
    counts[path] = reads.size;
  }
  return counts;
}

test('every teacher screen loads in the same number of API requests with 2 courses and with 20', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const results: Counts[] = [];
  for (const size of SIZES) {
    const email = await teacherWith(size);
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    results.push(await countLoads(await context.newPage(), email));
    await context.close();
  }
  const [small, large] = results as [Counts, Counts];
  for (const path of Object.keys(small)) {
    console.log(
      `requests: teacher ${path}: ${SIZES[0]} courses ${small[path]}, ${SIZES[1]} courses ${large[path]}`,
    );
  }
  expect(large).toEqual(small);
});

test('every admin screen loads in the same number of API requests with the seed users and with 5,000 more', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const EXTRA_STUDENTS = 5_000;
  const count = async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const counts = await countLoads(await context.newPage(), DEMO.admin, 'admin');
    await context.close();
    return counts;
  };
  const seed = await count();
  const seedUsers = await withDatabase(async (db) => {
    const { rows } = await db.query<{ count: string }>('select count(*) from public.users');
    await addStudents(db, EXTRA_STUDENTS);
    return Number(rows[0]?.count);
  });
  try {
    const loaded = await count();
    for (const path of Object.keys(seed)) {
      console.log(
        `requests: admin ${path}: ${seedUsers} users ${seed[path]}, ${seedUsers + EXTRA_STUDENTS} users ${loaded[path]}`,
      );
    }
    expect(loaded).toEqual(seed);
  } finally {
    await withDatabase(removeStudents);
  }
});
