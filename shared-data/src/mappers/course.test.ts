// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { courseRow } from '../test-support/fake-supabase';
import { toCourse, toCourseWriteRow } from './course';

describe('toCourse', () => {
  it.each([
    [299, 299],
    [19.99, 19.99],
    ['19.99' as unknown as number, 19.99],
  ])('reads price %j as %j', (price, parsed) => {
    expect(toCourse(courseRow({ price })).price).toBe(parsed);
  });

  it("falls back for unknown values and leaves a missing teacher's name null", () => {
    expect(
      toCourse(courseRow({ level: 'expert', category: 'other', teacher: undefined })),
    ).toMatchObject({ level: 'beginner', category: 'general', teacherName: null });
  });
});

describe('toCourseWriteRow', () => {
  it('maps camelCase fields to columns and clears a blank teacher', () => {
    expect(
      toCourseWriteRow({ maxStudents: 12, thumbnailUrl: 'https://img.test/a.png', teacherId: '' }),
    ).toEqual({ max_students: 12, thumbnail_url: 'https://img.test/a.png', teacher_id: null });
  });
});
