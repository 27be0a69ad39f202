import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageQueries } from '@portal/shared-data/queries';
import { namespace } from './i18n';

/**
 * The sidebar's unread count beside Messages (live: use-messages-live.ts refetches it). Nothing while
 * it loads, fails or is zero. The link's accessible name reads "Messages 3 unread".
 */
export function MessagesBadge() {
  const { t } = useTranslation(namespace);
  const { data: count = 0 } = useQuery(messageQueries.unreadCount());
  if (count <= 0) return null;
  return (
    <>
      {/* Mantine's darkest red: white on the default red is under 4.5:1 (as the bell's badge). */}
      <Badge color="red.9" size="sm" circle={count < 10} aria-hidden data-testid="messages-badge">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{t('messagesUnread', { count })}</VisuallyHidden>
    </>
  );
}
