import { combineLocalDateTime } from './schedule';

// The teacher calendar's planner (day, week and month views where a class is dragged to a new time):
// which start times each view asks for, how the planner's local date-times become the ISO times the
// database stores, and which moves are offered. Who may move a class is the database's answer (RLS,
// and a class with attendance stays put); these rules only keep the planner from offering what makes
// no sense.

export type PlannerView = 'day' | 'week' | 'month';

/** The planner's weeks start on Sunday, as the month calendar's do. */
export const PLANNER_FIRST_DAY_OF_WEEK = 0;

function localDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const local = new Date(year, month - 1, day);
  return local.getMonth() === month - 1 && local.getDate() === day ? local : null;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

function weekStart(date: Date): Date {
  return addDays(date, -((date.getDay() - PLANNER_FIRST_DAY_OF_WEEK + 7) % 7));
}

/**
 * The start times a view shows, as a window [from, to) of local midnights in ISO: the day; the week
 * (Sunday to Saturday) around the date; the whole weeks the month grid shows (its first week may
 * begin in the month before, its last end in the month after). Null for a date that is not one.
 */
export function plannerRange(view: PlannerView, date: string): { from: string; to: string } | null {
  const day = localDay(date);
  if (!day) return null;
  let from: Date;
  let to: Date;
  if (view === 'day') {
    from = day;
    to = addDays(day, 1);
  } else if (view === 'week') {
    from = weekStart(day);
    to = addDays(from, 7);
  } else {
    from = weekStart(new Date(day.getFullYear(), day.getMonth(), 1));
    const lastDay = new Date(day.getFullYear(), day.getMonth() + 1, 0);
    to = addDays(weekStart(lastDay), 7);
  }
  return { from: from.toISOString(), to: to.toISOString() };
}

/**
 * A planner date-time ('YYYY-MM-DD HH:mm:ss', local, as the schedule component hands it over) as
 * the ISO UTC time the database stores; null when it does not name a real local time (the hour the
 * clocks skip).
 */
export function plannerTimeToIso(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::\d{2})?$/.exec(value.trim());
  return match ? combineLocalDateTime(match[1] as string, match[2] as string) : null;
}

/** Only a class that has not started is offered for dragging: a started one may be under way. */
export function canOfferMove(item: { scheduledDate: string }, now: Date): boolean {
  const start = Date.parse(item.scheduledDate);
  return Number.isFinite(start) && start > now.getTime();
}

export type MoveRefusal = 'classMoveInvalidTime' | 'classMoveToPast' | 'classMoveUnchanged';

/**
 * Why a move should not be sent, or null to send it: the new start must be a real local time that
 * has not passed and differ from the current one.
 */
export function moveRefusal(
  item: { scheduledDate: string },
  newStartIso: string | null,
  now: Date,
): MoveRefusal | null {
  if (newStartIso === null) return 'classMoveInvalidTime';
  const start = Date.parse(newStartIso);
  if (start <= now.getTime()) return 'classMoveToPast';
  return start === Date.parse(item.scheduledDate) ? 'classMoveUnchanged' : null;
}

/** The planner's move dialog: a new date ('YYYY-MM-DD', or null before one is picked) and time. */
export type MoveFormValues = { date: string | null; time: string };

export type MoveFormKey =
  'classDateRequired' | 'classTimeRequired' | 'classTimeInvalid' | 'classTimeSkipped';

/** Failing fields only, as `validation` keys (the class form's own messages); `{}` to send. */
export function validateMoveForm(
  values: MoveFormValues,
): Partial<Record<keyof MoveFormValues, MoveFormKey>> {
  const errors: Partial<Record<keyof MoveFormValues, MoveFormKey>> = {};
  const date = values.date?.trim() ?? '';
  if (date === '') errors.date = 'classDateRequired';
  const time = values.time.trim();
  if (time === '') errors.time = 'classTimeRequired';
  else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) errors.time = 'classTimeInvalid';
  else if (date !== '' && combineLocalDateTime(date, time) === null)
    errors.time = 'classTimeSkipped';
  return errors;
}
