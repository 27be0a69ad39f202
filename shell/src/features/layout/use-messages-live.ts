import { messageKeys, useLiveInvalidation } from '@portal/shared-data/queries';

/**
 * Messages, live, on every signed-in page: a message to the signed-in person refetches the badge, the
 * inbox and an open thread; a change of their own read state (another tab) the badge and the inbox.
 * Row security sends each person only their own rows; the filters spare the server the others.
 */
export function useMessagesLive(userId: string | undefined): void {
  useLiveInvalidation({
    channel: `messages:${userId ?? 'none'}`,
    table: 'messages',
    filter: `recipient_id=eq.${userId ?? ''}`,
    queryKeys: [messageKeys.all],
    enabled: Boolean(userId),
  });
  useLiveInvalidation({
    channel: `message-reads:${userId ?? 'none'}`,
    table: 'conversation_members',
    filter: `user_id=eq.${userId ?? ''}`,
    queryKeys: [messageKeys.unreadCount(), ['messages', 'inbox']],
    enabled: Boolean(userId),
  });
}
