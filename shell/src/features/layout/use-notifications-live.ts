import { notificationKeys, useLiveInvalidation } from '@portal/shared-data/queries';

/**
 * The signed-in person's notifications, live: a new one (or one marked read in another tab) refetches
 * the bell's count and list, and so does every (re)join. One subscription per layout, whatever the
 * number of bells on show. Row security sends each person only their own rows; the filter keeps the
 * server from even checking the others.
 */
export function useNotificationsLive(userId: string | undefined): void {
  useLiveInvalidation({
    channel: `notifications:${userId ?? 'none'}`,
    table: 'notifications',
    filter: `user_id=eq.${userId ?? ''}`,
    queryKeys: [notificationKeys.all],
    enabled: Boolean(userId),
  });
}
