import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, expectFitsWidth } from '../support/accessibility';
import { courseOfTheirOwn } from '../support/backend';
import { signedIn } from '../support/pages';

// Issue 30, messages: a student writes to the teacher of their course; the teacher's sidebar badge
// shows it live, the teacher reads and replies; the student (on a 375 px phone) sees the reply in the
// open thread live, goes Back, and the next message shows in the inbox and the badge live; reading
// clears the badges, and the bell's message notification with them. A teacher, a course and a student of their own, so the demo accounts' messages
// stay as the other tests expect them.

/** The sidebar's Messages entry: its name carries the unread count ("Messages 1 unread"). */
/** The bell: its name carries the unread count ("Notifications, 1 unread"). */
function bell(page: Page): Locator {
  return page.getByRole('button', { name: /^Notifications/ });
}

function messagesLink(page: Page): Locator {
  return page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Messages/ });
}

test('a message round trip with the unread badge', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const {
    teacher,
    students: [student],
  } = await courseOfTheirOwn({
    lastName: 'Mensajes',
    teacher: 'Tere',
    students: ['Santi'],
    title: `Messages course ${stamp}`,
    description: 'Messages',
  });

  const teacherPage = await signedIn(browser, teacher.email);
  await expect(messagesLink(teacherPage)).toHaveAccessibleName('Messages');

  // The student, on a phone: the sidebar behind the menu, then Messages, New message, the teacher.
  const phone = { width: 375, height: 812 };
  const studentPage = await signedIn(browser, student.email, phone);
  // The administrator's enrolment told the student: one unread before any message.
  await expect(bell(studentPage)).toHaveAccessibleName('Notifications, 1 unread');
  await studentPage.getByRole('button', { name: 'Toggle navigation' }).click();
  await messagesLink(studentPage).click();
  await expect(studentPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(
    studentPage.getByText('No conversations yet. Start one with New message.'),
  ).toBeVisible();
  await studentPage.getByRole('button', { name: 'New message' }).click();
  const dialog = studentPage.getByRole('dialog', { name: 'New message' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(studentPage, '[role="dialog"]')).toEqual([]);
  // The search field (the options' list is labelled by it too).
  await dialog.getByLabel('To', { exact: true }).and(dialog.locator('input')).click();
  await studentPage.getByRole('option', { name: 'Tere Mensajes · Teacher' }).click();
  await dialog.getByRole('button', { name: 'Open conversation' }).click();
  await expect(dialog).toBeHidden();

  const studentBox = studentPage.getByRole('textbox', { name: 'Message' });
  await studentBox.fill(`Hola, Tere (${stamp})`);
  await studentPage.getByRole('button', { name: 'Send' }).click();
  await expect(
    studentPage.getByTestId('message').filter({ hasText: `Hola, Tere (${stamp})` }),
  ).toBeVisible();
  await expect(studentBox).toHaveValue('');
  const sent = Date.now();

  // The teacher's badge, without a reload, within 2 s.
  await expect(messagesLink(teacherPage)).toHaveAccessibleName(/^Messages\s*1 unread$/, {
    timeout: 2_000,
  });
  console.log(
    `messages: the student's message reached the teacher's badge ${Date.now() - sent} ms after the send`,
  );
  await expect(bell(teacherPage)).toHaveAccessibleName('Notifications, 1 unread', {
    timeout: 2_000,
  });

  // The teacher reads it (the badge clears) and replies.
  await messagesLink(teacherPage).click();
  await teacherPage.getByRole('button', { name: /Santi Mensajes/ }).click();
  await expect(
    teacherPage.getByTestId('message').filter({ hasText: `Hola, Tere (${stamp})` }),
  ).toBeVisible();
  await expect(messagesLink(teacherPage)).toHaveAccessibleName('Messages');
  // Reading the conversation read its notification too: the bell agrees with the badge.
  await expect(bell(teacherPage)).toHaveAccessibleName('Notifications', { timeout: 2_000 });
  await teacherPage
    .getByRole('textbox', { name: 'Message' })
    .fill('¡Hola, Santi! Nos vemos el lunes.');
  await teacherPage.getByRole('button', { name: 'Send' }).click();
  const replied = Date.now();

  // The student's open thread shows the reply live, and reading it leaves no badge.
  await expect(
    studentPage.getByTestId('message').filter({ hasText: '¡Hola, Santi! Nos vemos el lunes.' }),
  ).toBeVisible({ timeout: 2_000 });
  console.log(
    `messages: the reply reached the student's open thread ${Date.now() - replied} ms after the send`,
  );
  await expect(messagesLink(studentPage)).toHaveAccessibleName('Messages');
  // The bell keeps only the enrolment's notification: the reply's was read with the thread.
  await expect(bell(studentPage)).toHaveAccessibleName('Notifications, 1 unread', {
    timeout: 2_000,
  });
  expect(await axeViolations(studentPage, 'main')).toEqual([]);
  await expectFitsWidth(studentPage, 375);

  // Back to the inbox; the next message shows there and in the badge live, until it is read.
  await studentPage.getByRole('button', { name: 'Back to conversations' }).click();
  const conversation = studentPage.getByRole('button', { name: /Tere Mensajes/ });
  await expect(conversation).toBeVisible();
  await teacherPage.getByRole('textbox', { name: 'Message' }).fill('Trae el libro, por favor.');
  await teacherPage.getByRole('button', { name: 'Send' }).click();
  await expect(conversation).toContainText('1 unread', { timeout: 2_000 });
  await expect(conversation).toContainText('Trae el libro, por favor.');
  await expect(messagesLink(studentPage)).toHaveAccessibleName(/^Messages\s*1 unread$/, {
    timeout: 2_000,
  });
  await conversation.click();
  await expect(
    studentPage.getByTestId('message').filter({ hasText: 'Trae el libro, por favor.' }),
  ).toBeVisible();
  await expect(messagesLink(studentPage)).toHaveAccessibleName('Messages');

  // Answering is reading: the teacher's bell stayed clear through their own replies.
  await expect(bell(teacherPage)).toHaveAccessibleName('Notifications');

  await teacherPage.context().close();
  await studentPage.context().close();
});
