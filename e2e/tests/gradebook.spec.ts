import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { axeViolations, expectFitsWidth } from '../support/accessibility';
import { courseOfTheirOwn, must, rest, type Person } from '../support/backend';
import { Portal, signedIn } from '../support/pages';

// Issue 32, the gradebook screens (docs/assessment.md "Screens"): a teacher of their own with one
// course, two students and three activities: two past their due date (late work allowed), one not
// due yet. Alba hands the quiz in late and it is graded, misses the homework and hands the essay in
// (waiting for a grade); Bruno misses the quiz and hands the homework in late, graded full marks.
// The teacher reads the marks, sets weights and sees the totals change, exports the CSV; a student
// reads only their own row on their course page.

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function activity(
  admin: string,
  courseId: string,
  fields: { title: string; type: string; max_points: number; due_date: string },
): Promise<string> {
  const created = await must(
    await rest('activities?select=id', admin, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        ...fields,
        description: 'Gradebook fixture',
        course_id: courseId,
        allow_late_submission: true,
        is_active: true,
      }),
    }),
    `create activity ${fields.title}`,
  );
  const [row] = (await created.json()) as { id: string }[];
  return row!.id;
}

async function handIn(activityId: string, who: Person): Promise<string> {
  const created = await must(
    await rest('activity_submissions?select=id', who.token, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        activity_id: activityId,
        student_id: who.userId,
        submission_text: 'Mi respuesta.',
      }),
    }),
    'hand in',
  );
  const [row] = (await created.json()) as { id: string }[];
  return row!.id;
}

async function grade(submissionId: string, teacher: Person, points: number) {
  await must(
    await rest(`activity_submissions?id=eq.${submissionId}`, teacher.token, {
      method: 'PATCH',
      body: JSON.stringify({ grade: points, status: 'graded' }),
    }),
    'grade',
  );
}

function cellsOf(row: Locator) {
  return row.getByRole('cell');
}

