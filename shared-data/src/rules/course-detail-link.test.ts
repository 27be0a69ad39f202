// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { courseDetailBackPath, courseDetailFrom, courseDetailState } from './course-detail-link';

describe('courseDetailFrom', () => {
  it('reads the path a link put in its state', () => {
    expect(courseDetailFrom(courseDetailState('/my-courses'))).toBe('/my-courses');
    expect(courseDetailFrom({ from: '/courses?page=2' })).toBe('/courses?page=2');
  });

  it('is null when the link said nothing usable', () => {
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { from: 3 },
      { from: '' },
      { from: 'my-courses' },
    ]) {
      expect(courseDetailFrom(state)).toBeNull();
    }
  });

  it('never leaves the site', () => {
    for (const from of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
    ]) {
      expect(courseDetailFrom({ from })).toBeNull();
    }
  });
});

describe('courseDetailBackPath', () => {
  it("is the role's own course list", () => {
    expect(courseDetailBackPath('admin')).toBe('/courses');
    expect(courseDetailBackPath('teacher')).toBe('/my-courses');
    expect(courseDetailBackPath('student')).toBe('/my-courses');
    expect(courseDetailBackPath(null)).toBe('/my-courses');
  });
});
