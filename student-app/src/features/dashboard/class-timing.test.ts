import type { DashboardClass } from '@portal/shared-data';
import { describe, expect, it } from 'vitest';
import { canRecordOwnAttendance, isInProgress, isToday, joinAction } from './class-timing';

const now = new Date(2025, 2, 12, 15, 0);
const minutesFromNow = (minutes: number) =>
  new Date(now.getTime() + minutes * 60_000).toISOString();

function liveClass(overrides: Partial<DashboardClass> = {}): DashboardClass {
  return {
    id: 'class-1',
    courseId: 'course-1',
    title: 'Role play',
    description: '',
    scheduledDate: minutesFromNow(60),
    duration: 60,
    type: 'live',
    meetingLink: 'https://meet.school.test/abc',
    recordingUrl: null,
    ...overrides,
  };
}

describe('joinAction', () => {
  it('is Join for a live class with a link more than 15 minutes away', () => {
    expect(joinAction(liveClass({ scheduledDate: minutesFromNow(16) }), now)).toBe('join');
  });

  it('is Join Now from 15 minutes before the start until the end', () => {
    expect(joinAction(liveClass({ scheduledDate: minutesFromNow(15) }), now)).toBe('joinNow');
    expect(joinAction(liveClass({ scheduledDate: minutesFromNow(-59) }), now)).toBe('joinNow');
    expect(joinAction(liveClass({ scheduledDate: minutesFromNow(-60) }), now)).toBe('none');
  });

  it('offers nothing for recorded classes or live classes without a link', () => {
    expect(joinAction(liveClass({ type: 'recorded' }), now)).toBe('none');
    expect(joinAction(liveClass({ meetingLink: null }), now)).toBe('none');
    expect(joinAction(liveClass({ meetingLink: '  ' }), now)).toBe('none');
  });
});

describe('canRecordOwnAttendance', () => {
  it('follows the database window: 30 minutes before the start until the end, live only', () => {
    expect(canRecordOwnAttendance(liveClass({ scheduledDate: minutesFromNow(31) }), now)).toBe(
      false,
    );
    expect(canRecordOwnAttendance(liveClass({ scheduledDate: minutesFromNow(30) }), now)).toBe(
      true,
    );
    expect(canRecordOwnAttendance(liveClass({ scheduledDate: minutesFromNow(-60) }), now)).toBe(
      true,
    );
    expect(canRecordOwnAttendance(liveClass({ scheduledDate: minutesFromNow(-61) }), now)).toBe(
      false,
    );
    expect(
      canRecordOwnAttendance(
        liveClass({ type: 'recorded', scheduledDate: minutesFromNow(5) }),
        now,
      ),
    ).toBe(false);
  });
});

describe('isToday and isInProgress', () => {
  it('compare local calendar days', () => {
    expect(isToday({ scheduledDate: new Date(2025, 2, 12, 23, 59).toISOString() }, now)).toBe(true);
    expect(isToday({ scheduledDate: new Date(2025, 2, 13, 0, 0).toISOString() }, now)).toBe(false);
  });

  it('is in progress between start and end', () => {
    expect(isInProgress(liveClass({ scheduledDate: minutesFromNow(-10) }), now)).toBe(true);
    expect(isInProgress(liveClass({ scheduledDate: minutesFromNow(1) }), now)).toBe(false);
  });
});
