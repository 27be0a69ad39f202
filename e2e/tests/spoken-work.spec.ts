import { expect, test, type Browser, type Locator } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  passwordGrant,
  rest,
  signUpThroughApi,
  uniqueEmail,
} from '../support/backend';
import { AuthScreen } from '../support/pages';

// Issue 32, spoken work: a student records an answer in the page with Chromium's fake microphone (a
// beeping test tone, granted without a prompt), listens, attaches and submits it; the teacher plays it
// back in the grading dialog, records feedback and saves it with the grade; the student plays the
// feedback. Also measured: Stop to uploaded submission, and the upload of a 3-minute-sized answer.

const FAKE_MICROPHONE = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

async function must(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

async function created<T>(response: Response, what: string): Promise<T> {
  const [row] = (await (await must(response, what)).json()) as T[];
  if (!row) throw new Error(`${what}: nothing returned`);
  return row;
}

/** Waits until the audio element has read its recording's metadata; answers its length. */
async function loadedDuration(audio: Locator): Promise<number> {
  await expect(audio).toHaveAttribute('src', /.+/);
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
  // A recorder's WebM names no length; the player reads through to find it (findDuration).
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  return audio.evaluate((element: HTMLAudioElement) => element.duration);
}

async function signedInWithMicrophone(browser: Browser, email: string) {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    baseURL: 'http://localhost:3000',
    permissions: ['microphone'],
  });
  const page = await context.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  return page;
}

