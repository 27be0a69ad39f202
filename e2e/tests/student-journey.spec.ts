import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, passwordGrant, rest, uniqueEmail } from '../support/backend';
import {
  AuthScreen,
  CourseCatalog,
  CourseDetail,
  MyCourses,
  Portal,
  StudentActivities,
  StudentCalendar,
  StudentDashboard,
} from '../support/pages';

// Issue 4, item 11: a new student's whole journey through the student screens, on the seeded school
// (supabase/seed.sql). The course is taught by the demo teacher, so the teacher can grade through the API.
const COURSE = 'Business English: Presentations and Email';
const COURSE_SEARCH = 'Presentations and Email';
const MATERIAL = 'Business email phrases';
// A class-level activity of that course, due in 9 days, 50 points.
const ACTIVITY = 'Pitch your product in five minutes';
const FULL_COURSE = 'English Foundations';

/** The demo teacher grades the student's submission of an activity, as the grading screen would. */
async function gradeAsTeacher(
  studentId: string,
  activityTitle: string,
  grade: number,
  feedback: string,
) {
  const { token } = await passwordGrant(DEMO.teacher, DEMO_PASSWORD);
  const found = await rest(
    `activities?select=id&title=eq.${encodeURIComponent(activityTitle)}`,
    token,
  );
  const [activity] = (await found.json()) as { id: string }[];
  if (!activity) throw new Error(`the teacher cannot see the activity ${activityTitle}`);
  const graded = await rest(
    `activity_submissions?activity_id=eq.${activity.id}&student_id=eq.${studentId}`,
    token,
    {
      method: 'PATCH',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ grade, feedback }),
    },
  );
  const rows = (await graded.json()) as { status: string }[];
  expect(graded.ok, JSON.stringify(rows)).toBe(true);
  expect(rows.map((row) => row.status)).toEqual(['graded']);
}

