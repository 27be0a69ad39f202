const DAY_MS = 24 * 60 * 60 * 1000;

/** 'due this week' means from now up to 7 days ahead. */
export const DUE_THIS_WEEK_DAYS = 7;

type Dated = { dueDate: string | null };

function timeOf(iso: string | null): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/** Due between now and 7 days from now, both ends included; no due date is never due. */
export function dueThisWeek(activity: Dated, now: Date): boolean {
  const due = timeOf(activity.dueDate);
  const start = now.getTime();
  return due !== null && due >= start && due <= start + DUE_THIS_WEEK_DAYS * DAY_MS;
}

/** Past its due date; an activity without a due date is never overdue. */
export function isOverdue(activity: Dated, now: Date): boolean {
  const due = timeOf(activity.dueDate);
  return due !== null && due < now.getTime();
}

/**
 * A form's date (`YYYY-MM-DD`) and time (`HH:mm`) read as local time, as an ISO UTC date-time
 *; null unless both are set and form a real date.
 */
export function combineLocalDateTime(date: string, time: string): string | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!dateMatch || !timeMatch) return null;
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hours, minutes] = timeMatch.slice(1).map(Number) as [number, number];
  const local = new Date(year, month - 1, day, hours, minutes);
  const roundTrips =
    local.getFullYear() === year &&
    local.getMonth() === month - 1 &&
    local.getDate() === day &&
    local.getHours() === hours &&
    local.getMinutes() === minutes;
  return roundTrips ? local.toISOString() : null;
}

/** Minutes as whole hours (minutes / 60, rounded); anything but a finite number counts as 0. */
export function hoursFromMinutes(minutes: number): number {
  return Number.isFinite(minutes) ? Math.round(minutes / 60) : 0;
}

/** Total hours of classes = their minutes / 60, rounded. */
export function totalHours(classes: readonly { duration: number }[]): number {
  const minutes = classes.reduce(
    (sum, { duration }) => sum + (Number.isFinite(duration) ? duration : 0),
    0,
  );
  return hoursFromMinutes(minutes);
}
