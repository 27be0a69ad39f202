import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';

// Issue 29: Escape in a date picker closed the whole Schedule Class dialog and lost what was typed.
// In a real Chromium: Escape closes only the innermost popover (the date field's calendar, the course
// list); a dialog with changes asks before it closes (Escape, Cancel), and an untouched one closes at
// once. Nothing is saved, so the seed stays as it was.

test('Schedule Class: Escape closes the date picker only, and a changed dialog asks before closing', async ({
  page,
}) => {
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  await new Portal(page).open('Class Management');

  await page.getByRole('button', { name: 'Schedule Class' }).first().click();
  const form = page.getByRole('dialog', { name: 'Schedule Class' });
  const title = form.getByRole('textbox', { name: 'Title' });
  const question = page.getByRole('dialog', { name: 'Discard changes?' });
  await title.fill('Pitch practice');

  // The date field's calendar opens; Escape closes it and nothing else.
  await form.getByRole('textbox', { name: 'Date' }).click();
  const nextMonth = page.getByRole('button', { name: 'Next month' });
  await expect(nextMonth).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nextMonth).toBeHidden();
  await expect(question).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(title).toHaveValue('Pitch practice');

  // The same for the course list.
  await form.getByRole('combobox', { name: 'Course' }).click();
  const options = page.getByRole('listbox');
  await expect(options).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();
  await expect(question).toHaveCount(0);
  await expect(form).toBeVisible();

  // With the popovers closed, Escape would close the dialog: it asks first, and Keep editing keeps it.
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await expect(question).toContainText('What you entered has not been saved.');
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(form).toBeVisible();
  await expect(title).toHaveValue('Pitch practice');
  // The focus is back where it was.
  await expect(form.getByRole('combobox', { name: 'Course' })).toBeFocused();

  // Escape in the question answers it (keep editing), not the form behind it.
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(form).toBeVisible();
  await expect(title).toHaveValue('Pitch practice');

  // Cancel asks too; Discard changes closes the dialog.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(question).toBeHidden();
  await expect(form).toBeHidden();

  // An untouched dialog closes at once.
  await page.getByRole('button', { name: 'Schedule Class' }).first().click();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(question).toHaveCount(0);
});

// Issue 29: the Create Activity dialog was taller than a 1280x800 window, so its last fields and its
// buttons had to be scrolled to. Its fields now pair up on a desktop (type and points, due date and
// time). Its 24-hour time field has no dropdown: Escape there is the dialog's, which asks first.
test('Create Activity fits a 1280x800 window, and Escape in its time field asks before closing', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.teacher, DEMO_PASSWORD);
  await new Portal(page).open('Activities');

  await page.getByRole('button', { name: 'Create Activity' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create Activity' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Ordering food');
  await form.getByRole('textbox', { name: 'Due date (optional)' }).fill('01/12/2030');
  const hours = form.getByRole('spinbutton', { name: 'Due time: hours' });
  await expect(hours).toHaveValue('23');
  // Nothing to scroll to: the whole dialog, buttons included, is in the window.
  const sizes = await form.evaluate((dialog) => ({
    scroll: dialog.scrollHeight,
    client: dialog.clientHeight,
    bottom: dialog.getBoundingClientRect().bottom,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  expect(sizes.bottom).toBeLessThanOrEqual(800);
  await expect(form.getByRole('button', { name: 'Create Activity' })).toBeInViewport();

  await hours.click();
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('Ordering food');
  await context.close();
});
