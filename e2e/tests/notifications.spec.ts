import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  rest,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';

// Issue 30, "a moved class notifies its students": a teacher drags a class of their course to another
// time in the planner, and the bell of a student enrolled in the course shows it within 2 s, without a
// reload (notifications written by the database, live through supabase-js Realtime). A teacher, a
// course and a student of their own, so the demo accounts' bells stay as the other tests expect them.

const two = (n: number) => String(n).padStart(2, '0');
const dayKey = (date: Date) =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;

async function must(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

async function person(label: string, role: 'student' | 'teacher', adminToken: string) {
  const email = uniqueEmail(label);
  await signUpThroughApi(email, DEMO_PASSWORD, label === 'bell-teacher' ? 'Tina' : 'Bea', 'Bell');
  const { token, userId } = await passwordGrant(email, DEMO_PASSWORD);
  if (role === 'teacher') {
    await must(
      await rest(`users?id=eq.${userId}`, adminToken, {
        method: 'PATCH',
        body: JSON.stringify({ role }),
      }),
      'make teacher',
    );
  }
  return { email, token, userId };
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function signedIn(
  browser: Browser,
  email: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await (
    await browser.newContext({ reducedMotion: 'reduce', ...(viewport ? { viewport } : {}) })
  ).newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  return page;
}

test('a moved class notifies its students: the bell shows it within 2 s, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const admin = (await passwordGrant(DEMO.admin, DEMO_PASSWORD)).token;
  const teacher = await person('bell-teacher', 'teacher', admin);
  const student = await person('bell-student', 'student', admin);
  const created = await must(
    await rest('courses?select=id', admin, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        title: `Bell course ${stamp}`,
        description: 'Notifications',
        language: 'Spanish',
        teacher_id: teacher.userId,
        max_students: 10,
      }),
    }),
    'create course',
  );
  const [course] = (await created.json()) as { id: string }[];
  const enrolled = await must(
    await rest('rpc/enroll_user_in_course', admin, {
      method: 'POST',
      body: JSON.stringify({ user_uuid: student.userId, course_uuid: course?.id }),
    }),
    'enrol',
  );
  expect(await enrolled.json()).toMatchObject({ success: true });
  // Two days ahead at 10:00 local time (the browser shares this machine's time zone).
  const day = new Date();
  day.setDate(day.getDate() + 2);
  day.setHours(10, 0, 0, 0);
  const title = `Bell class ${stamp}`;
  await must(
    await rest('classes', teacher.token, {
      method: 'POST',
      body: JSON.stringify({
        course_id: course?.id,
        title,
        description: 'Moves later',
        scheduled_date: day.toISOString(),
        duration: 60,
        type: 'recorded',
      }),
    }),
    'create class',
  );

  // The student, on a phone (375 px: the bell is in the header): enrolled by an administrator and told
  // of the new class, both unread.
  const studentPage = await signedIn(browser, student.email, { width: 375, height: 812 });
  const bell = studentPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  const list = studentPage.getByRole('dialog');
  await expect(
    list.getByRole('link', { name: new RegExp(`New class in Bell course ${stamp}: “${title}”`) }),
  ).toBeVisible();
  await expect(
    list.getByRole('link', { name: new RegExp(`You are enrolled in Bell course ${stamp}`) }),
  ).toBeVisible();
  // The open list and the header with the bell and its badge: no axe violation, nothing wider than
  // the phone.
  const { violations } = await new AxeBuilder({ page: studentPage })
    .include('[role="dialog"]')
    .include('header')
    .withTags(WCAG_TAGS)
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(
    await studentPage.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(375);

  // The teacher drags the class to 13:00 in the planner.
  const teacherPage = await signedIn(browser, teacher.email);
  await new Portal(teacherPage).open('Calendar');
  await teacherPage.getByText('Planner', { exact: true }).click();
  await expect(teacherPage).toHaveURL(/view=planner/);
  const weekStart = new Date();
  weekStart.setDate(weekStart.getDate() - weekStart.getDay());
  if ((day.getTime() - weekStart.getTime()) / 86_400_000 >= 7) {
    await teacherPage.getByRole('button', { name: 'Next' }).click();
  }
  const event = teacherPage.getByRole('button', { name: new RegExp(title) });
  await expect(event).toBeVisible();
  const target = teacherPage.getByRole('button', {
    name: new RegExp(`^Time slot ${dayKey(day)} 13:00`),
  });
  const edge = { x: 8, y: 2 };
  await event.dragTo(target, { sourcePosition: edge, targetPosition: edge });
  // Saved: the planner says so once the database has the new start.
  await expect(teacherPage.getByRole('status').filter({ hasText: title })).toContainText('13:00');
  const saved = Date.now();

  // The student's open list and bell, without a reload, within 2 s of the save.
  await expect(list.getByRole('link', { name: new RegExp(`Class moved: “${title}”`) })).toBeVisible(
    { timeout: 2_000 },
  );
  await expect(bell).toHaveAccessibleName('Notifications, 3 unread', { timeout: 2_000 });
  console.log(
    `notifications: a moved class reached the student's bell ${Date.now() - saved} ms after the save`,
  );

  // Opening it goes to the calendar and marks it read; Mark all as read clears the rest.
  await list.getByRole('link', { name: new RegExp(`Class moved: “${title}”`) }).click();
  await expect(studentPage).toHaveURL(/\/calendar/);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  await studentPage.getByRole('dialog').getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');

  await teacherPage.context().close();
  await studentPage.context().close();
});
