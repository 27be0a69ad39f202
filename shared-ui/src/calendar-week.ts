/**
 * The first day of the week on every calendar of the portal, in both languages: Sunday, as the
 * spec's month grid has it. The month calendar, the planner (shared-data's
 * PLANNER_FIRST_DAY_OF_WEEK, checked equal in tests/calendar-week.test.ts) and every date picker
 * (the theme's default for Mantine's date components) use it, so a picker never shows a week the
 * calendar beside it does not.
 */
export const CALENDAR_FIRST_DAY_OF_WEEK = 0;
