import type { TFunction } from 'i18next';
import { isNotificationKind, paths, type Notification } from '@portal/shared-data';
import { formatDateTime, formatDecimal, type Language } from '@portal/shared-ui';

/** The sentence of a notification in the reader's language, from what the database stored. */
export function notificationText(
  notification: Notification,
  t: TFunction,
  language: Language,
): string {
  const { data } = notification;
  const course = data.courseTitle ?? '';
  const title = data.title ?? course;
  const whenIso = notification.kind === 'activity_reminder' ? data.dueDate : data.scheduledDate;
  const when = whenIso ? formatDateTime(whenIso, language) : '';
  if (notification.kind === 'submission_graded') {
    if (typeof data.grade !== 'number') return t('kinds.submission_graded_feedback', { title });
    const grade = formatDecimal(data.grade, language, 2);
    const max =
      typeof data.maxPoints === 'number' ? ` / ${formatDecimal(data.maxPoints, language, 2)}` : '';
    return t('kinds.submission_graded', { title, grade: `${grade}${max}` });
  }
  if (!isNotificationKind(notification.kind)) return t('kinds.unknown', { course });
  // A seat from the waiting list held for its payment (docs/money.md "Payment before the seat").
  if (notification.kind === 'waitlist_seat_offered' && data.heldUntil) {
    return t('kinds.waitlist_seat_held', {
      course,
      when: formatDateTime(data.heldUntil, language),
    });
  }
  return t(`kinds.${notification.kind}`, { title, course, when, sender: data.senderName ?? '' });
}

/** Where the thing is: the screen of the reader's app that shows it. */
export function notificationLink(notification: Notification): string {
  switch (notification.kind) {
    case 'submission_graded':
    case 'activity_added':
    case 'activity_reminder':
      return paths.activities;
    case 'material_added':
      return paths.materials;
    case 'class_scheduled':
    case 'class_moved':
    case 'class_reminder':
      return paths.calendar;
    case 'message_received':
      return notification.subjectId ? paths.conversation(notification.subjectId) : paths.messages;
    default:
      return notification.courseId ? paths.courseDetail(notification.courseId) : paths.home;
  }
}
