import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, passwordGrant, rest } from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';

// Issue 8, the calendar planner: a teacher drags an upcoming class of their course to another time in
// the week view and the database stores the new start; a class that already has attendance is refused
// by the database and goes back where it was, with the reason on screen.
const COURSE = 'Spanish for Beginners';

const two = (n: number) => String(n).padStart(2, '0');
const dayKey = (date: Date) =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;

/** A day two days ahead at 10:00 local time (the browser shares this machine's time zone). */
function comingDay(): Date {
  const date = new Date();
  date.setDate(date.getDate() + 2);
  date.setHours(10, 0, 0, 0);
  return date;
}

async function courseId(token: string): Promise<string> {
  const response = await rest(`courses?select=id&title=eq.${encodeURIComponent(COURSE)}`, token);
  const [course] = (await response.json()) as { id: string }[];
  if (!course) throw new Error(`${COURSE} is missing from the demo data`);
  return course.id;
}

async function createClass(token: string, course: string, title: string, start: Date) {
  const response = await rest('classes?select=id', token, {
    method: 'POST',
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({
      course_id: course,
      title,
      description: 'Planner practice',
      scheduled_date: start.toISOString(),
      duration: 60,
      type: 'recorded',
    }),
  });
  expect(response.status).toBe(201);
  const [row] = (await response.json()) as { id: string }[];
  return row?.id as string;
}

async function startOf(token: string, id: string): Promise<number> {
  const response = await rest(`classes?select=scheduled_date&id=eq.${id}`, token);
  const [row] = (await response.json()) as { scheduled_date: string }[];
  return Date.parse(row?.scheduled_date ?? '');
}

test('a teacher drags a class to another time in the planner; a class with attendance stays put', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await passwordGrant(DEMO.teacher, DEMO_PASSWORD);
  const student = await passwordGrant(DEMO.student, DEMO_PASSWORD);
  const course = await courseId(token);
  const day = comingDay();
  const stamp = Date.now();
  const movable = await createClass(token, course, `Planner move ${stamp}`, day);
  const heldStart = new Date(day);
  heldStart.setHours(16, 0, 0, 0);
  const held = await createClass(token, course, `Planner held ${stamp}`, heldStart);
  // The demo student is in the course; a mark makes the class one that has been held.
  const mark = await rest('class_attendance', token, {
    method: 'POST',
    body: JSON.stringify({ class_id: held, user_id: student.userId, attended: true }),
  });
  expect(mark.status).toBe(201);

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  await new Portal(page).open('Calendar');
  await page.getByText('Planner', { exact: true }).click();
  await expect(page).toHaveURL(/view=planner/);
  // The week shown is this week (Sunday first); two days ahead may be in the next one.
  const weekStart = new Date();
  weekStart.setDate(weekStart.getDate() - weekStart.getDay());
  if ((day.getTime() - weekStart.getTime()) / 86_400_000 >= 7) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }

  const event = page.getByRole('button', { name: new RegExp(`Planner move ${stamp}`) });
  await expect(event).toBeVisible();
  const target = page.getByRole('button', {
    name: new RegExp(`^Time slot ${dayKey(day)} 13:00`),
  });
  // Grabbed and dropped at their top edges: the class starts where the slot starts.
  const edge = { x: 8, y: 2 };
  await event.dragTo(target, { sourcePosition: edge, targetPosition: edge });

  await expect(page.getByRole('status').filter({ hasText: `Planner move ${stamp}` })).toContainText(
    '13:00',
  );
  const moved = new Date(day);
  moved.setHours(13, 0, 0, 0);
  await expect.poll(() => startOf(token, movable)).toBe(moved.getTime());

  // The held class: the drag is sent, the database refuses it, the class stays at 16:00.
  const heldEvent = page.getByRole('button', { name: new RegExp(`Planner held ${stamp}`) });
  await heldEvent.dragTo(
    page.getByRole('button', { name: new RegExp(`^Time slot ${dayKey(day)} 18:00`) }),
    { sourcePosition: edge, targetPosition: edge },
  );
  await expect(page.getByRole('alert')).toContainText(
    'This class already has attendance, so it stays where it was held.',
  );
  expect(await startOf(token, held)).toBe(heldStart.getTime());

  // Clean up: the demo data stays as it was.
  await rest(`class_attendance?class_id=eq.${held}`, token, { method: 'DELETE' });
  for (const id of [movable, held]) await rest(`classes?id=eq.${id}`, token, { method: 'DELETE' });
});

test("an admin's Calendar View shows every teacher's classes and filters by teacher", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await passwordGrant(DEMO.admin, DEMO_PASSWORD);
  const day = comingDay();
  const stamp = Date.now();
  const ours = await createClass(token, await courseId(token), `Admin view A ${stamp}`, day);
  const otherCourse = await rest(
    `courses?select=id&title=eq.${encodeURIComponent('Conversational Spanish')}`,
    token,
  );
  const [conversational] = (await otherCourse.json()) as { id: string }[];
  const later = new Date(day);
  later.setHours(12, 0, 0, 0);
  const theirs = await createClass(
    token,
    conversational?.id as string,
    `Admin view B ${stamp}`,
    later,
  );

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  await new Portal(page).open('Calendar View', 'Calendar');
  await page.getByText('Planner', { exact: true }).click();
  const weekStart = new Date();
  weekStart.setDate(weekStart.getDate() - weekStart.getDay());
  if ((day.getTime() - weekStart.getTime()) / 86_400_000 >= 7) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  const first = page.getByRole('button', { name: new RegExp(`Admin view A ${stamp}`) });
  const second = page.getByRole('button', { name: new RegExp(`Admin view B ${stamp}`) });

  // Each teacher's classes, one teacher at a time: a full run's unfiltered week is so crowded that the
  // planner lists most classes of an hour behind "+N more". Daniel Ortega teaches Spanish for
  // Beginners, Lucía Martín Conversational Spanish; the filter stays in the address.
  const teacher = async (name: string) => {
    await page.getByRole('combobox', { name: 'Teacher' }).click();
    await page.getByRole('option', { name }).click();
  };
  await teacher('Daniel Ortega');
  await expect(page).toHaveURL(/teacher=/);
  await expect(first).toBeVisible();
  await expect(second).toHaveCount(0);
  await teacher('Lucía Martín');
  await expect(second).toBeVisible();
  await expect(first).toHaveCount(0);

  for (const id of [ours, theirs]) await rest(`classes?id=eq.${id}`, token, { method: 'DELETE' });
});
