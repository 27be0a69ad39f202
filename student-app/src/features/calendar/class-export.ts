import type { CalendarClass } from '@portal/shared-data';
import { buildIcs, type IcsEvent } from './ics';

/** Name of the downloaded file. */
export const ICS_FILE_NAME = 'lingua-academy-classes.ics';
export const ICS_PRODUCT_ID = '-//Lingua Academy//Student Portal//EN';
const UID_DOMAIN = 'lingua-academy.portal';

/** The export covers the recent past and the next half year: what a student plans around. */
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

/** The iCalendar file of the student's classes (those with a readable start and end). */
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

/** Hands a text file to the browser as a download. */
export function downloadTextFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
