// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COURSE_COLORS, courseColors, courseKey } from './course-color';

const ids = (count: number) =>
  Array.from(
    { length: count },
    (_, index) => `6f1c2d3e-0000-4000-8000-${String(index * 104_729).padStart(12, '0')}`,
  );

describe('courseColors', () => {
  it.each([1, 2, 5, COURSE_COLORS.length])(
    'gives %i different courses as many different colours',
    (count) => {
      const colors = courseColors(ids(count));
      expect(colors.size).toBe(count);
      expect(new Set(colors.values()).size).toBe(count);
    },
  );

  it('gives a course the same colour whatever order its classes come in, and once per course', () => {
    const [a, b, c] = ids(3) as [string, string, string];
    const first = courseColors([a, b, c, a]);
    const again = courseColors([c, a, b]);
    expect([...first.entries()].sort()).toEqual([...again.entries()].sort());
  });

  it('goes round the palette when more courses than colours are shown', () => {
    const colors = courseColors(ids(COURSE_COLORS.length + 1));
    expect(new Set(colors.values()).size).toBe(COURSE_COLORS.length);
  });

  it('never uses red or grey', () => {
    expect(COURSE_COLORS).not.toContain('red');
    expect(COURSE_COLORS).not.toContain('gray');
  });
});

describe('courseKey', () => {
  it("keys a class by its course id, else its course's title, else itself", () => {
    expect(courseKey({ id: 'class-1', courseId: 'course-1', courseTitle: 'A' })).toBe('course-1');
    expect(courseKey({ id: 'class-1', courseId: null, courseTitle: 'A' })).toBe('A');
    expect(courseKey({ id: 'class-1', courseTitle: null })).toBe('class-1');
  });
});
