// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds the course detail path from the same pattern the router uses', () => {
    const id = '3f0c2c9e-1d1e-4c1a-9d7e-2b9a5f0b7c11';
    expect(paths.courseDetail(id)).toBe(paths.courseDetailPattern.replace(':courseId', id));
  });

  it('escapes what a path segment cannot hold', () => {
    expect(paths.courseDetail('a/b?c')).toBe('/course-detail/a%2Fb%3Fc');
  });

  it("links to a screen with its create dialog open, and to an activity's submissions", () => {
    expect(paths.withNewItem(paths.classes)).toBe('/classes?new=1');
    expect(
      new URLSearchParams(paths.activitySubmissions('a b&c').split('?')[1]).get('activity'),
    ).toBe('a b&c');
  });

  it('links to one submission ready to grade, and to the queue of work waiting for a grade', () => {
    const grade = new URL(paths.gradeSubmission('s 1&x'), 'http://portal.test');
    expect(grade.pathname).toBe(paths.activities);
    expect(grade.searchParams.get('submission')).toBe('s 1&x');
    const queue = new URL(paths.gradingQueue, 'http://portal.test');
    expect(queue.pathname).toBe(paths.activities);
    expect(queue.searchParams.get('waiting')).toBe('1');
  });
});
