import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { API_URL, ANON_KEY, DEMO, DEMO_PASSWORD, passwordGrant, rest } from '../support/backend';
import { AuthScreen, CourseDetail, MyCourses, Portal, StudentActivities } from '../support/pages';
import { DAMAGED_PDF, passwordProtectedPdf, pdfWithPages } from '../support/pdf';

// Previews that cannot run script (docs/security.md "Stored files: types, serving and previews"): a
// PDF is drawn by pdf.js on canvases, never framed, in the student's material viewer (student-app)
// and in the teacher's grading preview (teacher-app), each remote loading pdf.js's worker from its
// own origin. The demo teacher teaches Spanish for Beginners, which the demo student takes.
const COURSE = 'Spanish for Beginners';
/**
 * The first PDF of a page waits for pdf.js and its worker (1.1 MB of script) to download and
 * compile: seconds on a busy two-core machine (13.7 s measured under a load of 17), so the first
 * wait for a PDF's pages or its failure allows a minute.
 */
const FIRST_PDF = { timeout: 60_000 };

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await browser.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  return page;
}

async function courseId(token: string): Promise<string> {
  const response = await rest(`courses?select=id&title=eq.${encodeURIComponent(COURSE)}`, token);
  const [course] = (await response.json()) as { id: string }[];
  if (!course) throw new Error(`no course ${COURSE}`);
  return course.id;
}

/** Stores `bytes` as a PDF material of the course, as the teacher's upload does. */
async function addPdfMaterial(title: string, bytes: Buffer): Promise<void> {
  const { token, userId } = await passwordGrant(DEMO.teacher, DEMO_PASSWORD);
  const course = await courseId(token);
  const objectName = `${course}/${userId}/${Date.now()}-${Math.random().toString(36).slice(2, 8)}.pdf`;
  const stored = await fetch(`${API_URL}/storage/v1/object/materials/${objectName}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/pdf',
    },
    body: new Uint8Array(bytes),
  });
  expect(stored.ok, await stored.text()).toBe(true);
  const row = await rest('materials', token, {
    method: 'POST',
    body: JSON.stringify({
      title,
      type: 'pdf',
      url: objectName,
      storage_path: objectName,
      mime_type: 'application/pdf',
      file_size: bytes.length,
      course_id: course,
    }),
  });
  expect(row.ok, await row.text()).toBe(true);
}

/** Dark pixels on a page's canvas: pdf.js has drawn the page's bar and text. */
function inkOn(page: Locator): Promise<number> {
  return page.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4)
      if (pixels[i]! < 100 && pixels[i + 3]! > 0) dark += 1;
    return dark;
  });
}

/**
 * Checks a three-page PDF in an open viewer: no frame, pages drawn as they come near, the page
 * counter, previous/next and zoom.
 */
async function readThreePages(viewer: Locator) {
  await expect(viewer.locator('iframe')).toHaveCount(0);
  const preview = viewer.getByRole('region', { name: /^Preview of / });
  const page = (number: number) => preview.getByRole('img', { name: `Page ${number} of 3` });
  await expect(page(1).locator('canvas')).toBeVisible(FIRST_PDF);
  await expect.poll(() => inkOn(page(1))).toBeGreaterThan(1000);
  await expect(viewer.getByText('Page 1 of 3')).toBeVisible();
  // At 100% a page fits the viewer's width: nothing to scroll sideways.
  expect(await preview.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  // The last page is far below the view: not drawn until the reader gets near it.
  await expect(page(3).locator('canvas')).toHaveCount(0);

  const next = viewer.getByRole('button', { name: 'Next page' });
  await next.click();
  await expect(viewer.getByText('Page 2 of 3')).toBeVisible();
  // From the keyboard too.
  await next.press('Enter');
  await expect(viewer.getByText('Page 3 of 3')).toBeVisible();
  await expect(page(3).locator('canvas')).toBeVisible();
  await expect.poll(() => inkOn(page(3))).toBeGreaterThan(1000);
  await expect(next).toBeDisabled();

  const before = (await page(3).boundingBox())!.width;
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('125%')).toBeVisible();
  await expect.poll(async () => (await page(3).boundingBox())!.width / before).toBeCloseTo(1.25, 1);
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await expect(viewer.getByText('75%')).toBeVisible();
  await expect.poll(async () => (await page(3).boundingBox())!.width / before).toBeCloseTo(0.75, 1);
}

/** The worker pdf.js started, and where its code came from; no fallback to the page's own thread. */
function watchPdfWorker(page: Page) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/fake worker/i.test(message.text())) warnings.push(message.text());
  });
  const worker = page.waitForEvent('worker');
  const code = page.waitForResponse((response) => /pdf\.worker[^/]*\.mjs$/.test(response.url()));
  return { worker, code, warnings };
}

test('a student reads a PDF material page by page, drawn by pdf.js in the student app', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Verb tables ${Date.now()}`;
  await addPdfMaterial(title, pdfWithPages(3));

  const student = await signedIn(browser, DEMO.student);
  await new Portal(student).open('My Courses');
  await new MyCourses(student).open(COURSE);
  const pdfWorker = watchPdfWorker(student);
  const viewer = await new CourseDetail(student).viewMaterial(title);

  // The student app is a remote on another origin: its build's worker file, started by pdf.js.
  expect((await pdfWorker.code).url()).toMatch(/^http:\/\/localhost:3001\/static\//);
  expect((await pdfWorker.code).ok()).toBe(true);
  await pdfWorker.worker;
  await readThreePages(viewer);
  expect(pdfWorker.warnings).toEqual([]);
  await student.close();
});

test('a damaged or password-protected PDF says why it cannot be shown, with Open in new tab and Download', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const damaged = `Damaged handout ${Date.now()}`;
  const locked = `Locked handout ${Date.now()}`;
  await addPdfMaterial(damaged, DAMAGED_PDF);
  await addPdfMaterial(locked, passwordProtectedPdf());

  const student = await signedIn(browser, DEMO.student);
  await new Portal(student).open('My Courses');
  await new MyCourses(student).open(COURSE);
  const detail = new CourseDetail(student);
  for (const [title, reason] of [
    [damaged, 'This PDF cannot be shown: the file may be damaged.'],
    [locked, 'This PDF is protected by a password, so it cannot be shown here.'],
  ] as const) {
    const viewer = await detail.viewMaterial(title);
    const alert = viewer.getByRole('alert');
    await expect(alert).toContainText(reason, FIRST_PDF);
    await expect(alert.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
      'href',
      /\/storage\/v1\/object\/sign\/materials\//,
    );
    await expect(viewer.getByRole('button', { name: 'Download' })).toBeEnabled();
    await expect(viewer.locator('iframe')).toHaveCount(0);
    await viewer.getByRole('button', { name: 'Close' }).last().click();
    await expect(viewer).toBeHidden();
  }
  await student.close();
});

