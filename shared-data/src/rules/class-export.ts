import type { CalendarClass } from '../read-models/calendar';
import { buildIcs, type IcsEvent } from './ics';

// The calendar's "Export (.ics)": the caller's classes (a student's enrolled courses, a teacher's own,
// as RLS answers `calendar_classes`) as an iCalendar file. Pure: the screen reads the classes and
// hands the text to the browser.

/** Name of the downloaded file. */
export const ICS_FILE_NAME = 'lingua-academy-classes.ics';
/** The file's media type. */
export const ICS_CONTENT_TYPE = 'text/calendar;charset=utf-8';
export const ICS_PRODUCT_ID = '-//Lingua Academy//Portal//EN';
const UID_DOMAIN = 'lingua-academy.portal';

/** The export covers the recent past and the next half year: what a student or teacher plans around. */
export const EXPORT_DAYS_BEFORE = 30;
export const EXPORT_MONTHS_AHEAD = 6;

export function exportWindow(now: Date): { from: string; to: string } {
  const from = new Date(now.getTime() - EXPORT_DAYS_BEFORE * 24 * 60 * 60_000);
  const to = new Date(now);
  to.setMonth(to.getMonth() + EXPORT_MONTHS_AHEAD);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The texts of an event's description, in the UI language. */
export interface ExportLabels {
  calendarName: string;
  teacher: (name: string) => string;
  live: string;
  recorded: string;
  meetingLink: (url: string) => string;
  recording: (url: string) => string;
}

function isDate(value: string): boolean {
  return !Number.isNaN(Date.parse(value));
}

export function classToEvent(item: CalendarClass, labels: ExportLabels): IcsEvent {
  const link = item.type === 'live' ? item.meetingLink : null;
  const description = [
    item.description.trim(),
    item.type === 'live' ? labels.live : labels.recorded,
    item.teacherName ? labels.teacher(item.teacherName) : '',
    link ? labels.meetingLink(link) : '',
    item.recordingUrl ? labels.recording(item.recordingUrl) : '',
  ].filter(Boolean);
  return {
    uid: `${item.id}@${UID_DOMAIN}`,
    start: item.scheduledDate,
    end: item.endsAt,
    summary: item.courseTitle ? `${item.courseTitle} – ${item.title}` : item.title,
    description: description.join('\n'),
    url: link ?? item.recordingUrl,
  };
}

/** The iCalendar file of the caller's classes (those with a readable start and end). */
export function classesToIcs(
  classes: readonly CalendarClass[],
  labels: ExportLabels,
  now: Date,
): string {
  return buildIcs({
    productId: ICS_PRODUCT_ID,
    name: labels.calendarName,
    now,
    events: classes
      .filter((item) => isDate(item.scheduledDate) && isDate(item.endsAt))
      .map((item) => classToEvent(item, labels)),
  });
}
