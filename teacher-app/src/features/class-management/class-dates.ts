// Class Management shows a class's date and time the Argentine way (day first, 24-hour clock) in
// both UI languages, and its date field reads and writes the same day-first form.

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

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date field's text for a form date ('2026-12-01' → '01/12/2026'); '' for none. */
export function formatFormDate(value: string | null | undefined): string {
  const match = value ? ISO_DAY.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * What a person typed in the date field as a form date ('YYYY-MM-DD'): day first ('1/12/2026',
 * '01-12-2026', '1.12.2026') or already 'YYYY-MM-DD'. Null until it names a real day.
 */
export function parseFormDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_FIRST.exec(value);
  if (dayFirst) return isoDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  return null;
}
