import { expect, type Page } from '@playwright/test';

// The planner (teacher-app class-planner.tsx) draws at most two classes side by side in the week and
// four in the day; the others of a crowded hour are listed behind a "+N more" button (a popover of
// buttons). A full test run leaves crowds at many hours, so a journey looking for its class checks
// both places.

/** The planner's "+N more" buttons. */
export const moreButtons = (page: Page) =>
  page.locator('.class-planner').getByRole('button', { name: /^\+\d+ more$/ });

/**
 * Waits until the class named `name` is shown in the planner: drawn in the grid, or listed behind one
 * of its "+N more" buttons (opened, read and closed again by keyboard).
 */
export async function expectClassInPlanner(page: Page, name: RegExp): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
  const drawn = page.locator('.class-planner').getByRole('button', { name });
  await expect
    .poll(
      async () => {
        if ((await drawn.count()) > 0) return true;
        const mores = moreButtons(page);
        for (let index = 0; index < (await mores.count()); index += 1) {
          await mores.nth(index).focus();
          await page.keyboard.press('Enter');
          const list = page.getByRole('dialog');
          await expect(list).toBeVisible();
          const listed = await list.getByRole('button', { name }).count();
          await page.keyboard.press('Escape');
          await expect(list).toHaveCount(0);
          if (listed > 0) return true;
        }
        return false;
      },
      { message: `${String(name)} in the planner, drawn or behind "+N more"`, timeout: 20_000 },
    )
    .toBe(true);
}
