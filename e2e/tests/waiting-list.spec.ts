import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectFitsWidth } from '../support/accessibility';
import { DEMO, courseOfTheirOwn, must, newStudent, rest, rpc } from '../support/backend';
import { CourseManagement, signedIn } from '../support/pages';

// Issue 30, the waiting list: "two students drop from a full course at once and exactly two from the
// waiting list get the seats". Two students join a full course's line from its page (on phones), a
// third from the API; two seated students drop at the same moment (two API calls at once); the first
// two in line see their seat without a reload (the bell and the course page), the third stays in line,
// and the course is never over capacity. Its own teacher, course and students, so the demo accounts
// stay as the other tests expect them.

const PHONE = { width: 375, height: 812 };

async function expectAccessible(page: Page, include: string, width: number) {
  expect(await axeViolations(page, include)).toEqual([]);
  await expectFitsWidth(page, width);
}

test('two students drop from a full course at once and exactly two from the waiting list get the seats', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Waiting course ${stamp}`;
  // Two seated students fill the course; three more will join its line.
  const [full, [first, second, third]] = await Promise.all([
    courseOfTheirOwn({
      lastName: 'Line',
      teacher: 'Tess',
      students: ['Sam', 'Sol'],
      title,
      description: 'Two places only',
      maxStudents: 2,
    }),
    Promise.all([newStudent('Fay', 'Line'), newStudent('Gus', 'Line'), newStudent('Hal', 'Line')]),
  ]);
  const { admin, teacher, courseId } = full;
  const [seatedA, seatedB] = full.students;

  // The first two join from the course's page, on phones, one after the other.
  const pages: Page[] = [];
  for (const [index, student] of [first, second].entries()) {
    const page = await signedIn(browser, student.email, PHONE);
    await page.goto(`/course-detail/${courseId}`);
    const panel = page.getByRole('region', { name: 'Waiting list' });
    await expect(panel).toContainText('This course is full');
    await panel.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(panel.getByText(`You are number ${index + 1} in line`)).toBeVisible();
    pages.push(page);
  }
  const [firstPage, secondPage] = pages as [Page, Page];
  await expectAccessible(firstPage, 'main', PHONE.width);

  // Leaving asks first; Cancel keeps the place.
  await secondPage.getByRole('button', { name: 'Leave the waiting list' }).click();
  const ask = secondPage.getByRole('dialog', { name: 'Leave the waiting list?' });
  await expect(ask).toContainText(title);
  await expectAccessible(secondPage, '[role="dialog"]', PHONE.width);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(secondPage.getByText('You are number 2 in line')).toBeVisible();

  // The third joins from the API; My Courses lists it with its place.
  expect(await rpc('join_waiting_list', third.token, { course_uuid: courseId })).toEqual({
    success: true,
    position: 3,
  });

  // The teacher sees the line in My Courses' panel (read only).
  const teacherPage = await signedIn(browser, teacher.email, { width: 1280, height: 900 });
  await teacherPage.goto('/my-courses');
  const line = teacherPage
    .getByRole('complementary', { name: 'Course details' })
    .getByRole('region', {
      name: 'Waiting list',
    });
  await expect(line.getByText('3 students waiting')).toBeVisible();
  await expect(line.getByRole('row')).toHaveText([
    /Place/,
    /^1Fay Line/,
    /^2Gus Line/,
    /^3Hal Line/,
  ]);
  await expectAccessible(teacherPage, 'main', 1280);
  await teacherPage.context().close();

  // Both seated students drop at the same moment.
  const dropped = Date.now();
  const replies = await Promise.all(
    [seatedA, seatedB].map((seated) =>
      rpc('unenroll_user_from_course', seated.token, {
        user_uuid: seated.userId,
        course_uuid: courseId,
      }),
    ),
  );
  expect(replies).toEqual([
    expect.objectContaining({ success: true }),
    expect.objectContaining({ success: true }),
  ]);

  // The first two see their seat without a reload: the course page says Enrolled, the bell says so.
  for (const page of [firstPage, secondPage]) {
    await expect(page.getByRole('region', { name: 'Waiting list' })).toBeHidden({ timeout: 2_000 });
    await expect(page.getByText('Enrolled', { exact: true })).toBeVisible({ timeout: 2_000 });
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/, { timeout: 2_000 });
    await bell.click();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('link', { name: new RegExp(`you have a place in ${title}`) }),
    ).toBeVisible();
  }
  console.log(
    `waiting list: both seats reached the students' screens ${Date.now() - dropped} ms after the drops`,
  );

  // Exactly two seats given, never over capacity; the third is now first in line.
  const counted = await must(
    await rest(`courses?id=eq.${courseId}&select=enrolled_count`, admin),
    'count',
  );
  expect(await counted.json()).toEqual([{ enrolled_count: 2 }]);
  const thirdPage = await signedIn(browser, third.email, PHONE);
  await thirdPage.goto('/my-courses');
  const mine = thirdPage.getByRole('region', { name: 'My waiting lists' });
  await expect(mine.getByRole('listitem').filter({ hasText: title })).toContainText(
    'You are number 1 in line',
  );
  await expectAccessible(thirdPage, 'main', PHONE.width);

  // The administrator sees the line on the back of the course's card.
  const adminPage = await signedIn(browser, DEMO.admin, { width: 1280, height: 900 });
  const management = new CourseManagement(adminPage);
  await management.open();
  await management.search(title);
  const card = management.course(title);
  await card.getByRole('button', { name: 'View students' }).click();
  const back = card.getByRole('region', { name: 'Waiting list' });
  await expect(back.getByText('1 student waiting')).toBeVisible();
  await expect(back.getByRole('row', { name: /Hal Line/ })).toBeVisible();
  await expectAccessible(adminPage, `article[aria-labelledby]`, 1280);

  for (const page of [firstPage, secondPage, thirdPage, adminPage]) await page.context().close();
});
