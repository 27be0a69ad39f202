// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CalendarClassItem, CalendarMonthData } from './class-calendar-types';
import { monthDayCounts, monthEvents } from './month-events';

// shared-data's calendar class and month, as the kit sees them (it never imports shared-data).
type CalendarClass = CalendarClassItem & {
  courseId: string;
  description: string;
  recordingUrl: string | null;
  teacherName: string | null;
  myAttendance: boolean | null;
};
type CalendarMonth = CalendarMonthData<CalendarClass> & { classCount: number };

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

const march: CalendarMonth = {
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
};

describe('monthEvents', () => {
  it("shows each day's first classes by course title, and only those", () => {
    expect(
      monthEvents(march).map((event) => [event.id, event.title, event.color ?? null, event.date]),
    ).toEqual([
      ['class-1', 'Business Spanish', 'green', lesson.scheduledDate],
      ['class-2', 'Negotiation role play', 'indigo', lesson.scheduledDate],
      ['class-5', 'Business Spanish', 'green', lesson.scheduledDate],
    ]);
  });
});

describe('monthDayCounts', () => {
  it('counts every class of a day, also the ones the month answer only counts', () => {
    expect(monthDayCounts(march)).toEqual({ '2025-03-12': 4, '2025-03-20': 1 });
    expect(monthDayCounts({ classCount: 0, days: [], upcoming: [] })).toEqual({});
  });
});
