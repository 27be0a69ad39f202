import type { CalendarDay, CalendarMonth } from '../read-models/calendar';

// The calendar's days as the viewer lives them: the windows asked of the calendar read model and
// the month answer's entry for a day, all in the viewer's own (local) days.

/** 'YYYY-MM-DD' of the local day, as the month answer names its days. */
export function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The local month as a window of start times [first day 00:00, first day of next month 00:00). */
export function monthRange(date: Date): { from: string; to: string } {
  const from = new Date(date.getFullYear(), date.getMonth(), 1);
  const to = new Date(date.getFullYear(), date.getMonth() + 1, 1);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The local day as a window of start times [00:00, next day 00:00). */
export function dayRange(date: Date): { from: string; to: string } {
  const from = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const to = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return { from: from.toISOString(), to: to.toISOString() };
}

let resolvedTimeZone: string | undefined;

/**
 * The viewer's IANA time zone, so the month's days are the days the grid shows. Read once per page
 * load: building the Intl formatter that tells it costs milliseconds on a phone, on every render.
 */
export function viewerTimeZone(): string {
  resolvedTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return resolvedTimeZone;
}

/** The month answer's entry for a local day; undefined when the day has no classes (or no answer). */
export function findCalendarDay(
  month: CalendarMonth | undefined,
  date: Date,
): CalendarDay | undefined {
  const key = dayKey(date);
  return month?.days.find((day) => day.date === key);
}

/**
 * Whether a day has more classes than the month answer carries (its first ones only), so its full
 * list is one more request.
 */
export function needsFullDayList(day: CalendarDay | undefined): boolean {
  return !!day && day.classCount > day.classes.length;
}
