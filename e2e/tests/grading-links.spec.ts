import { expect, test } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  rest,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { AuthScreen } from '../support/pages';

// Issue 29 item 8: the dashboard's Grade link opened the grading dialog on another student (the
// link named the activity, not the submission), and "Grade submissions" opened the unfiltered list.
// A teacher of their own (so other tests' work never crowds their dashboard) with one course, one
// activity and two students who both hand it in; the link for the second must open on the second.

async function must(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

async function student(firstName: string, lastName: string, courseId: string, admin: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  await signUpThroughApi(email, DEMO_PASSWORD, firstName, lastName);
  const grant = await passwordGrant(email, DEMO_PASSWORD);
  await must(
    await rest('rpc/enroll_user_in_course', admin, {
      method: 'POST',
      body: JSON.stringify({ user_uuid: grant.userId, course_uuid: courseId }),
    }),
    'enrol',
  );
  return { ...grant, name: `${firstName} ${lastName}` };
}

async function handIn(activityId: string, who: { token: string; userId: string }, text: string) {
  const created = await must(
    await rest('activity_submissions?select=id', who.token, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        activity_id: activityId,
        student_id: who.userId,
        submission_text: text,
      }),
    }),
    'hand in',
  );
  const [row] = (await created.json()) as { id: string }[];
  return row!.id;
}

test("the dashboard's Grade link opens that very submission, and Grade submissions the queue", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const { token: admin } = await passwordGrant(DEMO.admin, DEMO_PASSWORD);

  const teacherEmail = uniqueEmail('grader');
  await signUpThroughApi(teacherEmail, DEMO_PASSWORD, 'Greta', `Grader ${stamp}`);
  const { userId: teacherId } = await passwordGrant(teacherEmail, DEMO_PASSWORD);
  await must(
    await rest(`users?id=eq.${teacherId}`, admin, {
      method: 'PATCH',
      body: JSON.stringify({ role: 'teacher' }),
    }),
    'make teacher',
  );
  // A token issued after the change carries the teacher's role.
  const teacher = await passwordGrant(teacherEmail, DEMO_PASSWORD);
  const course = await must(
    await rest('courses?select=id', admin, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        title: `Letters in Spanish ${stamp}`,
        description: 'Grading links fixture',
        language: 'Spanish',
        teacher_id: teacherId,
        max_students: 10,
      }),
    }),
    'create course',
  );
  const [{ id: courseId }] = (await course.json()) as [{ id: string }];
  const title = `A letter to a friend ${stamp}`;
  const activity = await must(
    await rest('activities?select=id', admin, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        title,
        description: 'Ten lines.',
        type: 'assignment',
        course_id: courseId,
        max_points: 10,
        allow_late_submission: true,
        is_active: true,
      }),
    }),
    'create activity',
  );
  const [{ id: activityId }] = (await activity.json()) as [{ id: string }];
  const first = await student('Alba', `Primera ${stamp}`, courseId, admin);
  const second = await student('Bruno', `Segundo ${stamp}`, courseId, admin);
  await handIn(activityId, first, 'Querida Marta: ...');
  const secondSubmission = await handIn(activityId, second, 'Hola Pedro, te escribo desde Bilbao.');

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(teacherEmail, DEMO_PASSWORD);
  const recent = page.getByRole('region', { name: 'Recent submissions' });
  await recent.getByRole('link', { name: `Grade ${title} by ${second.name}` }).click();

  // The address carries the submission, and the dialog opens on Bruno's answer, not Alba's.
  await expect(page).toHaveURL(new RegExp(`/activities\\?submission=${secondSubmission}$`));
  const grading = page.getByRole('dialog', { name: `Submissions: ${title}` });
  await expect(grading.getByRole('combobox', { name: 'Student' })).toHaveValue(
    new RegExp(`^${second.name} · `),
  );
  await expect(grading).toContainText('Hola Pedro, te escribo desde Bilbao.');
  await expect(grading).not.toContainText('Querida Marta');
  // A reload opens it again on the same submission.
  await page.reload();
  await expect(grading.getByRole('combobox', { name: 'Student' })).toHaveValue(
    new RegExp(`^${second.name} · `),
  );
  await grading.getByRole('button', { name: 'Close' }).first().click();
  await expect(grading).toBeHidden();

  // "Grade submissions" opens the queue: both handed-in pieces, oldest first.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page.getByRole('link', { name: 'Grade submissions' }).click();
  await expect(page).toHaveURL(/\/activities\?waiting=1$/);
  await expect(
    page.getByRole('heading', { name: '2 submissions waiting for a grade' }),
  ).toBeVisible();
  const grades = page.getByRole('button', { name: new RegExp(`^Grade ${title} by `) });
  await expect(grades).toHaveCount(2);
  await expect(grades.first()).toHaveAccessibleName(`Grade ${title} by ${first.name}`);

  // A graded piece leaves the queue.
  await must(
    await rest(`activity_submissions?id=eq.${secondSubmission}`, teacher.token, {
      method: 'PATCH',
      body: JSON.stringify({ grade: 8, feedback: 'Muy bien.' }),
    }),
    'grade',
  );
  await page.reload();
  await expect(
    page.getByRole('heading', { name: '1 submission waiting for a grade' }),
  ).toBeVisible();
  await expect(grades).toHaveCount(1);
});
