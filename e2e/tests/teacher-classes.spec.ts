import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';

// Issue 8, Class Management: a teacher schedules a live class of their course (first submitting the
// empty form and reading the spec's messages); a student of the course finds it in the calendar; an
// admin sees every teacher's classes and deletes it. The demo teacher teaches Spanish for Beginners,
// which the demo student takes; Conversational Spanish belongs to another teacher.
const COURSE = 'Spanish for Beginners';
const OTHER_TEACHERS_COURSE = 'Conversational Spanish';

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await browser.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  return page;
}

/** Tomorrow in the browser's time zone, as the form's DD/MM/YYYY and as a Date. */
function tomorrow(): { typed: string; date: Date } {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    typed: `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`,
    date,
  };
}

test('a teacher schedules a live class, a student of the course sees it, an admin sees every teacher’s classes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Live practice ${Date.now()}`;
  const day = tomorrow();

  // The teacher: the empty form shows every message, then a valid live class is scheduled.
  const teacher = await signedIn(browser, DEMO.teacher);
  await new Portal(teacher).open('Class Management');
  await expect(teacher.getByRole('group', { name: 'Total Classes' })).toBeVisible();
  await teacher.getByRole('button', { name: 'Schedule Class' }).first().click();
  const form = teacher.getByRole('dialog', { name: 'Schedule Class' });
  await form.getByRole('button', { name: 'Schedule Class' }).click();
  for (const message of [
    'Course is required',
    'Title is required',
    'Description is required',
    'Date is required',
    'Time is required',
    'Meeting link is required for live classes',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  // Only the teacher's own courses are offered.
  await form.getByRole('combobox', { name: 'Course' }).click();
  await expect(teacher.getByRole('option', { name: OTHER_TEACHERS_COURSE })).toHaveCount(0);
  await teacher.getByRole('option', { name: COURSE }).click();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form
    .getByRole('textbox', { name: 'Description' })
    .fill('Speaking practice in small groups.');
  await form.getByRole('textbox', { name: 'Date' }).fill(day.typed);
  // A 24-hour field in any browser language: an hours box and a minutes box.
  await form.getByRole('spinbutton', { name: 'Time: hours' }).fill('18');
  await form.getByRole('spinbutton', { name: 'Time: minutes' }).fill('30');
  await form
    .getByRole('textbox', { name: 'Meeting link' })
    .fill('https://meet.example.com/live-practice');
  await expect(form.getByText('Course is required')).toBeHidden();
  await form.getByRole('button', { name: 'Schedule Class' }).click();
  await expect(teacher.getByText('Class scheduled').first()).toBeVisible();
  await expect(form).toBeHidden();
  await teacher.getByRole('searchbox', { name: 'Search classes' }).fill(title);
  const card = teacher.getByRole('article', { name: title });
  await expect(card).toContainText(COURSE);
  await expect(card).toContainText('18:30');
  await expect(card).toContainText('60 min');
  await expect(card.getByRole('link', { name: 'Join Class' })).toHaveAttribute(
    'href',
    'https://meet.example.com/live-practice',
  );
  await teacher.close();

  // The student of the course: the class is in the calendar on that day.
  const student = await signedIn(browser, DEMO.student);
  await new Portal(student).open('Calendar');
  if (day.date.getMonth() !== new Date().getMonth()) {
    await student.getByRole('button', { name: 'Next month' }).click();
  }
  const dayLabel = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(day.date);
  await student.getByRole('button', { name: new RegExp(`^${dayLabel}, \\d+ class`) }).click();
  await expect(student.getByRole('region', { name: /^Classes on / })).toContainText(title);
  await student.close();

  // The admin: every teacher's classes, including another teacher's course; deletes the new one.
  const admin = await signedIn(browser, DEMO.admin);
  await new Portal(admin).open('Class Management');
  await admin.getByRole('combobox', { name: 'Course' }).click();
  await admin.getByRole('option', { name: OTHER_TEACHERS_COURSE }).click();
  await expect(admin.getByRole('article').first()).toContainText(OTHER_TEACHERS_COURSE);
  await admin.getByRole('combobox', { name: 'Course' }).click();
  await admin.getByRole('option', { name: 'All courses' }).click();
  await admin.getByRole('searchbox', { name: 'Search classes' }).fill(title);
  const adminCard = admin.getByRole('article', { name: title });
  await adminCard.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this class?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Class deleted').first()).toBeVisible();
  await expect(adminCard).toBeHidden();
  await admin.close();
});

test('a student cannot open Class Management', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Class Management' }),
  ).toHaveCount(0);
  await page.goto('/classes');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});
