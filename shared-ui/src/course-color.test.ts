// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COURSE_COLORS, courseColor } from './course-color';

describe('courseColor', () => {
  it('gives a course the same colour every time', () => {
    const id = '6f1c2d3e-0000-4000-8000-000000000001';
    expect(courseColor(id)).toBe(courseColor(`${id}`));
    expect(COURSE_COLORS).toContain(courseColor(id));
  });

  it('spreads courses over the palette, so two courses are rarely the same colour', () => {
    const ids = Array.from(
      { length: 40 },
      (_, index) => `6f1c2d3e-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const used = new Set(ids.map(courseColor));
    expect(used.size).toBeGreaterThanOrEqual(COURSE_COLORS.length - 2);
  });

  it('never uses red or grey', () => {
    expect(COURSE_COLORS).not.toContain('red');
    expect(COURSE_COLORS).not.toContain('gray');
  });
});
