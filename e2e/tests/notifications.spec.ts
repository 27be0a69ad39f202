import { expect, test } from '@playwright/test';
import { axeViolations, expectFitsWidth } from '../support/accessibility';
import { courseOfTheirOwn, must, rest } from '../support/backend';
import { Portal, signedIn } from '../support/pages';

// Issue 30, "a moved class notifies its students": a teacher drags a class of their course to another
// time in the planner, and the bell of a student enrolled in the course shows it within 2 s, without a
// reload (notifications written by the database, live through supabase-js Realtime). A teacher, a
// course and a student of their own, so the demo accounts' bells stay as the other tests expect them.

const two = (n: number) => String(n).padStart(2, '0');
const dayKey = (date: Date) =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;

test('a moved class notifies its students: the bell shows it within 2 s, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const {
    teacher,
    students: [student],
    courseId,
  } = await courseOfTheirOwn({
    lastName: 'Bell',
    teacher: 'Tina',
    students: ['Bea'],
    title: `Bell course ${stamp}`,
    description: 'Notifications',
  });
  // Two days ahead at 10:00 local time (the browser shares this machine's time zone).
  const day = new Date();
  day.setDate(day.getDate() + 2);
  day.setHours(10, 0, 0, 0);
  const title = `Bell class ${stamp}`;
  await must(
    await rest('classes', teacher.token, {
      method: 'POST',
      body: JSON.stringify({
        course_id: courseId,
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
  expect(await axeViolations(studentPage, '[role="dialog"]', 'header')).toEqual([]);
  await expectFitsWidth(studentPage, 375);

  // The teacher drags the class to 13:00 in the planner.
  const teacherPage = await signedIn(browser, teacher.email);
  await new Portal(teacherPage).open('Calendar');
  await teacherPage.getByText('Planner', { exact: true }).click();
  await expect(teacherPage).toHaveURL(/view=planner/);
  const weekStart = new Date();
  weekStart.setDate(weekStart.getDate() - weekStart.getDay());
  if ((day.getTime() - weekStart.getTime()) / 86_400_000 >= 7) {
    await teacherPage.getByRole('button', { name: 'Next', exact: true }).click();
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
