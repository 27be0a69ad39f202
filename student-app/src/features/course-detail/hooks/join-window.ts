import type { CourseDetailClass } from '@portal/shared-data';

/**
 * A student may mark themselves present from 30 minutes before a live class starts until it ends (the
 * class_attendance policy); inside that window Join reads 'Join Now' and records attendance.
 */
export const JOIN_LEAD_MINUTES = 30;

const MINUTE_MS = 60_000;

export function isJoinWindowOpen(
  courseClass: Pick<CourseDetailClass, 'type' | 'scheduledDate' | 'duration'>,
  now: Date,
): boolean {
  if (courseClass.type !== 'live') return false;
  const start = Date.parse(courseClass.scheduledDate);
  if (Number.isNaN(start)) return false;
  const time = now.getTime();
  return time >= start - JOIN_LEAD_MINUTES * MINUTE_MS && time <= start + courseClass.duration * MINUTE_MS;
}
