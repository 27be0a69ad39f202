import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';

// Course Management (admin): create a course for the demo teacher Daniel Ortega (first submitting
// the empty form and reading the spec's messages), add the demo student Emma Collins with the user
// picker, turn the card over and find her, remove her (her seat is free again), and delete the
// course. The course is new and deleted at the end, so other journeys see the seed unchanged.
const TEACHER = 'Daniel Ortega';
const STUDENT = 'Emma Collins';

/** The screen, found the way a person finds it: by roles and labels. */
class CourseManagement {
  constructor(private readonly page: Page) {}

  async open() {
    await new Portal(this.page).open('Course Management');
    await expect(this.page.getByRole('group', { name: 'Total Courses' })).toBeVisible();
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search courses' }).fill(text);
  }

  course(title: string) {
    return this.page.getByRole('article', { name: title });
  }

  toast(text: string) {
    return this.page.getByText(text).first();
  }
}

test('an admin creates a course, adds and removes a student, and deletes the course', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Spanish Conversation Lab ${Date.now()}`;

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  const screen = new CourseManagement(page);
  await screen.open();

  // The empty form names what is missing, in the spec's words.
  await page.getByRole('button', { name: 'Create Course' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create Course' });
  await form.getByRole('button', { name: 'Create Course' }).click();
  for (const message of [
    'Title is required',
    'Description is required',
    'Language is required',
    'Teacher name is required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }

  // A course of two places for the demo teacher, chosen among the real teachers.
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form
    .getByRole('textbox', { name: 'Description' })
    .fill('Small-group speaking practice with real-life situations.');
  await form.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Spanish' }).click();
  await form.getByRole('combobox', { name: 'Teacher' }).click();
  await page.getByRole('option', { name: TEACHER }).click();
  await form.getByRole('textbox', { name: 'Max students' }).fill('2');
  await expect(form.getByText('Title is required')).toBeHidden();
  await expect(form.getByRole('checkbox', { name: 'Active' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Create Course' }).click();
  await expect(screen.toast('Course created')).toBeVisible();
  await expect(form).toBeHidden();

  await screen.search(title);
  const card = screen.course(title);
  await expect(card).toContainText(TEACHER);
  await expect(card).toContainText('0/2 students');

  // The user picker: the demo student, found by her last name, added; it hides by itself.
  await card.getByRole('button', { name: 'Add student' }).click();
  const picker = page.getByRole('dialog', { name: 'Select user' });
  await picker.getByRole('searchbox', { name: 'Search students' }).fill('Collins');
  await picker.getByRole('button', { name: `Add ${STUDENT} to ${title}` }).click();
  await expect(screen.toast('Student added successfully.')).toBeVisible();
  await expect(picker).toBeHidden();
  await expect(card).toContainText('1/2 students');

  // The back of the card: her name, with Remove.
  await card.getByRole('button', { name: 'View students' }).click();
  const students = card.getByRole('list', { name: 'Enrolled students' });
  await expect(students).toContainText(STUDENT);
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await card.getByRole('button', { name: `Remove ${STUDENT} from ${title}` }).click();
  await expect(screen.toast('Student removed successfully.')).toBeVisible();
  await expect(card.getByText('No students enrolled yet.')).toBeVisible();
  // Her seat is free again.
  await expect(card).toContainText('0/2 students');
  await card.getByRole('button', { name: 'Back to course' }).click();
  await expect(card.getByRole('button', { name: 'View students' })).toBeFocused();

  // Deleting asks first, in the spec's words.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${title}` });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this course? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(screen.toast('Course deleted')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card).toBeHidden();
  await expect(page.getByText('No courses found')).toBeVisible();
});

test('a teacher cannot open Course Management', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Course Management' })).toHaveCount(0);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});
