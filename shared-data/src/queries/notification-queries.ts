import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { notificationsService, type NotificationCursor } from '@portal/shared-data';
import { notificationKeys } from './keys';
import { unwrap } from './service-failure';

export const notificationQueries = {
  unreadCount: () =>
    queryOptions({
      queryKey: notificationKeys.unreadCount(),
      queryFn: () => unwrap(notificationsService.unreadCount()),
    }),
  /** The newest first, one request per page ("Show more"). */
  list: () =>
    infiniteQueryOptions({
      queryKey: notificationKeys.list(),
      queryFn: ({ pageParam }) => unwrap(notificationsService.page(pageParam)),
      initialPageParam: null as NotificationCursor | null,
      getNextPageParam: (page) => page.next,
    }),
  preferences: () =>
    queryOptions({
      queryKey: notificationKeys.preferences(),
      queryFn: () => unwrap(notificationsService.preferences()),
    }),
};

export const notificationMutations = {
  /** Marks these (or, with null, all) read; the count and the list refetch. */
  markRead: () =>
    mutationOptions({
      mutationKey: ['notifications', 'mark-read'],
      mutationFn: (ids: readonly string[] | null) => unwrap(notificationsService.markRead(ids)),
      meta: { invalidates: [notificationKeys.all] },
    }),
  savePreference: () =>
    mutationOptions({
      mutationKey: ['notifications', 'save-preference'],
      mutationFn: ({
        userId,
        ...choice
      }: {
        userId: string;
        kind: string;
        inApp: boolean;
        byEmail: boolean;
      }) => unwrap(notificationsService.savePreference(userId, choice)),
      meta: { invalidates: [notificationKeys.preferences()] },
    }),
};
