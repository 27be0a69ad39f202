import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signUpThroughApi, uniqueEmail } from '../support/backend';

// Issue 12, item 3: the portal used with the keyboard alone, as a person who cannot use a mouse
// does. No click and no fill: Tab, Shift+Tab, Enter, Space, Escape, arrow keys and typing. Every
// stop must show where the focus is.

const COURSE = 'Conversational Spanish';
const COURSE_SEARCH = 'Conversational';

type FocusState = {
  focusVisible: boolean;
  outline: boolean;
  border: boolean;
  shadow: boolean;
  element: string;
};

/**
 * What the focused element shows: an outline, a focus border (inputs) or a focus shadow. A visually
 * hidden control (the radios of a segmented control, a checkbox) shows its focus on the label
 * beside it or on its wrapper, so those count too.
 */
async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { focusVisible: false, outline: false, border: false, shadow: false, element: 'body' };
    }
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    const shows = [element, element.nextElementSibling, element.parentElement]
      .filter((candidate): candidate is Element => candidate !== null)
      .map((candidate) => getComputedStyle(candidate));
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: shows.some(
        (style) => style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1,
      ),
      border: shows.some(
        (style) => style.borderTopColor === primary && Number.parseFloat(style.borderTopWidth) >= 1,
      ),
      shadow: shows.some((style) => style.boxShadow !== 'none'),
      element: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`,
    };
  });
}

const shown = (state: FocusState) =>
  state.focusVisible && (state.outline || state.border || state.shadow);

/** Polls briefly: an input's focus border fades in over Mantine's 100 ms transition. */
async function expectVisibleFocus(page: Page) {
  await expect
    .poll(
      async () => {
        const state = await focusState(page);
        return shown(state) ? 'visible' : `not visible: ${JSON.stringify(state)}`;
      },
      { timeout: 2000 },
    )
    .toBe('visible');
}

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus is visible there. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}

function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

async function openFromSidebar(page: Page, entry: string) {
  // From wherever the focus is, back up to the sidebar entry.
  await tabTo(page, mainNavigation(page).getByRole('link', { name: entry }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
}

test('a student signs in, enrols, opens the course, submits work and logs out with the keyboard only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keyboard');
  await signUpThroughApi(email, 'secret123', 'Kim', 'Keys');

  // Sign in.
  await page.goto('/auth');
  await expect(page).toHaveTitle('Sign in · Lingua Academy');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type('secret123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome back, Kim!' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Lingua Academy');

  // Catalog: search, then enrol.
  await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Course Catalog' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('Course Catalog · Lingua Academy');
  await tabTo(page, page.getByRole('searchbox', { name: 'Search courses' }));
  await page.keyboard.type(COURSE_SEARCH);
  const card = page.getByRole('article', { name: COURSE });
  await expect(page.getByRole('article')).toHaveCount(1);
  await tabTo(page, card.getByRole('button', { name: 'Enroll Now' }));
  await page.keyboard.press('Enter');
  // The toast is announced: Mantine renders it with role="alert", a live region.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Successfully enrolled in course!' }),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enrolled' })).toBeVisible();

  // Open the course from My Courses.
  await openFromSidebar(page, 'My Courses');
  await tabTo(
    page,
    page.getByRole('article', { name: COURSE }).getByRole('link', { name: 'Open course' }),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: COURSE })).toBeVisible();
  await expect(page).toHaveTitle('Course Detail · Lingua Academy');

  // Submit an activity: the dialog takes the focus, keeps it while tabbing, and gives it back.
  await openFromSidebar(page, 'Activities');
  const submit = page.getByRole('button', { name: 'Submit', disabled: false }).first();
  await tabTo(page, submit);
  const activity = await submit.evaluate(
    (button) => button.closest('article')?.getAttribute('aria-labelledby') ?? '',
  );
  const title = await page.locator(`[id="${activity}"]`).innerText();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Submit: ${title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your answer')).toBeFocused();
  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('My answer, typed without a mouse.');
  await tabTo(page, dialog.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Submission sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Log out: cancelling returns the focus to Logout; confirming signs out.
  await tabTo(page, page.getByRole('button', { name: 'Logout' }));
  const logout = page.getByRole('button', { name: 'Logout' });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Logout' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Logout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the month calendar moves between days with the arrow keys', async ({ page }) => {
  await page.goto('/auth');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(DEMO.student);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await openFromSidebar(page, 'Calendar');

  // One day of the grid is in the tab order; the arrows move from there.
  const days = page.getByRole('table').getByRole('button');
  await tabTo(page, days.and(page.locator('[tabindex="0"]')));
  const start = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  await page.keyboard.press('ArrowRight');
  const next = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  expect(next).not.toBe(start);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(start);
  await expectVisibleFocus(page);

  // Enter selects the focused day: its classes are listed beside the grid.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /^Classes on / })).toBeVisible();
});

test('with reduced motion, dialogs open without animation', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/auth');
  await page.getByLabel('Email').fill(DEMO.teacher);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logout' });
  await expect(dialog).toBeVisible();
  const duration = await dialog.evaluate((element) => getComputedStyle(element).transitionDuration);
  expect(duration.split(',').every((part) => Number.parseFloat(part) === 0)).toBe(true);
});
