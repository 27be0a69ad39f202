// One first day of the week for the whole portal: the kit's calendars and pickers
// (CALENDAR_FIRST_DAY_OF_WEEK) and the planner's reading windows in shared-data must agree, or a
// week in the planner would not be the week its date picker shows.
import { describe, expect, it } from 'vitest';
import { PLANNER_FIRST_DAY_OF_WEEK } from '../shared-data/src/rules/class-planner';
import { CALENDAR_FIRST_DAY_OF_WEEK } from '../shared-ui/src/calendar-week';

describe('the first day of the week', () => {
  it('is the same for the planner, the calendar and the date pickers', () => {
    expect(PLANNER_FIRST_DAY_OF_WEEK).toBe(CALENDAR_FIRST_DAY_OF_WEEK);
  });
});
