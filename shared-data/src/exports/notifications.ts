// Notifications: what the database wrote for the signed-in person, their preferences per kind.

export {
  NOTIFICATION_KINDS,
  NOTIFICATION_KINDS_BY_ROLE,
  isNotificationKind,
  notificationKindReaches,
  type Notification,
  type NotificationData,
  type NotificationKind,
  type NotificationPreference,
} from '../mappers/notification';
export {
  NOTIFICATION_PAGE_SIZE,
  notificationsService,
  type NotificationCursor,
  type NotificationPage,
} from '../services/notifications';
