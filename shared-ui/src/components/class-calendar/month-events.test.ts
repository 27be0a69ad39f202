// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CalendarClassItem, CalendarMonthData } from './class-calendar-types';
import { COURSE_COLORS } from '../../course-color';
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
    {
      date: '2025-03-20',
      classCount: 2,
      classes: [
        { ...lesson, id: 'class-5' },
        { ...lesson, id: 'class-6', courseId: 'course-2', courseTitle: 'Spanish Conversation' },
      ],
    },
  ],
  upcoming: [],
};

describe('monthEvents', () => {
  it("shows each day's first classes by course title, and only those", () => {
    expect(monthEvents(march).map((event) => [event.id, event.title, event.date])).toEqual([
      ['class-1', 'Business Spanish', lesson.scheduledDate],
      ['class-2', 'Negotiation role play', lesson.scheduledDate],
      ['class-5', 'Business Spanish', lesson.scheduledDate],
      ['class-6', 'Spanish Conversation', lesson.scheduledDate],
    ]);
  });

  it("colours each class by its course, so two courses' cut titles can be told apart", () => {
    const colors = new Map(monthEvents(march).map((event) => [event.id, event.color]));
    // One course, one colour: whatever the class's type or title.
    expect(colors.get('class-2')).toBe(colors.get('class-1'));
    expect(colors.get('class-5')).toBe(colors.get('class-1'));
    expect(colors.get('class-6')).not.toBe(colors.get('class-1'));
  });

  it('gives N courses shown together N different colours, up to the palette size', () => {
    // Ids as the database makes them: a hash of the id gave two of these the same colour.
    const courses = Array.from(
      { length: COURSE_COLORS.length },
      (_, index) => `6f1c2d3e-0000-4000-8000-${String(index * 7919).padStart(12, '0')}`,
    );
    const month: CalendarMonth = {
      classCount: courses.length,
      days: [
        {
          date: '2025-03-12',
          classCount: courses.length,
          classes: courses.map((courseId, index) => ({
            ...lesson,
            id: `class-${index}`,
            courseId,
            courseTitle: `Course ${index}`,
          })),
        },
      ],
      upcoming: [],
    };
    const colors = monthEvents(month).map((event) => event.color);
    expect(new Set(colors).size).toBe(courses.length);
    for (const color of colors) expect(COURSE_COLORS).toContain(color);
  });
});

describe('monthDayCounts', () => {
  it('counts every class of a day, also the ones the month answer only counts', () => {
    expect(monthDayCounts(march)).toEqual({ '2025-03-12': 4, '2025-03-20': 2 });
    expect(monthDayCounts({ classCount: 0, days: [], upcoming: [] })).toEqual({});
  });
});
