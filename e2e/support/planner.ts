import type { Page } from '@playwright/test';

// The planner (teacher-app class-planner.tsx) draws at most two classes side by side in the week and
// four in the day; the others of a crowded hour are listed behind a "+N more" button (a popover of
// buttons). A full test run leaves crowds at many hours, so a journey looking for its class checks
// both places.

/** The planner's "+N more" buttons. */
export const moreButtons = (page: Page) =>
  page.locator('.class-planner').getByRole('button', { name: /^\+\d+ more$/ });
