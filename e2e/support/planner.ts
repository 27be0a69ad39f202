import type { Page } from '@playwright/test';

// The planner (teacher-app class-planner.tsx) draws one class at any moment of a day's column; the
// others of a crowded hour are listed beside it behind a "+N more" button (a popover of buttons). A full test run leaves crowds at many hours, so a journey looking for its class checks
// both places.

/** The planner's "+N more" buttons. */
export const moreButtons = (page: Page) =>
  page.locator('.class-planner').getByRole('button', { name: /^\+\d+ more$/ });
