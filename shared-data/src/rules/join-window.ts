import type { ClassType } from '../mappers/class';

// One rule for joining a class, used by the dashboard, course detail and the calendar alike
// (docs/product-rules.md "Joining a class"). It matches the class_attendance policy: a student may
// mark their own attendance from JOIN_WINDOW_MINUTES before a live class starts until it ends.

/** Minutes before the start from which joining counts as attending (the database's own window). */
export const JOIN_WINDOW_MINUTES = 30;

const MINUTE_MS = 60_000;

/**
 * Where a class stands for joining:
 * - `none`: recorded, or no meeting link: nothing to join;
 * - `later`: the link opens, but it is too early for joining to count as attending ("Join");
 * - `open`: from the window's start until the end ("Join Now": opening it records attendance);
 * - `ended`: over; a class that has ended never offers Join.
 */
export type JoinState = 'none' | 'later' | 'open' | 'ended';

export type JoinableClass = {
  type: ClassType;
  meetingLink: string | null;
  /** ISO date-time of the start. */
  scheduledDate: string;
  /** Minutes. */
  duration: number;
};

function bounds(cls: Pick<JoinableClass, 'scheduledDate' | 'duration'>) {
  const start = Date.parse(cls.scheduledDate);
  return { start, end: start + Math.max(0, cls.duration) * MINUTE_MS };
}

export function classJoinState(cls: JoinableClass, now: Date): JoinState {
  if (cls.type !== 'live' || !cls.meetingLink?.trim()) return 'none';
  const { start, end } = bounds(cls);
  if (Number.isNaN(start)) return 'none';
  const time = now.getTime();
  if (time >= end) return 'ended';
  return time >= start - JOIN_WINDOW_MINUTES * MINUTE_MS ? 'open' : 'later';
}

/** Whether the class offers a Join action at all (a link that has not ended). */
export function canJoin(cls: JoinableClass, now: Date): boolean {
  const state = classJoinState(cls, now);
  return state === 'open' || state === 'later';
}

/** Running right now (started, not ended), whatever its type. */
export function isInProgress(cls: Pick<JoinableClass, 'scheduledDate' | 'duration'>, now: Date) {
  const { start, end } = bounds(cls);
  return start <= now.getTime() && now.getTime() < end;
}

/** Same calendar day in the viewer's time zone. */
export function isSameLocalDay(iso: string, now: Date): boolean {
  const date = new Date(iso);
  return (
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate()
  );
}
