// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CalendarClass, CalendarMonth } from '../read-models/calendar';
import { dayKey, dayRange, findCalendarDay, monthRange, needsFullDayList } from './calendar-days';

describe('calendar date ranges', () => {
  it('names a local day as YYYY-MM-DD with zero padding', () => {
    expect(dayKey(new Date(2025, 2, 5, 23, 59))).toBe('2025-03-05');
    expect(dayKey(new Date(2025, 11, 31, 0, 0))).toBe('2025-12-31');
  });

  it('covers a whole local month, December into January included', () => {
    const { from, to } = monthRange(new Date(2025, 11, 17, 12));
    expect(new Date(from)).toEqual(new Date(2025, 11, 1));
    expect(new Date(to)).toEqual(new Date(2026, 0, 1));
  });

  it('covers one local day from midnight to midnight', () => {
    const { from, to } = dayRange(new Date(2025, 1, 28, 15, 30));
    expect(new Date(from)).toEqual(new Date(2025, 1, 28));
    expect(new Date(to)).toEqual(new Date(2025, 2, 1));
  });
});

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

describe('findCalendarDay', () => {
  it("finds a local day's entry, and tells whether its full list needs loading", () => {
    const busy = findCalendarDay(march, new Date(2025, 2, 12, 23, 59));
    expect(busy?.classCount).toBe(4);
    expect(needsFullDayList(busy)).toBe(true);
    const quiet = findCalendarDay(march, new Date(2025, 2, 20));
    expect(quiet?.classes).toHaveLength(1);
    expect(needsFullDayList(quiet)).toBe(false);
    expect(findCalendarDay(march, new Date(2025, 2, 13))).toBeUndefined();
    expect(needsFullDayList(undefined)).toBe(false);
    expect(findCalendarDay(undefined, new Date(2025, 2, 12))).toBeUndefined();
  });
});
