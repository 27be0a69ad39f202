import type { Language } from '../i18n';
import { dateTimeFormat } from './intl-cache';
import { intlLocale } from './locale';

// The portal's one way of writing dates, per UI language (docs/shared-packages.md, "Dates"): every
// screen, calendar and planner formats through these, never through its own Intl or dayjs pattern.
// English is 'Mar 4, 2025', Spanish '4 mar 2025'; times are on the 24-hour clock in both.

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A calendar day ('2025-03-04') is that day where the viewer is; `new Date` would read it as
  // midnight UTC, the day before west of Greenwich.
  const day = DAY_ONLY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
};

function format(value: string | Date, language: Language, options: Intl.DateTimeFormatOptions) {
  const date = toDate(value);
  return date ? dateTimeFormat(intlLocale(language), options).format(date) : String(value);
}

/** A calendar date in the UI language ('Mar 4, 2025' / '4 mar 2025'); unparseable input is shown as is. */
export function formatDate(value: string | Date, language: Language = 'en'): string {
  return format(value, language, DATE);
}

/** A time of day on the 24-hour clock ('09:05', '14:30') in both languages; unparseable input as is. */
export function formatTime(value: string | Date, language: Language = 'en'): string {
  return format(value, language, TIME);
}

/** A date with its time: 'Mar 4, 2025, 09:05' / '4 mar 2025, 9:05'. */
export function formatDateTime(value: string | Date, language: Language = 'en'): string {
  return format(value, language, { ...DATE, ...TIME });
}

/**
 * A date with its time on another clock than the viewer's, naming it: the school's time zone for a
 * seat hold's end ('Dec 3, 2026, 19:00 CET'). An unknown zone falls back to UTC.
 */
export function formatDateTimeInZone(
  value: string | Date,
  language: Language,
  timeZone: string,
): string {
  const date = toDate(value);
  if (!date) return String(value);
  const options = { ...DATE, ...TIME, timeZoneName: 'short' } as const;
  try {
    return dateTimeFormat(intlLocale(language), { ...options, timeZone }).format(date);
  } catch {
    return dateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** A day spelled out, for a day's heading: 'Tuesday, March 4, 2025' / 'martes, 4 de marzo de 2025'. */
export function formatLongDate(value: string | Date, language: Language = 'en'): string {
  return format(value, language, LONG_DATE);
}

/** A day spelled out with its time: 'Tuesday, March 4, 2025 at 09:05' / '… de 2025, 9:05'. */
export function formatLongDateTime(value: string | Date, language: Language = 'en'): string {
  return format(value, language, { ...LONG_DATE, ...TIME });
}

/** A day in a short list or a chart's axis, without its year: 'Mar 4' / '4 mar'. */
export function formatDayMonth(value: string | Date, language: Language = 'en'): string {
  return format(value, language, { day: 'numeric', month: 'short' });
}

/** A month in a short list or a chart's axis: 'Mar 2025' / 'mar 2025'. */
export function formatShortMonthYear(value: string | Date, language: Language = 'en'): string {
  return format(value, language, { month: 'short', year: 'numeric' });
}

/** A month's heading: 'March 2025' / 'marzo de 2025'. */
export function formatMonthYear(value: string | Date, language: Language = 'en'): string {
  return format(value, language, { month: 'long', year: 'numeric' });
}

/** A month's name: 'March' / 'marzo'. */
export function formatMonthName(value: string | Date, language: Language = 'en'): string {
  return format(value, language, { month: 'long' });
}

/** A weekday's short name: 'Tue' / 'mar'. */
export function formatWeekday(value: string | Date, language: Language = 'en'): string {
  return format(value, language, { weekday: 'short' });
}

/**
 * A span of days, written once ('Nov 22 – 28, 2026' / '22–28 nov 2026'), as a week's heading.
 * Unparseable input is shown as it is.
 */
export function formatDateRange(from: string | Date, to: string | Date, language: Language = 'en') {
  const start = toDate(from);
  const end = toDate(to);
  if (!start || !end) return `${String(from)} – ${String(to)}`;
  return dateTimeFormat(intlLocale(language), DATE).formatRange(start, end);
}
