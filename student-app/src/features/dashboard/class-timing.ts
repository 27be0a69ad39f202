import type { DashboardClass } from '@portal/shared-data';

const MINUTE_MS = 60_000;

/** "Join Now" from this many minutes before the start (and while the class runs). */
export const JOIN_NOW_MINUTES = 15;

/** The database lets a student mark their own attendance from this many minutes before the start. */
export const SELF_ATTENDANCE_MINUTES = 30;

type Timed = Pick<DashboardClass, 'scheduledDate' | 'duration'>;

function startOf(cls: Timed): number {
  return Date.parse(cls.scheduledDate);
}

function endOf(cls: Timed): number {
  return startOf(cls) + cls.duration * MINUTE_MS;
}

export function isInProgress(cls: Timed, now: Date): boolean {
  return startOf(cls) <= now.getTime() && now.getTime() < endOf(cls);
}

/** Same calendar day in the viewer's time zone. */
export function isToday(cls: Pick<DashboardClass, 'scheduledDate'>, now: Date): boolean {
  const date = new Date(cls.scheduledDate);
  return (
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate()
  );
}

export type JoinAction = 'none' | 'join' | 'joinNow';

/** Live classes with a meeting link can be joined; "Join Now" when it starts soon or is running. */
export function joinAction(
  cls: Pick<DashboardClass, 'type' | 'meetingLink' | 'scheduledDate' | 'duration'>,
  now: Date,
): JoinAction {
  if (cls.type !== 'live' || !cls.meetingLink?.trim()) return 'none';
  const time = now.getTime();
  if (time >= endOf(cls)) return 'none';
  return time >= startOf(cls) - JOIN_NOW_MINUTES * MINUTE_MS ? 'joinNow' : 'join';
}

/** Whether joining now counts as attending (the same window the database enforces). */
export function canRecordOwnAttendance(
  cls: Pick<DashboardClass, 'type'> & Timed,
  now: Date,
): boolean {
  const time = now.getTime();
  return (
    cls.type === 'live' &&
    time >= startOf(cls) - SELF_ATTENDANCE_MINUTES * MINUTE_MS &&
    time <= endOf(cls)
  );
}
