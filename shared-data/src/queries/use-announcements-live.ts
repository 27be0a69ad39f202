import type { QueryKey } from '@tanstack/react-query';
import { useLiveInvalidation } from './use-live-invalidation';

/**
 * Keeps an announcements read live for the signed-in person (the student's course page and dashboard): every
 * insert, edit or delete of an announcement, and every (re)join, refetches it. No filter, so deletes
 * (sent with the key only) arrive too; row security decides which inserts and edits do. Joins only
 * once the session is known (`viewerId`).
 */
export function useAnnouncementsLive(place: string, queryKey: QueryKey, viewerId: string | null) {
  useLiveInvalidation({
    channel: `announcements:${place}:${viewerId ?? ''}`,
    table: 'announcements',
    queryKeys: [queryKey],
    enabled: viewerId !== null,
  });
}
