import { describe, expect, it } from 'vitest';
import type { CalendarClass } from '@portal/shared-data';
import { monthEvents } from './month-events';

const lesson: CalendarClass = {
  id: 'class-1',
  courseId: 'course-1',
  courseTitle: 'Business Spanish',
  title: 'Negotiation role play',
  description: '',
  scheduledDate: new Date(2025, 2, 12, 15).toISOString(),
  endsAt: new Date(2025, 2, 12, 16).toISOString(),
  duration: 60,
  type: 'live',
  meetingLink: null,
  recordingUrl: null,
  teacherName: null,
  myAttendance: null,
};

describe('monthEvents', () => {
  it("shows each day's first classes by course title and stands in for the ones only counted", () => {
    const events = monthEvents({
      classCount: 5,
      days: [
        {
          date: '2025-03-12',
          classCount: 4,
          classes: [lesson, { ...lesson, id: 'class-2', type: 'recorded', courseTitle: null }],
        },
        { date: '2025-03-20', classCount: 1, classes: [{ ...lesson, id: 'class-5' }] },
      ],
      upcoming: [],
    });
    expect(events.map((event) => [event.id, event.title, event.color ?? null])).toEqual([
      ['class-1', 'Business Spanish', 'green'],
      ['class-2', 'Negotiation role play', 'indigo'],
      ['2025-03-12-more-0', '', null],
      ['2025-03-12-more-1', '', null],
      ['class-5', 'Business Spanish', 'green'],
    ]);
    const standIn = new Date(events[2]?.date ?? '');
    expect([
      standIn.getFullYear(),
      standIn.getMonth(),
      standIn.getDate(),
      standIn.getHours(),
    ]).toEqual([2025, 2, 12, 23]);
  });
});
