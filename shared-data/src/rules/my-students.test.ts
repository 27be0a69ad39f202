// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isActiveThisWeek } from './my-students';

describe('isActiveThisWeek', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('counts activity in the last seven days, limits included', () => {
    expect(isActiveThisWeek('2026-03-10T11:59:00Z', now)).toBe(true);
    expect(isActiveThisWeek('2026-03-03T12:00:00Z', now)).toBe(true);
    expect(isActiveThisWeek('2026-03-03T11:59:59Z', now)).toBe(false);
  });

  it('treats a time ahead of now as now, and no activity as inactive', () => {
    expect(isActiveThisWeek('2026-03-11T00:00:00Z', now)).toBe(true);
    expect(isActiveThisWeek(null, now)).toBe(false);
    expect(isActiveThisWeek('not a date', now)).toBe(false);
  });
});
