import type { CalendarClass } from '@portal/shared-data';

/** A student may mark their own attendance from 30 minutes before a live class until it ends (RLS). */
export const JOIN_EARLY_MINUTES = 30;

/**
 * Where a class stands for joining: `none` (recorded, or no meeting link), `later` (the link can be
 * opened, but attendance only counts from 30 minutes before), `now` (Join Now: opening it also
 * marks attendance) or `ended`.
 */
export type JoinState = 'none' | 'later' | 'now' | 'ended';

export function joinState(
  item: Pick<CalendarClass, 'type' | 'meetingLink' | 'scheduledDate' | 'endsAt'>,
  now: Date,
): JoinState {
  if (item.type !== 'live' || !item.meetingLink) return 'none';
  const start = Date.parse(item.scheduledDate);
  const end = Date.parse(item.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'none';
  const time = now.getTime();
  if (time > end) return 'ended';
  return time >= start - JOIN_EARLY_MINUTES * 60_000 ? 'now' : 'later';
}
