import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  API_URL,
  ANON_KEY,
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  rest,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { AuthScreen, CourseDetail, MyCourses, Portal, StudentActivities } from '../support/pages';

// Issue 8, as a teacher would: set work with a due date → a student of the course hands it in with a
// file → the teacher grades it in the grading dialog → the student sees grade and feedback; take
// attendance and see the rate; upload a material file → an enrolled student views it and a student
// of another course cannot; another teacher sees none of it; an admin sees every teacher's items.
// The demo teacher teaches Spanish for Beginners, which the demo student (Emma Collins) takes.
const COURSE = 'Spanish for Beginners';
const STUDENT_NAME = 'Emma Collins';
const OTHER_TEACHER = 'lucia.martin@school.test';

async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await browser.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  return page;
}

/** Tomorrow as every date field takes it, in both languages (DD/MM/YYYY). */
function tomorrowTyped(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`;
}

async function courseId(token: string): Promise<string> {
  const response = await rest(`courses?select=id&title=eq.${encodeURIComponent(COURSE)}`, token);
  const [course] = (await response.json()) as { id: string }[];
  if (!course) throw new Error(`no course ${COURSE}`);
  return course.id;
}

test('a teacher sets work, grades what a student handed in, and the student sees the grade', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Describe your city ${Date.now()}`;

  // The teacher creates an activity for the course, due tomorrow at 23:00, worth 20 points.
  const teacher = await signedIn(browser, DEMO.teacher);
  const portal = new Portal(teacher);
  await portal.open('Activities');
  await teacher.getByRole('button', { name: 'Create Activity' }).first().click();
  const form = teacher.getByRole('dialog', { name: 'Create Activity' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Description' }).fill('Five sentences about where you live.');
  await form.getByRole('combobox', { name: 'Course' }).click();
  await teacher.getByRole('option', { name: COURSE }).click();
  await form.getByRole('textbox', { name: 'Due date (optional)' }).fill(tomorrowTyped());
  // A date brings 23:59, shown in 24-hour form in an English browser too (not "11:59 PM").
  const dueHours = form.getByRole('spinbutton', { name: 'Due time: hours' });
  await expect(dueHours).toHaveValue('23');
  await expect(form.getByRole('spinbutton', { name: 'Due time: minutes' })).toHaveValue('59');
  await dueHours.fill('23');
  await form.getByRole('spinbutton', { name: 'Due time: minutes' }).fill('00');
  await form.getByRole('textbox', { name: 'Max points' }).fill('20');
  await form.getByRole('button', { name: 'Create Activity' }).click();
  await expect(portal.message('Activity created')).toBeVisible();
  await expect(form).toBeHidden();
  await teacher.getByRole('searchbox', { name: 'Search activities' }).fill(title);
  const card = teacher.getByRole('article', { name: title });
  await expect(card).toContainText('20 points');
  await expect(card).toContainText('0 submissions received');

  // The student hands it in with a file.
  const student = await signedIn(browser, DEMO.student);
  await new Portal(student).open('Activities');
  const activities = new StudentActivities(student);
  await activities.search(title);
  await activities.submit(title, 'Vivo en una ciudad pequeña cerca del mar.', [
    { name: 'mi-ciudad.txt', mimeType: 'text/plain', buffer: Buffer.from('Mi ciudad tiene un puerto.') },
  ]);

  // The teacher grades it in the grading dialog.
  await teacher.reload();
  await teacher.getByRole('searchbox', { name: 'Search activities' }).fill(title);
  await expect(card).toContainText('1 submission received');
  await card.getByRole('button', { name: 'View submissions' }).click();
  const grading = teacher.getByRole('dialog', { name: `Submissions: ${title}` });
  await expect(grading).toContainText(STUDENT_NAME);
  await expect(grading).toContainText('Vivo en una ciudad pequeña cerca del mar.');
  // The file opens in the viewer (stored under a generated name: docs/product-rules.md "Files").
  const file = grading.getByRole('button', { name: /\.txt$/ });
  const fileName = (await file.textContent())?.trim() ?? '';
  await file.click();
  const viewer = teacher.getByRole('dialog', { name: fileName });
  await expect(viewer).toContainText('Mi ciudad tiene un puerto.');
  await viewer.getByRole('button', { name: 'Close' }).last().click();
  await expect(viewer).toBeHidden();
  // Above the activity's points is refused before sending.
  await grading.getByRole('textbox', { name: 'Grade' }).fill('25');
  await grading.getByRole('button', { name: 'Save grade' }).click();
  await expect(grading.getByText(/20/).first()).toBeVisible();
  await grading.getByRole('textbox', { name: 'Grade' }).fill('18');
  await grading.getByRole('textbox', { name: 'Feedback (optional)' }).fill('¡Muy bien! Cuidado con los acentos.');
  await grading.getByRole('button', { name: 'Save grade' }).click();
  await expect(portal.message('Grade saved')).toBeVisible();

  // The student sees the grade and the feedback.
  await student.reload();
  await activities.search(title);
  await expect(activities.activity(title)).toContainText('Graded 18/20');
  const details = await activities.view(title);
  await expect(details).toContainText('18 / 20');
  await expect(details).toContainText('¡Muy bien! Cuidado con los acentos.');
  await student.close();

  // Another teacher sees none of it; an admin sees it on the Activities screen.
  const { token: otherToken } = await passwordGrant(OTHER_TEACHER, DEMO_PASSWORD);
  const seen = await rest(`activity_list?select=id&title=eq.${encodeURIComponent(title)}`, otherToken);
  expect(await seen.json()).toEqual([]);
  const admin = await signedIn(browser, DEMO.admin);
  await new Portal(admin).open('Activities');
  await admin.getByRole('searchbox', { name: 'Search activities' }).fill(title);
  await expect(admin.getByRole('article', { name: title })).toContainText('1 graded');
  await admin.close();
  await teacher.close();
});

test('a teacher takes attendance of a class that has started and sees the rate', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Attendance check ${Date.now()}`;
  const { token } = await passwordGrant(DEMO.teacher, DEMO_PASSWORD);
  // Started 30 minutes ago; listed under today's classes (or Past right after midnight).
  const startedAt = new Date(Date.now() - 30 * 60_000);
  const created = await rest('classes', token, {
    method: 'POST',
    body: JSON.stringify({
      course_id: await courseId(token),
      title,
      description: 'Roll call',
      scheduled_date: startedAt.toISOString(),
      duration: 60,
      type: 'recorded',
    }),
  });
  expect(created.ok).toBe(true);

  const teacher = await signedIn(browser, DEMO.teacher);
  await new Portal(teacher).open('Class Management');
  if (startedAt.getDate() !== new Date().getDate()) {
    await teacher.locator('label').filter({ hasText: /^Past$/ }).click();
  }
  await teacher.getByRole('searchbox', { name: 'Search classes' }).fill(title);
  const card = teacher.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Attendance' }).click();
  const dialog = teacher.getByRole('dialog', { name: `Attendance: ${title}` });
  const present = dialog.getByRole('switch', { name: `Present: ${STUDENT_NAME}` });
  await expect(present).toBeVisible();
  // The switch's input is visually hidden under its track: the click goes to the input itself.
  await present.dispatchEvent('click');
  await expect(present).toBeChecked();
  await dialog.getByRole('button', { name: 'Save attendance' }).click();
  await expect(teacher.getByText('Attendance saved').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(/Attendance rate: 1 of \d+ present/);
  await teacher.close();
});

test('a teacher uploads a file: an enrolled student views it, a student of another course cannot', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Verb table ${Date.now()}`;

  const teacher = await signedIn(browser, DEMO.teacher);
  const portal = new Portal(teacher);
  await portal.open('Materials', 'Materials Library');
  await teacher.getByRole('button', { name: 'Add Material' }).first().click();
  const dialog = teacher.getByRole('dialog', { name: 'Add Material' });
  await expect(dialog).toContainText('up to 50 MB');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'verbos.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<h1>ser, estar</h1>'),
  });
  // Not an accepted type: the dialog says so and nothing is uploaded.
  await expect(dialog.getByText('This file type is not accepted.', { exact: false })).toBeVisible();
  // A Markdown note is (as the browser often does, with no type of its own).
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'verbos.md',
    mimeType: '',
    buffer: Buffer.from('# Verbos irregulares\n\n- **ser**: soy, eres, es\n- <b>estar</b>\n'),
  });
  await dialog.getByRole('textbox', { name: 'Title (optional)' }).fill(title);
  await dialog.getByLabel('Course (optional)').selectOption({ label: COURSE });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(portal.message('Material uploaded')).toBeVisible();
  await expect(dialog).toBeHidden();
  await teacher.getByRole('searchbox').first().fill(title);
  await expect(teacher.getByRole('article', { name: title })).toBeVisible();
  await teacher.close();

  // The enrolled student opens it from the course page.
  const student = await signedIn(browser, DEMO.student);
  await new Portal(student).open('My Courses');
  await new MyCourses(student).open(COURSE);
  const viewer = await new CourseDetail(student).viewMaterial(title);
  await expect(viewer.getByRole('button', { name: 'Download' })).toBeVisible();
  // Drawn as Markdown; the HTML in the note is left out.
  const note = viewer.getByRole('region', { name: `Preview of ${title}` });
  await expect(note.getByRole('heading', { name: 'Verbos irregulares' })).toBeVisible();
  await expect(note.getByRole('listitem').first()).toHaveText('ser: soy, eres, es');
  await expect(note.locator('b')).toHaveCount(0);
  await student.close();

  // A student of no course of the teacher's: not listed, and the file cannot be signed.
  const outsider = uniqueEmail('outsider');
  await signUpThroughApi(outsider, DEMO_PASSWORD, 'Otto', 'Outsider');
  const { token: outsiderToken } = await passwordGrant(outsider, DEMO_PASSWORD);
  const { token: teacherToken } = await passwordGrant(DEMO.teacher, DEMO_PASSWORD);
  const rows = (await (
    await rest(`material_list?select=storage_path&title=eq.${encodeURIComponent(title)}`, teacherToken)
  ).json()) as { storage_path: string }[];
  expect(rows).toHaveLength(1);
  const listed = await rest(`material_list?select=id&title=eq.${encodeURIComponent(title)}`, outsiderToken);
  expect(await listed.json()).toEqual([]);
  const signed = await fetch(`${API_URL}/storage/v1/object/sign/materials/${rows[0]!.storage_path}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${outsiderToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ expiresIn: 60 }),
  });
  expect(signed.ok).toBe(false);

  // Another teacher does not see it; the admin does, on the Materials Library.
  const { token: otherToken } = await passwordGrant(OTHER_TEACHER, DEMO_PASSWORD);
  const other = await rest(`material_list?select=id&title=eq.${encodeURIComponent(title)}`, otherToken);
  expect(await other.json()).toEqual([]);
  const admin = await signedIn(browser, DEMO.admin);
  await new Portal(admin).open('Materials', 'Materials Library');
  await admin.getByRole('searchbox').first().fill(title);
  await expect(admin.getByRole('article', { name: title })).toBeVisible();
  await admin.close();
});
