import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, passwordGrant, rest, uniqueEmail } from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';

// Teacher Management (admin): add a teacher with specializations and read the one-time password,
// edit them, find them by a specialization, give them a course, then delete them moving the course
// to the demo teacher Daniel Ortega, whose card now lists it. The course is deleted at the end, so
// other journeys see the seed unchanged.
const DANIEL = 'Daniel Ortega';

/** The screen, found the way a person finds it: by roles and labels. */
class TeacherManagement {
  constructor(private readonly page: Page) {}

  async open() {
    await new Portal(this.page).open('Teacher Management');
    await expect(this.page.getByRole('group', { name: 'Total Teachers' })).toBeVisible();
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search teachers' }).fill(text);
  }

  async filterBySpecialization(label: string) {
    await this.page.getByRole('combobox', { name: 'Specialization' }).click();
    await this.page.getByRole('option', { name: label }).click();
  }

  teacher(name: string) {
    return this.page.getByRole('article', { name });
  }

  toast(text: string) {
    return this.page.getByText(text).first();
  }
}

/** A course for the teacher, made through the API as the demo admin (set-up, not under test). */
async function courseFor(
  teacherEmail: string,
  title: string,
): Promise<{ id: string; token: string }> {
  const { token } = await passwordGrant(DEMO.admin, DEMO_PASSWORD);
  const found = await rest(`users?select=id&email=eq.${encodeURIComponent(teacherEmail)}`, token);
  const [teacher] = (await found.json()) as Array<{ id: string }>;
  if (!teacher) throw new Error(`no profile for ${teacherEmail}`);
  const created = await rest('courses', token, {
    method: 'POST',
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({
      title,
      description: 'Drama games for confident speaking.',
      language: 'Spanish',
      teacher_id: teacher.id,
    }),
  });
  if (!created.ok) throw new Error(`create course: ${created.status} ${await created.text()}`);
  const [course] = (await created.json()) as Array<{ id: string }>;
  return { id: course!.id, token };
}

test('an admin adds, edits, filters and deletes a teacher, moving their course to Daniel Ortega', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const email = uniqueEmail('teacher-management');
  const specialization = `Stage Spanish ${stamp}`;
  const name = `Nuria Vidal ${stamp}`;
  const courseTitle = `Drama in Spanish ${stamp}`;

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  const screen = new TeacherManagement(page);
  await screen.open();

  // Add: the empty form names what is missing; then a teacher with two specializations.
  await page.getByRole('button', { name: 'Add Teacher' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Teacher' });
  await form.getByRole('button', { name: 'Add Teacher' }).click();
  for (const message of ['First name is required', 'Last name is required', 'Email is required']) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await form.getByRole('textbox', { name: /^First name/ }).fill('Nuria');
  await form.getByRole('textbox', { name: /^Last name/ }).fill(`Vidal ${stamp}`);
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  const tags = form.getByRole('combobox', { name: /^Specializations/ });
  await tags.fill(specialization);
  await tags.press('Enter');
  await tags.fill('Conversation');
  await tags.press('Enter');
  await form.getByRole('textbox', { name: /^Location/ }).fill('Bilbao');
  await form.getByRole('button', { name: 'Add Teacher' }).click();

  const created = page.getByRole('dialog', { name: 'Teacher added' });
  await expect(created).toBeVisible();
  await expect(created).toContainText(email);
  const password = (await created.locator('code').innerText()).trim();
  expect(password).toHaveLength(16);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  await expect(screen.toast('Teacher added.')).toBeVisible();

  // Their course (set up through the API) shows on their card.
  const course = await courseFor(email, courseTitle);
  await screen.search(email);
  const card = screen.teacher(name);
  await expect(card).toBeVisible();
  await expect(card.getByRole('list', { name: 'Specializations' })).toContainText(specialization);
  await expect(card).toContainText('Bilbao');

  // Edit: the email is locked; one more specialization and a new location.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Teacher' });
  await expect(edit.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('readonly', '');
  // The dialog puts the focus on its first field once it has opened; typed before that, the text
  // landed in First name ("NuriaStorytelling") and Enter saved the form.
  await expect(edit.getByRole('textbox', { name: /^First name/ })).toBeFocused();
  const editTags = edit.getByRole('combobox', { name: /^Specializations/ });
  await editTags.fill('Storytelling');
  await editTags.press('Enter');
  await edit.getByRole('textbox', { name: /^Location/ }).fill('San Sebastián');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(screen.toast('Teacher updated.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card.getByRole('list', { name: 'Specializations' })).toContainText('Storytelling');
  await expect(card).toContainText('San Sebastián');

  // Filter by the new specialization: only this teacher.
  await screen.search('');
  await screen.filterBySpecialization(specialization);
  await expect(page.getByRole('heading', { name: '1 teacher' })).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card.getByRole('list', { name: 'Their courses' })).toContainText(courseTitle);

  // Delete, moving the course to Daniel Ortega.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  const question = confirm.getByRole('radiogroup', { name: 'What happens to their course?' });
  await expect(
    question.getByRole('radio', { name: 'Reassign it to another teacher' }),
  ).toBeChecked();
  await confirm.getByRole('combobox', { name: /^New teacher/ }).click();
  await page.getByRole('option', { name: DANIEL }).click();
  await confirm.getByRole('button', { name: 'Delete teacher' }).click();
  await expect(
    screen.toast(`Teacher deleted. Their course now belongs to ${DANIEL}.`),
  ).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card).toBeHidden();

  // Daniel Ortega's card now lists the course (his newest).
  await page.getByRole('button', { name: 'Clear Filters' }).first().click();
  await screen.search('Ortega');
  const daniel = screen.teacher(DANIEL);
  await expect(daniel.getByRole('list', { name: 'Their courses' })).toContainText(courseTitle);

  await rest(`courses?id=eq.${course.id}`, course.token, { method: 'DELETE' });
});

test('a teacher cannot open Teacher Management', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Teacher Management' })).toHaveCount(0);
  await page.goto('/teachers');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});
