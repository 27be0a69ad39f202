import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { messagesService, type MessageCursor, type MessageInput } from '@portal/shared-data';
import { messageKeys } from './keys';
import { unwrap } from './service-failure';

export const messageQueries = {
  unreadCount: () =>
    queryOptions({
      queryKey: messageKeys.unreadCount(),
      queryFn: () => unwrap(messagesService.unreadCount()),
    }),
  inbox: (userId: string, search = '') =>
    queryOptions({
      queryKey: messageKeys.inbox(search.trim()),
      queryFn: () => unwrap(messagesService.inbox(userId, search)),
    }),
  /** Newest first; each next page is older ("Load older"). */
  thread: (conversationId: string) =>
    infiniteQueryOptions({
      queryKey: messageKeys.thread(conversationId),
      queryFn: ({ pageParam }) => unwrap(messagesService.thread(conversationId, pageParam)),
      initialPageParam: null as MessageCursor | null,
      getNextPageParam: (page) => page.older,
    }),
  contacts: () =>
    queryOptions({
      queryKey: messageKeys.contacts(),
      queryFn: () => unwrap(messagesService.contacts()),
    }),
};

export const messageMutations = {
  start: () =>
    mutationOptions({
      mutationKey: ['messages', 'start'],
      mutationFn: (otherId: string) => unwrap(messagesService.start(otherId)),
      meta: { invalidates: [messageKeys.all] },
    }),
  send: () =>
    mutationOptions({
      mutationKey: ['messages', 'send'],
      mutationFn: (input: MessageInput) => unwrap(messagesService.send(input)),
      meta: { invalidates: [messageKeys.all] },
    }),
  markRead: () =>
    mutationOptions({
      mutationKey: ['messages', 'mark-read'],
      mutationFn: (conversationId: string) => unwrap(messagesService.markRead(conversationId)),
      // The thread itself does not change.
      meta: { invalidates: [messageKeys.unreadCount(), ['messages', 'inbox']] },
    }),
  attachmentUrl: () =>
    mutationOptions({
      mutationKey: ['messages', 'attachment-url'],
      mutationFn: (path: string) => unwrap(messagesService.attachmentUrl(path)),
    }),
};