test('a teacher reads the gradebook, weighs it and exports it; a student sees only their row', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const courseTitle = `Gradebook ${stamp}`;
  const {
    admin,
    teacher,
    students: [alba, bruno],
    courseId,
  } = await courseOfTheirOwn({
    lastName: `Notas${stamp}`,
    teacher: 'Tere',
    students: ['Alba', 'Bruno'],
    title: courseTitle,
    description: 'Gradebook journey',
  });
  const quiz = await activity(admin, courseId, {
    title: 'Quiz uno',
    type: 'quiz',
    max_points: 10,
    due_date: at(-48),
  });
  const homework = await activity(admin, courseId, {
    title: 'Tarea uno',
    type: 'homework',
    max_points: 20,
    due_date: at(-24),
  });
  const essay = await activity(admin, courseId, {
    title: 'Ensayo',
    type: 'assignment',
    max_points: 50,
    due_date: at(48),
  });
  await grade(await handIn(quiz, alba), teacher, 8);
  await handIn(essay, alba);
  await grade(await handIn(homework, bruno), teacher, 20);

  // The teacher reaches it from My Courses' course panel.
  const page = await signedIn(browser, teacher.email, { width: 1280, height: 800 });
  await new Portal(page).open('My Courses');
  await page
    .getByRole('complementary', { name: 'Course details' })
    .getByRole('link', { name: 'Gradebook' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gradebook' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/gradebook/${courseId}$`));
  await expect(page.getByRole('heading', { level: 2, name: courseTitle })).toBeVisible();

  const table = page.getByRole('table');
  const albaRow = table.getByRole('row', { name: new RegExp(alba.name) });
  const brunoRow = table.getByRole('row', { name: new RegExp(bruno.name) });
  // Columns: quiz, homework, essay (by due date), total.
  await expect(cellsOf(albaRow).nth(0)).toContainText('8 / 10');
  await expect(cellsOf(albaRow).nth(0)).toContainText('Late');
  await expect(cellsOf(albaRow).nth(1)).toContainText('Missing');
  await expect(cellsOf(albaRow).nth(2)).toContainText('Submitted');
  await expect(cellsOf(brunoRow).nth(0)).toContainText('Missing');
  await expect(cellsOf(brunoRow).nth(1)).toContainText('20 / 20');
  await expect(cellsOf(brunoRow).nth(1)).toContainText('Late');
  await expect(cellsOf(brunoRow).nth(2)).toHaveText('');
  // Without weights every point counts the same: 8 / 30 and 20 / 30.
  await expect(cellsOf(albaRow).nth(3)).toHaveText('26.7 %');
  await expect(cellsOf(brunoRow).nth(3)).toHaveText('66.7 %');

  // Sorting by total, highest first: Bruno, then Alba.
  const total = table.getByRole('columnheader', { name: /Total/ });
  await total.getByRole('button').click();
  await expect(total).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('rowheader')).toHaveText([bruno.name, alba.name]);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // Weights: quiz and homework half each. Alba 80 % and 0 % → 40 %; Bruno 0 % and 100 % → 50 %.
  await page.getByRole('button', { name: 'Weights' }).click();
  const dialog = page.getByRole('dialog', { name: 'Weights by activity type' });
  await dialog.getByRole('textbox', { name: 'Quiz' }).fill('50');
  await dialog.getByRole('textbox', { name: 'Homework' }).fill('50');
  await expect(dialog.getByText('50 % of the total')).toHaveCount(2);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save weights' }).click();
  await expect(dialog).toBeHidden();
  await expect(cellsOf(albaRow).nth(3)).toHaveText('40 %');
  await expect(cellsOf(brunoRow).nth(3)).toHaveText('50 %');
  await expect(page.getByText('Weights: Quiz 50 % · Homework 50 %')).toBeVisible();

  // Export CSV: one row per student, through the shared writer, in the order shown (by total, Bruno's
  // 50 % before Alba's 40 %).
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^gradebook-gradebook-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines).toEqual([
    'Student,Email,Quiz uno (/10),Tarea uno (/20),Ensayo (/50),Total (%)',
    `${bruno.name},${bruno.email},Missing,20,,50`,
    `${alba.name},${alba.email},8,Missing,Submitted,40`,
  ]);

  // On a phone the table scrolls inside its own area; the page never scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(table).toBeVisible();
  // The layout follows the new width a moment after the resize.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await expectFitsWidth(page, 375);
  // And opened on the phone: the cells' hidden read-outs ("8 out of 10 points") stay inside the
  // table's area, and no mark is cut short ("SUBMIT…").
  await page.reload();
  await expect(cellsOf(albaRow).nth(2)).toContainText('Submitted');
  await page.waitForLoadState('networkidle');
  await expectFitsWidth(page, 375);
  // A read-out is placed by the nearest positioned box around it: unless that is the table's
  // scrolling area (or inside it), the area does not clip it and, in a column off to the right, it
  // widens the page (a course with more activities than this one did).
  const readOutsOutside = await page
    .getByRole('region', { name: /^Gradebook: students/ })
    .evaluate((area) =>
      [...area.querySelectorAll<HTMLElement>('td *')]
        .filter((element) => getComputedStyle(element).position === 'absolute')
        .filter((element) => !(element.offsetParent && area.contains(element.offsetParent)))
        .map((element) => element.textContent),
    );
  expect(readOutsOutside).toEqual([]);
  const clippedMarks = await table
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent),
    );
  expect(clippedMarks).toEqual([]);
  await page.context().close();

  // The student, on a phone: their own row on their course page, nobody else's.
  const student = await signedIn(browser, alba.email, { width: 375, height: 812 });
  await student.goto(`/course-detail/${courseId}`);
  const grades = student.getByRole('region', { name: 'My grades' });
  await expect(grades.getByText('Your total: 40 %')).toBeVisible();
  const items = grades.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('8 / 10');
  await expect(items.nth(0)).toContainText('Late');
  await expect(items.nth(1)).toContainText('Missing');
  await expect(items.nth(2)).toContainText('Submitted');
  await expect(student.getByText(bruno.name)).toHaveCount(0);
  await expectFitsWidth(student, 375);
  expect(await axeViolations(student, 'main')).toEqual([]);

  // A student opening the staff's gradebook address gets No access.
  await student.goto(`/gradebook/${courseId}`);
  await expect(student.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(student.getByRole('table')).toHaveCount(0);
  await student.context().close();
});