test('a new student: sign up, enroll, learn, submit work, see the grade, drop the course', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');
  const password = 'secret123';
  const portal = new Portal(page);

  // Sign up: a new student lands on the dashboard.
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signUp({ firstName: 'Nora', lastName: 'Journey', email, password });
  await expect(page.getByRole('heading', { name: 'Welcome, Nora!' })).toBeVisible();
  await expect(page.getByText('You are not enrolled in any courses yet')).toBeVisible();

  // Catalog → search → enroll.
  await portal.open('Course Catalog');
  const catalog = new CourseCatalog(page);
  await catalog.search(COURSE_SEARCH);
  await expect(catalog.count(1)).toBeVisible();
  await expect(catalog.course(COURSE)).toContainText('total');
  await catalog.enroll(COURSE);

  // The course is in My Courses and on the dashboard.
  await portal.open('My Courses');
  await expect(new MyCourses(page).course(COURSE)).toBeVisible();
  await portal.open('Dashboard');
  const dashboard = new StudentDashboard(page);
  await expect(dashboard.course(COURSE)).toBeVisible();

  // Course detail: materials and classes 5 to a page.
  await dashboard.openClassroom(COURSE);
  await expect(page.getByRole('heading', { level: 1, name: 'Course Detail' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: COURSE })).toBeVisible();
  const detail = new CourseDetail(page);
  await expect(detail.materials().getByRole('heading', { name: MATERIAL })).toBeVisible();
  await expect(detail.classes().getByRole('listitem')).toHaveCount(5);
  const pager = detail.classPager();
  await expect(pager).toContainText(/Page 1 of \d+/);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();

  // A class of the course in the calendar: the next classes, and a day of the month grid.
  await portal.open('Calendar');
  const calendar = new StudentCalendar(page);
  await expect(calendar.upcoming().getByRole('listitem').first()).toContainText(COURSE);
  await calendar.daysWithClasses().first().click();
  await expect(calendar.selectedDay().getByRole('listitem').first()).toContainText(COURSE);
  await expect(calendar.exportButton()).toBeEnabled();

  // View a material of the course.
  await portal.open('My Courses');
  await new MyCourses(page).open(COURSE);
  const viewer = await detail.viewMaterial(MATERIAL);
  await expect(viewer.getByRole('button', { name: 'Download' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).last().click();
  await expect(viewer).toBeHidden();

  // Submit an activity: text and a file.
  await portal.open('Activities');
  const activities = new StudentActivities(page);
  await expect(activities.stat('Enrolled Courses')).toContainText('1');
  await activities.search('pitch');
  await expect(activities.activity(ACTIVITY)).toContainText('Not submitted');
  await activities.submit(ACTIVITY, 'My pitch: a language app for busy managers.', [
    {
      name: 'pitch-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Problem, solution, ask.'),
    },
  ]);
  await expect(activities.activity(ACTIVITY)).toContainText('Submitted');

  // The teacher grades it (through the API); the student sees the grade and the feedback.
  const { userId } = await passwordGrant(email, password);
  await gradeAsTeacher(userId, ACTIVITY, 45, 'Clear structure, strong close.');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  const graded = activities.activity(ACTIVITY);
  await expect(graded).toContainText('Graded 45/50');
  await expect(graded.getByRole('button', { name: /^(Submit|Resubmit)$/ })).toHaveCount(0);
  const details = await activities.view(ACTIVITY);
  await expect(details).toContainText('My pitch: a language app for busy managers.');
  await expect(details).toContainText('45 / 50');
  await expect(details).toContainText('Clear structure, strong close.');
  // The file is named by the name it had, and opens in the viewer under it.
  await details.getByRole('button', { name: 'pitch-notes.txt' }).click();
  const file = page.getByRole('dialog', { name: 'pitch-notes.txt' });
  await expect(file).toContainText('Problem, solution, ask.');
  await file.getByRole('button', { name: 'Close' }).last().click();
  await expect(file).toBeHidden();
  await details.getByRole('button', { name: 'Close' }).last().click();

  // Drop the course: it leaves My Courses and the seat is free again.
  await portal.open('My Courses');
  await new MyCourses(page).drop(COURSE);
  await expect(page.getByText('You are not enrolled in any courses yet')).toBeVisible();
  await portal.open('Course Catalog');
  await catalog.search(COURSE_SEARCH);
  await expect(catalog.course(COURSE).getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
});

test('a full course cannot be enrolled in and offers its waiting list instead', async ({
  page,
}) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByText('Student Portal')).toBeVisible();

  await new Portal(page).open('Course Catalog');
  const catalog = new CourseCatalog(page);
  await catalog.search(FULL_COURSE);
  const card = catalog.course(FULL_COURSE);
  await expect(card).toContainText('This course is currently full');
  await expect(card.getByRole('button', { name: 'Enroll Now' })).toHaveCount(0);
  // Since the waiting list (docs/waiting-list.md), a full active course offers its line instead of a
  // disabled Full button; waiting-list.spec.ts follows a seat from the line.
  await expect(card.getByRole('button', { name: 'Join the waiting list' })).toBeEnabled();
});

test("an unknown course id shows 'Course not found.'", async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByText('Student Portal')).toBeVisible();

  await page.goto('/course-detail/00000000-0000-4000-8000-00000000beef');
  await expect(page.getByText('Course not found.')).toBeVisible();
});

test('the open-course-detail window event opens the course page', async ({ page }) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.student, DEMO_PASSWORD);
  await expect(page.getByText('Student Portal')).toBeVisible();
  // Spanish for Beginners: the seeded demo student is enrolled in it.
  const courseId = 'c0a5e000-0000-4000-8000-000000000001';
  await page.evaluate((id) => {
    window.dispatchEvent(
      new CustomEvent('portal:open-course-detail', { detail: { courseId: id } }),
    );
  }, courseId);
  await expect(page).toHaveURL(`http://localhost:3000/course-detail/${courseId}`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Spanish for Beginners' }),
  ).toBeVisible();
  // Back returns where the student came from: the dashboard that raised the event.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('http://localhost:3000/');
});
