// The windows the calendar asks the read model for, in the viewer's own days.

export { dayKey } from '../month-calendar/calendar-grid';

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

/** The viewer's IANA time zone, so the month's days are the days the grid shows. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
