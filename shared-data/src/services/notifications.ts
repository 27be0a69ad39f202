import { getClient } from '@portal/shared-data/session';
import {
  NOTIFICATION_COLUMNS,
  NOTIFICATION_KIND_COLUMNS,
  NOTIFICATION_KINDS,
  toNotification,
  toNotificationPreference,
  type Notification,
  type NotificationKindRow,
  type NotificationPreference,
  type NotificationRow,
} from '../mappers/notification';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';

// The signed-in person's notifications and preferences (docs/notifications.md). Row security shows each
// person only their own, so no read names the user; the database writes notifications, the reader only
// marks them read (mark_notifications_read). Reads fail with the generic QUERY_ERROR, marking with
// RPC_ERROR; the screens say it in their own words.

const FETCH_FAILED = 'Failed to fetch notifications';
const MARK_FAILED = 'Failed to mark notifications read';
const SAVE_FAILED = 'Failed to save notification preferences';
const NO_CHANNEL = 'Choose the app, email or both';

/** Where a page of the list starts: after this notification (the last of the previous page). */
export type NotificationCursor = { createdAt: string; id: string };

export type NotificationPage = {
  items: Notification[];
  /** The cursor of the next page, or null when this was the last one. */
  next: NotificationCursor | null;
};

export const NOTIFICATION_PAGE_SIZE = 10;

/** One page of the caller's notifications, newest first, in one request. */
async function page(
  after: NotificationCursor | null = null,
  size = NOTIFICATION_PAGE_SIZE,
): Promise<Result<NotificationPage>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    let query = getClient().from('notifications').select(NOTIFICATION_COLUMNS);
    if (after) {
      // Keyset paging: a notification arriving meanwhile does not shift the next page.
      query = query.or(
        `created_at.lt.${after.createdAt},and(created_at.eq.${after.createdAt},id.lt.${after.id})`,
      );
    }
    // One more than the page tells whether another page follows.
    const { data, error } = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(size + 1)
      .overrideTypes<NotificationRow[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    const items = data.slice(0, size).map(toNotification);
    const last = items.at(-1);
    return ok({
      items,
      next: data.length > size && last ? { createdAt: last.createdAt, id: last.id } : null,
    });
  });
}

/** How many of the caller's notifications are unread (a count, no rows). */
async function unreadCount(): Promise<Result<number>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { count, error } = await getClient()
      .from('notifications')
      .select('id', { count: 'exact', head: true })
      .is('read_at', null);
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok(count ?? 0);
  });
}

/** Marks these of the caller's notifications read, or all of them when `ids` is null; answers how many. */
async function markRead(ids: readonly string[] | null): Promise<Result<number>> {
  return settle('RPC_ERROR', MARK_FAILED, async () => {
    const { data, error } = await getClient().rpc(
      'mark_notifications_read',
      ids ? { ids: [...ids] } : {},
    );
    if (error) return fromPostgrestError('RPC_ERROR', error, MARK_FAILED);
    return ok(data ?? 0);
  });
}

/** Every kind with the caller's choice or its defaults, in the order of NOTIFICATION_KINDS, in one request. */
async function preferences(): Promise<Result<NotificationPreference[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('notification_kinds')
      .select(NOTIFICATION_KIND_COLUMNS)
      .overrideTypes<NotificationKindRow[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    const order = (kind: string) => {
      const index = (NOTIFICATION_KINDS as readonly string[]).indexOf(kind);
      return index < 0 ? NOTIFICATION_KINDS.length : index;
    };
    return ok(data.map(toNotificationPreference).sort((a, b) => order(a.kind) - order(b.kind)));
  });
}

/** Stores the caller's choice for one kind (at least one channel; the database refuses neither). */
async function savePreference(
  userId: string,
  choice: { kind: string; inApp: boolean; byEmail: boolean },
): Promise<Result<NotificationPreference>> {
  return settle('QUERY_ERROR', SAVE_FAILED, async () => {
    if (!choice.inApp && !choice.byEmail) return fail('QUERY_ERROR', NO_CHANNEL);
    const { error } = await getClient()
      .from('notification_preferences')
      .upsert({
        user_id: userId,
        kind: choice.kind,
        in_app: choice.inApp,
        by_email: choice.byEmail,
      });
    if (error) return fromPostgrestError('QUERY_ERROR', error, SAVE_FAILED);
    return ok({ ...choice, isDefault: false });
  });
}

export const notificationsService = { page, unreadCount, markRead, preferences, savePreference };
