// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CalendarClass } from '../read-models/calendar';
import { classToEvent, classesToIcs, exportWindow, type ExportLabels } from './class-export';

const labels: ExportLabels = {
  calendarName: 'Lingua Academy classes',
  teacher: (name) => `Teacher: ${name}`,
  live: 'Live class',
  recorded: 'Recorded class',
  meetingLink: (url) => `Meeting link: ${url}`,
  recording: (url) => `Recording: ${url}`,
};

const liveClass: CalendarClass = {
  id: 'class-1',
  courseId: 'course-1',
  courseTitle: 'Business Spanish',
  title: 'Negotiation role play',
  description: 'Bring your notes',
  scheduledDate: '2025-03-12T15:00:00+00:00',
  endsAt: '2025-03-12T16:00:00+00:00',
  duration: 60,
  type: 'live',
  meetingLink: 'https://meet.school.test/abc',
  recordingUrl: null,
  teacherName: 'Marta López',
  myAttendance: null,
};

describe('classToEvent', () => {
  it('names the event "course – class" and carries the meeting link', () => {
    expect(classToEvent(liveClass, labels)).toEqual({
      uid: 'class-1@lingua-academy.portal',
      start: '2025-03-12T15:00:00+00:00',
      end: '2025-03-12T16:00:00+00:00',
      summary: 'Business Spanish – Negotiation role play',
      description:
        'Bring your notes\nLive class\nTeacher: Marta López\nMeeting link: https://meet.school.test/abc',
      url: 'https://meet.school.test/abc',
    });
  });

  it('points a recorded class at its recording and keeps a class without a course by its title', () => {
    const event = classToEvent(
      {
        ...liveClass,
        type: 'recorded',
        meetingLink: null,
        recordingUrl: 'https://videos.test/1',
        courseTitle: null,
        description: '',
        teacherName: null,
      },
      labels,
    );
    expect(event.summary).toBe('Negotiation role play');
    expect(event.url).toBe('https://videos.test/1');
    expect(event.description).toBe('Recorded class\nRecording: https://videos.test/1');
  });
});

describe('classesToIcs', () => {
  it('writes one event per class with a readable date and skips the rest', () => {
    const ics = classesToIcs(
      [liveClass, { ...liveClass, id: 'broken', scheduledDate: '' }],
      labels,
      new Date('2025-03-10T08:00:00Z'),
    );
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('X-WR-CALNAME:Lingua Academy classes\r\n');
    expect(ics).toContain('DTSTAMP:20250310T080000Z\r\n');
    expect(ics).toContain('LOCATION:https://meet.school.test/abc\r\n');
  });
});

describe('exportWindow', () => {
  it('runs from 30 days back to 6 months ahead', () => {
    const { from, to } = exportWindow(new Date('2025-03-10T12:00:00.000Z'));
    expect(from).toBe('2025-02-08T12:00:00.000Z');
    expect(new Date(to).getMonth()).toBe(8);
  });
});
