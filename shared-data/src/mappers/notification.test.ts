import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KINDS_BY_ROLE,
  notificationKindReaches,
} from './notification';

// Which kinds reach which role (docs/notifications.md, "Kinds and who is told"): Profile shows each
// person only these.
describe('NOTIFICATION_KINDS_BY_ROLE', () => {
  it('gives a student every kind', () => {
    expect(NOTIFICATION_KINDS_BY_ROLE.student).toEqual(NOTIFICATION_KINDS);
  });

  it('gives teachers and administrators only messages', () => {
    expect(NOTIFICATION_KINDS_BY_ROLE.teacher).toEqual(['message_received']);
    expect(NOTIFICATION_KINDS_BY_ROLE.admin).toEqual(['message_received']);
    expect(notificationKindReaches('submission_graded', 'teacher')).toBe(false);
    expect(notificationKindReaches('message_received', 'admin')).toBe(true);
    expect(notificationKindReaches('class_moved', 'student')).toBe(true);
  });

  it('names only known kinds', () => {
    for (const kinds of Object.values(NOTIFICATION_KINDS_BY_ROLE)) {
      for (const kind of kinds) expect(NOTIFICATION_KINDS).toContain(kind);
    }
  });
});
