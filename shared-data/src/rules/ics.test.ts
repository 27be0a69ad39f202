// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, toIcsDateTime } from './ics';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('toIcsDateTime', () => {
  it('writes UTC in the basic format', () => {
    expect(toIcsDateTime('2025-03-12T15:00:00+00:00')).toBe('20250312T150000Z');
    expect(toIcsDateTime('2025-03-12T17:30:45.123+02:00')).toBe('20250312T153045Z');
    expect(toIcsDateTime(new Date(Date.UTC(2025, 0, 5, 9, 5, 7)))).toBe('20250105T090507Z');
  });

  it('refuses text that is not a date', () => {
    expect(() => toIcsDateTime('soon')).toThrow(RangeError);
  });
});

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('leaves colons and quotes alone', () => {
    expect(escapeIcsText('Clase 1: "hola"')).toBe('Clase 1: "hola"');
  });
});

describe('foldIcsLine', () => {
  it('keeps a line of 75 octets whole', () => {
    const line = 'X'.repeat(75);
    expect(foldIcsLine(line)).toBe(line);
  });

  it('folds longer lines into 75-octet pieces with a leading space on each continuation', () => {
    const folded = foldIcsLine(`DESCRIPTION:${'a'.repeat(200)}`);
    const physical = folded.split('\r\n');
    expect(physical.length).toBe(3);
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(physical[0]).toHaveLength(75);
    expect(physical[1]).toHaveLength(75);
    // Unfolding (remove CRLF + one space) gives the original back.
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'a'.repeat(200)}`);
  });

  it('counts UTF-8 octets and never splits a character', () => {
    const line = `SUMMARY:${'ñ'.repeat(80)}`;
    const physical = foldIcsLine(line).split('\r\n');
    for (const part of physical) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    // 8 ASCII octets + 33 two-octet characters = 74; the 34th would make 76.
    expect(physical[0]).toBe(`SUMMARY:${'ñ'.repeat(33)}`);
    expect(physical.join('').replace(/ /g, '')).toBe(line);
  });

  it('keeps astral characters (emoji) whole', () => {
    const physical = foldIcsLine(`SUMMARY:${'🎉'.repeat(30)}`).split('\r\n');
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(physical[0]).toBe(`SUMMARY:${'🎉'.repeat(16)}`);
  });
});

describe('buildIcs', () => {
  const now = new Date(Date.UTC(2025, 2, 10, 8, 0, 0));

  it('writes a calendar with one event per class, CRLF line endings and a final CRLF', () => {
    const ics = buildIcs({
      productId: '-//Lingua Academy//Student Portal//EN',
      name: 'Lingua Academy, classes',
      now,
      events: [
        {
          uid: 'class-1@lingua-academy',
          start: '2025-03-12T15:00:00+00:00',
          end: '2025-03-12T16:00:00+00:00',
          summary: 'Business Spanish – Negotiation; role play',
          description: 'Bring your notes\nLive class',
          url: 'https://meet.school.test/abc?room=1,2',
        },
      ],
    });

    expect(ics).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Lingua Academy//Student Portal//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'X-WR-CALNAME:Lingua Academy\\, classes',
        'BEGIN:VEVENT',
        'UID:class-1@lingua-academy',
        'DTSTAMP:20250310T080000Z',
        'DTSTART:20250312T150000Z',
        'DTEND:20250312T160000Z',
        'SUMMARY:Business Spanish – Negotiation\\; role play',
        'DESCRIPTION:Bring your notes\\nLive class',
        'URL:https://meet.school.test/abc?room=1,2',
        'LOCATION:https://meet.school.test/abc?room=1\\,2',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('leaves out DESCRIPTION, URL and LOCATION when there are none, and writes an empty calendar', () => {
    const withoutLink = buildIcs({
      productId: '-//X//Y//EN',
      now,
      events: [
        {
          uid: 'c2',
          start: '2025-03-12T15:00:00Z',
          end: '2025-03-12T15:45:00Z',
          summary: 'Recorded lesson',
          url: null,
        },
      ],
    });
    expect(withoutLink).not.toMatch(/DESCRIPTION|URL|LOCATION|X-WR-CALNAME/);
    expect(withoutLink).toContain('DTEND:20250312T154500Z');

    const empty = buildIcs({ productId: '-//X//Y//EN', now, events: [] });
    expect(empty).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//X//Y//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n',
    );
  });

  it('folds long descriptions and strips line breaks from links', () => {
    const ics = buildIcs({
      productId: '-//X//Y//EN',
      now,
      events: [
        {
          uid: 'c3',
          start: '2025-03-12T15:00:00Z',
          end: '2025-03-12T16:00:00Z',
          summary: 'Long',
          description: 'Lectura: '.repeat(40),
          url: 'https://meet.example.org/\r\nX-INJECTED:1',
        },
      ],
    });
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain('URL:https://meet.example.org/X-INJECTED:1');
    expect(ics).not.toMatch(/\r\nX-INJECTED/);
  });
});
