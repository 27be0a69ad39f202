import { STUDENT_COURSE_VIEWS } from './keys';
import { useLiveInvalidation } from './use-live-invalidation';

/**
 * A student's waiting list, live: a seat given from the line arrives as the student's own notification
 * (waitlist_seat_offered), so the student's notifications channel refetches their places and courses.
 * The waiting list table itself is not published: its rows are mostly deleted, and deletes reach every
 * subscriber (docs/realtime.md), so each seat given would make every student's screen refetch.
 */
export function useWaitingListLive(userId: string | undefined): void {
  useLiveInvalidation({
    channel: `waiting-list:${userId ?? 'none'}`,
    table: 'notifications',
    filter: `user_id=eq.${userId ?? ''}`,
    queryKeys: STUDENT_COURSE_VIEWS,
    enabled: Boolean(userId),
  });
}
