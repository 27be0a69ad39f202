import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, CourseManagement } from '../support/pages';

// Course Management (admin): create a course for the demo teacher Daniel Ortega (first submitting
// the empty form and reading the spec's messages), add the demo student Emma Collins with the user
// picker, turn the card over and find her, remove her (her seat is free again), and delete the
// course. The course is new and deleted at the end, so other journeys see the seed unchanged.
const TEACHER = 'Daniel Ortega';
const STUDENT = 'Emma Collins';

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
  await screen.fillCourse(form, { title, teacher: TEACHER, maxStudents: 2 });
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
  await screen.addStudent(title, 'Collins', STUDENT);
  await expect(card).toContainText('1/2 students');

  // The back of the card: her name, with Remove; no Edit on this face.
  await card.getByRole('button', { name: 'View students' }).click();
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Back to course' }).click();
  await screen.removeStudent(title, STUDENT);
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
