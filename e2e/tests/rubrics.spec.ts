import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, courseOfTheirOwn, must, rest } from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';

// Issue 32, rubrics: a teacher builds a rubric in the library, attaches it to an activity, grades a
// student's work by choosing a level of each criterion (by keyboard and by click); the grade is the
// sum of the levels, computed by the database; the student sees the filled rubric beside the grade.
// A teacher, course and student of their own, so the demo accounts stay as other tests expect them.

test('a rubric is built, attached, graded by levels, and shown filled to the student', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const { admin, teacher, students, courseId } = await courseOfTheirOwn({
    lastName: `Rubrica${stamp}`,
    teacher: 'Rita',
    students: ['Sara'] as const,
    title: `Oral Spanish ${stamp}`,
    description: 'Rubrics fixture',
  });
  const [student] = students;
  const title = `Presentation ${stamp}`;
  const created = await must(
    await rest('activities?select=id', admin, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        title,
        description: 'Two minutes about your city.',
        type: 'presentation',
        course_id: courseId,
        max_points: 20,
        allow_late_submission: true,
        is_active: true,
        skills: ['speaking'],
      }),
    }),
    'create activity',
  );
  const [{ id: activityId }] = (await created.json()) as [{ id: string }];
  const handedIn = await must(
    await rest('activity_submissions?select=id', student.token, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        activity_id: activityId,
        student_id: student.userId,
        submission_text: 'Bilbao es mi ciudad.',
      }),
    }),
    'hand in',
  );
  const [{ id: submissionId }] = (await handedIn.json()) as [{ id: string }];

  // The teacher builds the rubric in the library (the Activities screen's Rubrics view).
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(teacher.email, DEMO_PASSWORD);
  await new Portal(page).open('Activities');
  const views = page.getByRole('radiogroup', { name: 'Show' });
  await views.getByText('Rubrics', { exact: true }).click();
  await page.getByRole('button', { name: 'New rubric' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New rubric' });
  const rubricTitle = `Oral ${stamp}`;
  await editor.getByLabel('Rubric title').fill(rubricTitle);
  await editor.getByRole('button', { name: 'Add criterion' }).click();
  const criteria = editor.getByRole('group', { name: /^Criterion \d$/ });
  await expect(criteria).toHaveCount(2);
  const fill = async (index: number, name: string, levels: [string, string][]) => {
    const criterion = criteria.nth(index);
    await criterion.getByRole('textbox', { name: 'Criterion', exact: true }).fill(name);
    for (const [at, [level, points]] of levels.entries()) {
      await criterion.getByRole('textbox', { name: 'Level', exact: true }).nth(at).fill(level);
      await criterion.getByRole('textbox', { name: 'Points' }).nth(at).fill(points);
    }
  };
  await fill(0, 'Fluency', [
    ['Hesitant', '2'],
    ['Fluent', '8'],
  ]);
  await fill(1, 'Accuracy', [
    ['Many errors', '1'],
    ['Accurate', '6.5'],
  ]);
  await expect(editor.getByText('Best total: 14.5 points')).toBeVisible();
  await editor.getByRole('button', { name: 'Create rubric' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('heading', { name: rubricTitle })).toBeVisible();

  // Attached to the activity from the activity form.
  await views.getByText('All activities', { exact: true }).click();
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Activity' });
  // The activity trains a skill, so its optional section opens with the form.
  await expect(
    form.getByRole('button', { name: /^Instructions and assessment \(optional\)/ }),
  ).toHaveAttribute('aria-expanded', 'true');
  await form.getByRole('combobox', { name: 'Rubric' }).click();
  await page.getByRole('option', { name: rubricTitle }).click();
  await expect(form.getByText(`${rubricTitle}: best total 14.5 of 20 points`)).toBeVisible();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form).toBeHidden();

  // Graded by levels: Fluent by keyboard, Accurate by click; the total is announced as it changes.
  await card.getByRole('button', { name: 'View submissions' }).click();
  const grading = page.getByRole('dialog', { name: `Submissions: ${title}` });
  const fluency = grading.getByRole('radiogroup', { name: 'Fluency' });
  await fluency.getByRole('radio', { name: 'Hesitant (2 pts)' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(fluency.getByRole('radio', { name: 'Fluent (8 pts)' })).toBeChecked();
  await grading
    .getByRole('radiogroup', { name: 'Accuracy' })
    .getByRole('radio', { name: 'Accurate (6.5 pts)' })
    .check();
  await expect(grading.getByText('Total: 14.5 of 20 points')).toBeVisible();
  await grading.getByLabel('Feedback (optional)').fill('Muy clara.');
  await grading.getByRole('button', { name: 'Save grade' }).click();
  await expect(page.getByText('Grade saved').first()).toBeVisible();

  // The database computed the grade from the levels.
  const saved = await must(
    await rest(`activity_submissions?id=eq.${submissionId}&select=grade,rubric_scores`, admin),
    'read grade',
  );
  const [row] = (await saved.json()) as { grade: number; rubric_scores: object }[];
  expect(Number(row!.grade)).toBe(14.5);
  expect(Object.keys(row!.rubric_scores)).toHaveLength(2);

  // The student sees the filled rubric where they see their grade.
  const context = await browser.newContext();
  const studentPage = await context.newPage();
  const studentAuth = new AuthScreen(studentPage);
  await studentAuth.open();
  await studentAuth.signIn(student.email, DEMO_PASSWORD);
  await new Portal(studentPage).open('Activities');
  await studentPage
    .getByRole('article', { name: title })
    .getByRole('button', { name: 'View' })
    .click();
  const details = studentPage.getByRole('dialog', { name: title });
  const filled = details.getByRole('table', { name: `Rubric: ${rubricTitle}` });
  await expect(filled).toBeVisible();
  await expect(filled.getByRole('row', { name: /Fluency Fluent/ })).toContainText('8 of 8');
  await expect(filled.getByRole('row', { name: /Total/ })).toContainText('14.5 of 20');
  await expect(details).toContainText('Muy clara.');
  await context.close();
});
