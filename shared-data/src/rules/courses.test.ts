// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COURSE_DEFAULTS, COURSE_LIMITS, enrollmentPercent, isCourseFull } from './courses';

describe('COURSE_DEFAULTS', () => {
  it('holds the course form defaults and minimums', () => {
    expect(COURSE_DEFAULTS).toEqual({
      category: 'general',
      level: 'beginner',
      duration: 8,
      price: 299,
      maxStudents: 30,
      isActive: true,
    });
    expect(COURSE_LIMITS).toEqual({ minDuration: 1, minMaxStudents: 1, minPrice: 0 });
  });
});

describe('isCourseFull', () => {
  it.each([
    [0, 30, false],
    [29, 30, false],
    [30, 30, true],
    [31, 30, true],
    [0, 0, true],
  ])('%i of %i → %s', (enrolledCount, maxStudents, full) => {
    expect(isCourseFull({ enrolledCount, maxStudents })).toBe(full);
  });
});

describe('enrollmentPercent', () => {
  it.each([
    [0, 30, 0],
    [15, 30, 50],
    [1, 3, 33],
    [30, 30, 100],
    [40, 30, 100],
    [5, 0, 0],
  ])('%i of %i → %i%', (enrolledCount, maxStudents, percent) => {
    expect(enrollmentPercent({ enrolledCount, maxStudents })).toBe(percent);
  });
});
