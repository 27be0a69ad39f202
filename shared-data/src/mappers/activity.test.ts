// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { activityRow } from '../test-support/fake-supabase';
import { toActivity, toActivityWriteRow, toDueDate } from './activity';

describe('toDueDate', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['  ', null],
    ['not a date', null],
    ['2025-03-15T23:59:00Z', '2025-03-15T23:59:00.000Z'],
    ['2025-03-15T20:59:00-03:00', '2025-03-15T23:59:00.000Z'],
  ])('%j → %j', (value, iso) => {
    expect(toDueDate(value)).toBe(iso);
  });
});

describe('toActivity', () => {
  it('reads an unknown type as an assignment and a class activity by its class title', () => {
    expect(
      toActivity(
        activityRow({
          type: 'essay',
          course_id: null,
          course: null,
          class_id: 'class-1',
          class: { title: 'Role play', course_id: 'course-1' },
        }),
      ),
    ).toMatchObject({
      type: 'assignment',
      classTitle: 'Role play',
      courseTitle: null,
      description: 'Ask a supplier for a quote',
    });
  });
});

describe('toActivityWriteRow', () => {
  it('sends only the fields given', () => {
    expect(toActivityWriteRow({})).toEqual({});
    expect(toActivityWriteRow({ maxPoints: 20, allowLateSubmission: true })).toEqual({
      max_points: 20,
      allow_late_submission: true,
    });
  });
});
