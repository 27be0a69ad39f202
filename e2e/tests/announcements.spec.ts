import { expect, test } from '@playwright/test';
import { axeViolations, expectFitsWidth } from '../support/accessibility';
import { courseOfTheirOwn, waitForMail } from '../support/backend';
import { Portal, signedIn } from '../support/pages';

// Issue 30, "a teacher's announcement reaches an enrolled student's dashboard live and by mail in the
// outbox": the teacher posts from My Courses with "Email it" ticked; the dashboard of a student of the
// course (on a 375 px screen) shows it within 2 s without a reload, the mail arrives in the outbox, and
// an edit reaches the student's course page live. A teacher, a course and a student of their own, so
// the demo accounts stay as the other tests expect them.

test("a teacher's announcement reaches an enrolled student's dashboard live and by mail in the outbox", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const courseTitle = `News course ${stamp}`;
  const {
    teacher,
    students: [student],
    courseId,
  } = await courseOfTheirOwn({
    lastName: 'News',
    teacher: 'Tina',
    students: ['Bea'],
    title: courseTitle,
    description: 'Announcements',
  });

  // The student, on a phone, on the dashboard: no announcements yet.
  const studentPage = await signedIn(browser, student.email, { width: 375, height: 812 });
  const news = studentPage.getByRole('region', { name: 'Announcements' });
  await expect(news.getByText('No announcements in your courses yet.')).toBeVisible();

  // The teacher posts from My Courses, with "Email it" ticked.
  const teacherPage = await signedIn(browser, teacher.email, { width: 1280, height: 800 });
  await new Portal(teacherPage).open('My Courses');
  await teacherPage
    .getByRole('complementary', { name: 'Course details' })
    .getByRole('button', { name: 'Announcements' })
    .click();
  const drawer = teacherPage.getByRole('dialog', { name: `Announcements: ${courseTitle}` });
  await expect(
    drawer.getByText('No announcements yet. Post one to tell the course’s students.'),
  ).toBeVisible();
  expect(await axeViolations(teacherPage, '[role="dialog"]')).toEqual([]);
  await drawer.getByRole('button', { name: 'Post announcement' }).click();
  const form = teacherPage.getByRole('dialog', { name: 'Post announcement' });
  const title = `Field trip ${stamp}`;
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form
    .getByRole('textbox', { name: 'Message' })
    .fill('Meet at the **museum** at 9.\n\n- a pencil\n- a notebook');
  await form.getByRole('checkbox', { name: 'Email it to the course’s active students' }).check();
  // The form, filled in: no axe violation.
  expect(await axeViolations(teacherPage, '[role="dialog"][aria-modal="true"] form')).toEqual([]);
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(form).toBeHidden();
  const posted = Date.now();
  await expect(drawer.getByRole('article', { name: title })).toBeVisible();

  // The student's dashboard, without a reload, within 2 s; the Markdown drawn.
  const item = news.getByRole('article', { name: title });
  await expect(item).toBeVisible({ timeout: 2_000 });
  console.log(
    `announcements: the post reached the student's dashboard ${Date.now() - posted} ms after the save`,
  );
  await expect(item.getByText(`In ${courseTitle}`, { exact: false })).toBeVisible();
  await expect(item.locator('strong', { hasText: 'museum' })).toBeVisible();
  expect(await axeViolations(studentPage, 'main')).toEqual([]);
  await expectFitsWidth(studentPage, 375);

  // …and by mail, in the outbox.
  const mail = await waitForMail(student.email, 20_000);
  expect(mail.subject).toContain(`New announcement in ${courseTitle}: ${title}`);

  // On the course page, an edit shows live too.
  await studentPage.goto(`/course-detail/${courseId}`);
  const onPage = studentPage.getByRole('region', { name: 'Announcements' });
  await expect(onPage.getByRole('article', { name: title })).toBeVisible();
  await drawer.getByRole('button', { name: `Actions for “${title}”` }).click();
  await teacherPage.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = teacherPage.getByRole('dialog', { name: 'Edit announcement' });
  await edit.getByRole('textbox', { name: 'Title' }).fill(`${title}, moved`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const edited = Date.now();
  await expect(onPage.getByRole('article', { name: `${title}, moved` })).toBeVisible({
    timeout: 2_000,
  });
  console.log(
    `announcements: the edit reached the student's course page ${Date.now() - edited} ms after the save`,
  );

  await teacherPage.context().close();
  await studentPage.context().close();
});