test('a student records an answer, the teacher hears it and records feedback, the student hears that', async ({
  playwright,
  launchOptions,
}, testInfo) => {
  test.setTimeout(180_000);
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...FAKE_MICROPHONE],
  });
  try {
    const stamp = Date.now().toString(36);
    const { token: admin } = await passwordGrant(DEMO.admin, DEMO_PASSWORD);
    const teacherEmail = uniqueEmail('speaking.teacher');
    await signUpThroughApi(teacherEmail, DEMO_PASSWORD, 'Sara', `Speaking ${stamp}`);
    const { userId: teacherId } = await passwordGrant(teacherEmail, DEMO_PASSWORD);
    await must(
      await rest(`users?id=eq.${teacherId}`, admin, {
        method: 'PATCH',
        body: JSON.stringify({ role: 'teacher' }),
      }),
      'make teacher',
    );
    const course = await created<{ id: string }>(
      await rest('courses?select=id', admin, {
        method: 'POST',
        headers: { Prefer: 'return=representation' },
        body: JSON.stringify({
          title: `Conversation ${stamp}`,
          description: 'Spoken work fixture',
          language: 'Spanish',
          teacher_id: teacherId,
          max_students: 10,
        }),
      }),
      'create course',
    );
    const title = `Introduce yourself ${stamp}`;
    await created<{ id: string }>(
      await rest('activities?select=id', admin, {
        method: 'POST',
        headers: { Prefer: 'return=representation' },
        body: JSON.stringify({
          title,
          description: 'Say who you are, in Spanish.',
          type: 'presentation',
          course_id: course.id,
          max_points: 10,
          is_active: true,
          recording_limit_seconds: 60,
        }),
      }),
      'create activity',
    );
    // A second activity takes the 3-minute-sized answer of the measure (graded work is not handed in again).
    const measureTitle = `Tell a story ${stamp}`;
    await created<{ id: string }>(
      await rest('activities?select=id', admin, {
        method: 'POST',
        headers: { Prefer: 'return=representation' },
        body: JSON.stringify({
          title: measureTitle,
          description: 'Three minutes, in Spanish.',
          type: 'presentation',
          course_id: course.id,
          max_points: 10,
          is_active: true,
        }),
      }),
      'create the measured activity',
    );
    const studentEmail = uniqueEmail('speaking.student');
    await signUpThroughApi(studentEmail, DEMO_PASSWORD, 'Pablo', `Voz ${stamp}`);
    const studentGrant = await passwordGrant(studentEmail, DEMO_PASSWORD);
    await must(
      await rest('rpc/enroll_user_in_course', admin, {
        method: 'POST',
        body: JSON.stringify({ user_uuid: studentGrant.userId, course_uuid: course.id }),
      }),
      'enrol',
    );

    // The student records about 3 seconds, listens, attaches it and submits.
    const student = await signedInWithMicrophone(browser, studentEmail);
    await student.goto('/activities');
    const card = student.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Submit' }).click();
    const form = student.getByRole('dialog', { name: `Submit: ${title}` });
    await form.getByRole('button', { name: 'Record an answer' }).click();
    const recorder = form.getByRole('region', { name: 'Audio recorder' });
    await expect(recorder).toContainText('Up to 1:00');
    await recorder.getByRole('button', { name: 'Start recording' }).click();
    await expect(recorder.getByRole('button', { name: 'Pause recording' })).toBeFocused();
    await expect(recorder.getByRole('status')).toHaveText('Recording started.');
    await expect(recorder.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    await student.waitForTimeout(3_000);
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    const stoppedAt = Date.now();
    const preview = recorder.getByLabel('Your recording');
    expect(await loadedDuration(preview)).toBeGreaterThan(1);
    await recorder.getByRole('button', { name: 'Attach this recording' }).click();
    await expect(form.getByText(/^recording-\d{8}-\d{6}\.webm$/)).toBeVisible();
    await form.getByLabel('Your answer').fill('Hola, me llamo Pablo.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(student.getByText('Submission sent')).toBeVisible();
    const stopToSubmitted = Date.now() - stoppedAt;

    // The teacher opens the submission and plays the recording back.
    const teacher = await signedInWithMicrophone(browser, teacherEmail);
    await teacher.goto('/activities');
    await teacher
      .getByRole('article', { name: title })
      .getByRole('button', { name: 'View submissions' })
      .click();
    const grading = teacher.getByRole('dialog', { name: `Submissions: ${title}` });
    const answer = grading.getByLabel(/^Listen to recording-\d{8}-\d{6}\.webm$/);
    const answerSeconds = await loadedDuration(answer);
    expect(answerSeconds).toBeGreaterThan(1);
    await answer.evaluate((element: HTMLAudioElement) => {
      element.muted = true;
      return element.play();
    });

    // ... records feedback and saves it with the grade.
    await grading.getByRole('button', { name: 'Record feedback' }).click();
    const feedbackRecorder = grading.getByRole('region', { name: 'Audio recorder' });
    await feedbackRecorder.getByRole('button', { name: 'Start recording' }).click();
    await expect(feedbackRecorder.getByRole('button', { name: 'Stop recording' })).toBeVisible();
    await teacher.waitForTimeout(2_000);
    await feedbackRecorder.getByRole('button', { name: 'Stop recording' }).click();
    await feedbackRecorder.getByRole('button', { name: 'Use this feedback' }).click();
    await expect(grading.getByText('Not saved yet: Save grade keeps it.')).toBeVisible();
    await loadedDuration(grading.getByLabel('Recorded feedback', { exact: true }));
    await grading.getByRole('textbox', { name: 'Grade' }).fill('9');
    await grading.getByRole('button', { name: 'Save grade' }).click();
    await expect(teacher.getByText('Grade saved')).toBeVisible();
    await expect(grading.getByText('Not saved yet: Save grade keeps it.')).toBeHidden();

    // The student hears the recorded feedback beside the grade.
    await student.reload();
    await card.getByRole('button', { name: 'View' }).click();
    const details = student.getByRole('dialog', { name: title });
    await expect(details).toContainText('9 / 10');
    const feedbackSeconds = await loadedDuration(
      details.getByLabel('Recorded feedback', { exact: true }),
    );
    expect(feedbackSeconds).toBeGreaterThan(1);

    // Measure: uploading a 3-minute answer. The recording above gives the bytes a second of this
    // browser's Opus; an answer of 180 s that size is submitted through the same dialog.
    const bytes = await teacher.evaluate(
      async ([objectName]) =>
        (await fetch(objectName as string)).arrayBuffer().then((b) => b.byteLength),
      [await answer.getAttribute('src')],
    );
    const perSecond = bytes / answerSeconds;
    const threeMinutes = Math.round(perSecond * 180);
    await student.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await student
      .getByRole('article', { name: measureTitle })
      .getByRole('button', { name: 'Submit' })
      .click();
    const again = student.getByRole('dialog', { name: `Submit: ${measureTitle}` });
    await again.locator('input[type="file"]').setInputFiles({
      name: 'recording-3-minutes.webm',
      mimeType: 'audio/webm',
      buffer: Buffer.alloc(threeMinutes, 1),
    });
    const uploadStarted = Date.now();
    await again.getByRole('button', { name: 'Submit' }).click();
    await expect(again).toBeHidden({ timeout: 60_000 });
    const threeMinuteUpload = Date.now() - uploadStarted;

    const measured = {
      stopToSubmittedMs: stopToSubmitted,
      recordedSeconds: Number(answerSeconds.toFixed(2)),
      recordedBytes: bytes,
      threeMinuteBytes: threeMinutes,
      threeMinuteSubmitMs: threeMinuteUpload,
    };
    testInfo.annotations.push({ type: 'spoken-work', description: JSON.stringify(measured) });
    console.log('spoken-work measure', JSON.stringify(measured));
  } finally {
    await browser.close();
  }
});
