// An RFC 5545 iCalendar writer for the calendar export: pure, so what a calendar app receives is tested
// byte for byte. Times are written in UTC (the `Z` form), which every calendar app converts to the
// reader's own time zone.

/** One class (or any appointment) as an iCalendar event. */
export interface IcsEvent {
  /** Globally unique and stable across exports, so re-importing updates rather than duplicates. */
  uid: string;
  start: string | Date;
  end: string | Date;
  summary: string;
  description?: string;
  /** A web address for the event (the meeting link); written as URL and as LOCATION. */
  url?: string | null;
}

export interface IcsCalendar {
  /** `-//Company//Product//EN` (RFC 5545 §3.7.3). */
  productId: string;
  /** Shown by calendar apps that name imported calendars (X-WR-CALNAME). */
  name?: string;
  events: readonly IcsEvent[];
  /** DTSTAMP of every event: when this file was made. */
  now: Date;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A UTC date-time in iCalendar's basic format: 20250312T150000Z. */
export function toIcsDateTime(value: string | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line so no physical line exceeds 75 octets of UTF-8 (RFC 5545 §3.1): each
 * continuation starts with one space, and a multi-byte character is never split.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // Continuation lines begin with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function property(name: string, value: string): string {
  return foldIcsLine(`${name}:${value}`);
}

/** A URI value: control characters and line breaks would end the line, so they are dropped. */
function uriValue(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\u0000-\u001f\u007f]/g, '');
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    property('UID', escapeIcsText(event.uid)),
    property('DTSTAMP', stamp),
    property('DTSTART', toIcsDateTime(event.start)),
    property('DTEND', toIcsDateTime(event.end)),
    property('SUMMARY', escapeIcsText(event.summary)),
  ];
  if (event.description) lines.push(property('DESCRIPTION', escapeIcsText(event.description)));
  if (event.url) {
    lines.push(property('URL', uriValue(event.url)));
    lines.push(property('LOCATION', escapeIcsText(event.url)));
  }
  lines.push('END:VEVENT');
  return lines;
}

/** The whole iCalendar file: CRLF line endings, folded lines, one VEVENT per event. */
export function buildIcs({ productId, name, events, now }: IcsCalendar): string {
  const stamp = toIcsDateTime(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    property('PRODID', productId),
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (name) lines.push(property('X-WR-CALNAME', escapeIcsText(name)));
  for (const event of events) lines.push(...eventLines(event, stamp));
  lines.push('END:VCALENDAR');
  return lines.join(CRLF) + CRLF;
}