test("a teacher's grading preview draws a student's PDF with pdf.js in the teacher app", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Write a letter ${Date.now()}`;
  const { token } = await passwordGrant(DEMO.teacher, DEMO_PASSWORD);
  const created = await rest('activities', token, {
    method: 'POST',
    body: JSON.stringify({
      title,
      description: 'A formal letter of three pages.',
      type: 'assignment',
      course_id: await courseId(token),
      max_points: 10,
      allow_late_submission: true,
      is_active: true,
    }),
  });
  expect(created.ok, await created.text()).toBe(true);

  const student = await signedIn(browser, DEMO.student);
  await new Portal(student).open('Activities');
  const activities = new StudentActivities(student);
  await activities.search(title);
  await activities.submit(title, 'Adjunto mi carta.', [
    { name: 'Mi carta.pdf', mimeType: 'application/pdf', buffer: pdfWithPages(3) },
  ]);
  await student.close();

  const teacher = await signedIn(browser, DEMO.teacher);
  await new Portal(teacher).open('Activities');
  await teacher.getByRole('searchbox', { name: 'Search activities' }).fill(title);
  await teacher
    .getByRole('article', { name: title })
    .getByRole('button', { name: 'View submissions' })
    .click();
  const grading = teacher.getByRole('dialog', { name: `Submissions: ${title}` });
  const pdfWorker = watchPdfWorker(teacher);
  await grading.getByRole('button', { name: 'Mi carta.pdf' }).click();
  const viewer = teacher.getByRole('dialog', { name: 'Mi carta.pdf' });
  expect((await pdfWorker.code).url()).toMatch(/^http:\/\/localhost:3002\/static\//);
  await pdfWorker.worker;
  await readThreePages(viewer);
  expect(pdfWorker.warnings).toEqual([]);
  await teacher.close();
});
