// Class Management shows a class's date and time the Argentine way (day first, 24-hour clock) in
// both UI languages; its date field reads and writes the same day-first form through shared-ui's
// useDateInputProps, like every form's date.

/** The Intl locale of every date and time on this screen. */
export const CLASS_DATE_LOCALE = 'es-AR';

const dateFormat = new Intl.DateTimeFormat(CLASS_DATE_LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

// `hourCycle: 'h23'` is what `hour12: false` means, without the engines that show midnight as 24:00.
const timeFormat = new Intl.DateTimeFormat(CLASS_DATE_LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '01/12/2026' for an ISO date-time, in the viewer's time zone; unparseable input as is. */
export function formatClassDate(iso: string): string {
  const date = toDate(iso);
  return date ? dateFormat.format(date) : iso;
}

/** '14:05' for an ISO date-time, in the viewer's time zone; unparseable input as is. */
export function formatClassTime(iso: string): string {
  const date = toDate(iso);
  return date ? timeFormat.format(date) : iso;
}
