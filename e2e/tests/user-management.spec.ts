import { expect, test, type Browser } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  rest,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { AuthScreen, CourseManagement, MyCourses } from '../support/pages';

// Issue 9, the admin's journey: in the Spanish UI the admin submits the empty user form and reads the
// spec's Spanish messages, creates a teacher and reads the one-time temporary password; the teacher
// signs in with it. The admin (an English session) creates a course for the new teacher and adds a
// new student with the user picker; the student and the teacher both see the course. The admin removes
// the student: the seat is free and the course leaves the student's list. Last, the admin deactivates
// the teacher and the same password no longer signs in.

/** Letters only (names accept no digits), different on every run. */
const runTag = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');

/**
 * A new browser session signed in as `email`, on its dashboard; `chosen` is the password its owner
 * chooses when `password` is a one-time password an administrator made.
 */
async function signedIn(browser: Browser, email: string, password: string, chosen?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, password);
  if (chosen) await auth.choosePassword(chosen);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  return { context, page };
}

test('an admin creates a teacher, a course for them and a student seat, frees it, then deactivates the teacher', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('new-teacher');
  const lastName = `Núñez ${runTag[0]?.toUpperCase()}${runTag.slice(1)}`;
  const teacherName = `Valeria ${lastName}`;

  const adminContext = await browser.newContext();
  await adminContext.addInitScript(() => window.localStorage.setItem('portal.language', 'es'));
  const admin = await adminContext.newPage();
  await admin.goto('/auth');
  await admin.locator('input[type="email"]').fill(DEMO.admin);
  await admin.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await admin.locator('button[type="submit"]').click();
  await admin.getByRole('navigation').getByRole('link', { name: 'Gestión de usuarios' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Gestión de usuarios' })).toBeVisible();

  await admin.getByRole('button', { name: 'Crear usuario' }).first().click();
  const form = admin.getByRole('dialog', { name: 'Crear usuario' });
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  for (const message of [
    'Todos los campos son obligatorios',
    'Nombre requerido',
    'Apellido requerido',
    'Email requerido',
    'Rol requerido',
  ]) {
    await expect(form.getByText(message).first()).toBeVisible();
  }
  await form.getByRole('textbox', { name: /^Nombre/ }).fill('Valeria');
  await form.getByRole('textbox', { name: /^Apellido/ }).fill(lastName);
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  await form.getByRole('combobox', { name: 'Rol' }).click();
  await admin.getByRole('option', { name: 'Docente' }).click();
  await form.getByRole('button', { name: 'Crear usuario' }).click();

  const created = admin.getByRole('dialog', { name: 'Usuario creado' });
  await expect(created).toBeVisible();
  await expect(admin.getByText('Usuario creado correctamente.')).toBeVisible();
  const password = (await created.locator('code').innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await created.getByRole('button', { name: 'Listo' }).click();

  // The new teacher signs in with the temporary password and chooses their own (issue 29 item 10).
  const ownPassword = `own-${runTag}-pass`;
  const teacher = await signedIn(browser, email, password, ownPassword);
  await expect(teacher.page.getByText('Teacher Portal')).toBeVisible();

  // A course for the new teacher, chosen among the real teachers, with a new student added.
  const title = `Conversación de negocios ${runTag}`;
  const studentEmail = uniqueEmail('seat-student');
  const studentName = 'Tomás Rivera';
  await signUpThroughApi(studentEmail, DEMO_PASSWORD, 'Tomás', 'Rivera');
  const office = await signedIn(browser, DEMO.admin, DEMO_PASSWORD);
  const courses = new CourseManagement(office.page);
  await courses.open();
  await office.page.getByRole('button', { name: 'Create Course' }).first().click();
  const courseForm = office.page.getByRole('dialog', { name: 'Create Course' });
  await courses.fillCourse(courseForm, { title, teacher: teacherName, maxStudents: 2 });
  await courseForm.getByRole('button', { name: 'Create Course' }).click();
  await expect(courses.toast('Course created')).toBeVisible();
  await courses.search(title);
  const card = courses.course(title);
  await expect(card).toContainText(teacherName);
  await expect(card).toContainText('0/2 students');
  // Found by email: the picker searches first name, last name and email.
  await courses.addStudent(title, studentEmail, studentName);
  await expect(card).toContainText('1/2 students');

  // The student sees the course in My Courses; the teacher sees it among the courses they teach.
  const student = await signedIn(browser, studentEmail, DEMO_PASSWORD);
  await student.page.goto('/my-courses');
  const myCourses = new MyCourses(student.page);
  await expect(myCourses.course(title)).toBeVisible();
  await teacher.page.goto('/my-courses');
  await expect(teacher.page.getByText(title).first()).toBeVisible();

  // Removed: the seat is free again and the course leaves the student's list.
  await courses.removeStudent(title, studentName);
  await expect(card).toContainText('0/2 students');
  await student.page.reload();
  await expect(student.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(myCourses.course(title)).toHaveCount(0);
  await Promise.all([teacher.context.close(), student.context.close(), office.context.close()]);

  // Deactivated: the same password no longer opens a session.
  await admin.getByRole('searchbox').fill(email);
  // The search (debounced) narrows the table to this account.
  const more = admin.getByRole('button', { name: `Más acciones para ${teacherName}` });
  await expect(more).toHaveCount(1);
  await more.click();
  await admin.getByRole('menuitem', { name: 'Desactivar' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
  await expect(admin.getByRole('dialog')).toHaveCount(0);

  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  const retry = new AuthScreen(again);
  await retry.open();
  await retry.signIn(email, ownPassword);
  await expect(again.getByRole('alert')).toBeVisible();
  await expect(again).toHaveURL(/\/auth/);
  await againContext.close();
  await adminContext.close();

  // The course was this journey's own: gone, so the other journeys see the seed.
  const { token } = await passwordGrant(DEMO.admin, DEMO_PASSWORD);
  const removed = await rest(`courses?title=eq.${encodeURIComponent(title)}`, token, {
    method: 'DELETE',
  });
  expect(removed.ok).toBe(true);
});
