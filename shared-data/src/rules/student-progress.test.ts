// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lastActivityAge, progressColor, relativeLastActivity } from './student-progress';

describe('progressColor', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79.9, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
    [0, 'red'],
  ])('%d → %s', (progress, color) => {
    expect(progressColor(progress)).toBe(color);
  });
});

describe('relativeLastActivity', () => {
  const now = new Date('2025-03-10T12:00:00Z');

  it.each([
    ['2025-03-10T12:00:00Z', 'Just now', { unit: 'now' }],
    ['2025-03-10T11:00:01Z', 'Just now', { unit: 'now' }],
    ['2025-03-10T13:00:00Z', 'Just now', { unit: 'now' }],
    ['not a date', 'Just now', { unit: 'now' }],
    ['2025-03-10T11:00:00Z', '1h ago', { unit: 'hours', count: 1 }],
    ['2025-03-09T12:00:01Z', '23h ago', { unit: 'hours', count: 23 }],
    ['2025-03-09T12:00:00Z', '1d ago', { unit: 'days', count: 1 }],
    ['2025-03-01T09:00:00Z', '9d ago', { unit: 'days', count: 9 }],
  ])('%s → %s', (date, text, age) => {
    expect(relativeLastActivity(date, now)).toBe(text);
    expect(lastActivityAge(new Date(date), now)).toEqual(age);
  });
});
