import type { Database } from '../database.types';
import type { Role } from './user';

// Notifications (docs/notifications.md): the database stores what happened (kind, ids, titles, dates);
// each screen writes the sentence in the reader's language.

/** The kinds the database writes today (public.notification_kinds). */
export const NOTIFICATION_KINDS = [
  'submission_graded',
  'material_added',
  'activity_added',
  'class_scheduled',
  'class_moved',
  'class_cancelled',
  'enrollment_confirmed',
  'class_reminder',
  'activity_reminder',
  'message_received',
  'announcement_posted',
  'waitlist_seat_offered',
  'seat_hold_expired',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds that can reach each role (docs/notifications.md, "Kinds and who is told"): every course,
 * grade and enrolment kind is for students; teachers and administrators are told only of messages.
 */
export const NOTIFICATION_KINDS_BY_ROLE: Record<Role, readonly NotificationKind[]> = {
  student: NOTIFICATION_KINDS,
  teacher: ['message_received'],
  admin: ['message_received'],
};

/** Whether a kind can ever reach someone of this role (Profile shows only those). */
export function notificationKindReaches(kind: NotificationKind, role: Role): boolean {
  return NOTIFICATION_KINDS_BY_ROLE[role].includes(kind);
}

export function isNotificationKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/** What a notification says, as the trigger stored it (every field may be missing). */
export interface NotificationData {
  courseTitle?: string;
  title?: string;
  scheduledDate?: string;
  previousDate?: string;
  duration?: number;
  dueDate?: string;
  grade?: number | null;
  maxPoints?: number;
  submissionId?: string;
  /** message_received: who wrote ("First Last"). */
  senderName?: string;
  /** A seat held for its payment (docs/money.md): when the hold ends (or ended). */
  heldUntil?: string;
}

export interface Notification {
  id: string;
  /** A kind this build does not know yet (a newer database) is kept as its name. */
  kind: NotificationKind | string;
  courseId: string | null;
  /** The class, activity, material or enrolment it is about (the activity for a grade). */
  subjectId: string | null;
  data: NotificationData;
  readAt: string | null;
  createdAt: string;
}

export type NotificationRow = Pick<
  Database['public']['Tables']['notifications']['Row'],
  'id' | 'kind' | 'course_id' | 'subject_id' | 'data' | 'read_at' | 'created_at'
>;

export const NOTIFICATION_COLUMNS = 'id, kind, course_id, subject_id, data, read_at, created_at';

export function toNotification(row: NotificationRow): Notification {
  const data = row.data && typeof row.data === 'object' && !Array.isArray(row.data) ? row.data : {};
  return {
    id: row.id,
    kind: row.kind,
    courseId: row.course_id,
    subjectId: row.subject_id,
    data: data as NotificationData,
    readAt: row.read_at,
    createdAt: row.created_at,
  };
}

/** One person's choice for a kind, or the kind's defaults when they never chose. */
export interface NotificationPreference {
  kind: NotificationKind | string;
  inApp: boolean;
  byEmail: boolean;
  /** True when these are the kind's defaults (no choice stored). */
  isDefault: boolean;
}

export type NotificationKindRow = Pick<
  Database['public']['Tables']['notification_kinds']['Row'],
  'kind' | 'in_app_default' | 'email_default'
> & {
  notification_preferences: Array<{ in_app: boolean; by_email: boolean }>;
};

export const NOTIFICATION_KIND_COLUMNS =
  'kind, in_app_default, email_default, notification_preferences(in_app, by_email)';

export function toNotificationPreference(row: NotificationKindRow): NotificationPreference {
  const chosen = row.notification_preferences[0];
  return chosen
    ? { kind: row.kind, inApp: chosen.in_app, byEmail: chosen.by_email, isDefault: false }
    : { kind: row.kind, inApp: row.in_app_default, byEmail: row.email_default, isDefault: true };
}
