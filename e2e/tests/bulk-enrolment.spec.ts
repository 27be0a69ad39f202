import { expect, test, type Locator } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, CourseManagement } from '../support/pages';

// Enrolling a list of students by CSV (issue 29, item 13): an admin creates a course of two places,
// sends a CSV naming two seeded students and an unknown address (nobody is enrolled, the unknown row
// says why), sends the corrected file (both are enrolled, the card says 2/2), and deletes the course,
// so other journeys see the seed unchanged.
const TEACHER = 'Daniel Ortega';
const STUDENTS = ['olivia.smith@mail.test', 'liam.johnson@mail.test'];

async function sendCsv(dialog: Locator, csv: string) {
  await dialog.getByText('CSV of emails').click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'students.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
}

test('an admin enrols a CSV of students: a bad row enrols nobody, the corrected file enrols all', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Bulk Enrolment Lab ${Date.now()}`;

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  const screen = new CourseManagement(page);
  await screen.open();

  await page.getByRole('button', { name: 'Create Course' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create Course' });
  await screen.fillCourse(form, { title, teacher: TEACHER, maxStudents: 2 });
  await form.getByRole('button', { name: 'Create Course' }).click();
  await expect(screen.toast('Course created')).toBeVisible();
  await screen.search(title);
  const card = screen.course(title);
  await expect(card).toContainText('0/2 students');

  await card.getByRole('button', { name: 'View students' }).click();
  await card.getByRole('button', { name: 'Enrol a list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enrol a list of students' });
  // The student list does not open by itself and cover the dialog's buttons (issue 29): the
  // button's middle is the button, not an option.
  const submit = dialog.getByRole('button', { name: 'Enrol 0 students' });
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  const box = (await submit.boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toBe('Enrol 0 students');

  // A file with an address nobody has: nobody is enrolled, and that row says why.
  await sendCsv(dialog, ['email', ...STUDENTS, 'nobody.here@mail.test'].join('\n'));
  await expect(dialog.getByText('3 emails read from the file.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Enrol 3 students' }).click();
  const report = dialog.getByRole('table', { name: 'Result of each row' });
  await expect(report.getByRole('row').nth(3)).toContainText('No account has this email');
  await expect(report.getByRole('row').nth(1)).toContainText('Can be enrolled');
  await expect(card).toContainText('0/2');
  // The button now counts (and would send) only the two rows that can be enrolled.
  await expect(dialog.getByRole('button', { name: 'Enrol 2 students' })).toBeEnabled();

  // On a phone the report is a stacked list: nothing scrolls sideways or on its own in the dialog.
  await page.setViewportSize({ width: 375, height: 812 });
  const stacked = dialog.getByRole('list', { name: 'Result of each row' });
  await expect(stacked.getByRole('listitem')).toHaveCount(3);
  await expect(stacked.getByRole('listitem').nth(2)).toContainText('No account has this email');
  await expect(report).toHaveCount(0);
  // A button's spinner slides out for 150 ms after its request ends, overflowing while it moves.
  await expect(dialog.locator('.mantine-Button-loader')).toHaveCount(0);
  const scrollers = await dialog.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const sideways = element.scrollWidth > element.clientWidth + 1;
        const own = /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
        // The dialog's body itself scrolls on a phone (it fills the screen); nothing inside it may.
        return sideways || (own && !element.matches('.mantine-Modal-content, .mantine-Modal-inner'));
      })
      .map((element) => `${element.tagName}.${element.className}`),
  );
  expect(scrollers).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The corrected file: both are enrolled in one call, and the card counts them.
  await sendCsv(dialog, ['email', ...STUDENTS].join('\n'));
  await dialog.getByRole('button', { name: 'Enrol 2 students' }).click();
  await expect(screen.toast(`2 students enrolled in ${title}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('list', { name: 'Enrolled students' })).toContainText('Olivia Smith');
  await expect(card.getByRole('list', { name: 'Enrolled students' })).toContainText('Liam Johnson');
  await expect(card).toContainText('2/2');

  // Clean up: the course and its enrolments go.
  await card.getByRole('button', { name: 'Back to course' }).click();
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${title}` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toBeHidden();
});
