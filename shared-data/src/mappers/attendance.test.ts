// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toAttendanceWriteRow } from './attendance';

describe('toAttendanceWriteRow', () => {
  const now = new Date('2025-03-12T15:05:00.000Z');

  it.each([
    [true, '2025-03-12T15:05:00.000Z'],
    [false, null],
  ])('attended %s → attended_at %j', (attended, attendedAt) => {
    expect(toAttendanceWriteRow({ classId: 'c', userId: 'u', attended }, now)).toEqual({
      class_id: 'c',
      user_id: 'u',
      attended,
      attended_at: attendedAt,
    });
  });
});
