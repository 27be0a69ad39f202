// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  combineLocalDateTime,
  dueThisWeek,
  hoursFromMinutes,
  isOverdue,
  totalHours,
} from './schedule';

const now = new Date('2025-03-10T12:00:00.000Z');

describe('dueThisWeek', () => {
  it.each([
    [null, false],
    ['not a date', false],
    ['2025-03-10T11:59:59.999Z', false],
    ['2025-03-10T12:00:00.000Z', true],
    ['2025-03-12T09:00:00.000Z', true],
    ['2025-03-17T12:00:00.000Z', true],
    ['2025-03-17T12:00:00.001Z', false],
    ['2025-04-01T00:00:00.000Z', false],
  ])('due %j → %s', (dueDate, expected) => {
    expect(dueThisWeek({ dueDate }, now)).toBe(expected);
  });
});

describe('isOverdue', () => {
  it.each([
    [null, false],
    ['', false],
    ['2025-03-10T11:59:59.999Z', true],
    ['2025-01-01T00:00:00.000Z', true],
    ['2025-03-10T12:00:00.000Z', false],
    ['2025-03-11T00:00:00.000Z', false],
  ])('due %j → %s', (dueDate, expected) => {
    expect(isOverdue({ dueDate }, now)).toBe(expected);
  });
});

describe('combineLocalDateTime', () => {
  it('reads the date and time as local time and sends UTC', () => {
    expect(combineLocalDateTime('2025-03-10', '14:30')).toBe(
      new Date(2025, 2, 10, 14, 30).toISOString(),
    );
  });

  it.each([
    ['', '14:30'],
    ['2025-03-10', ''],
    ['2025-02-30', '10:00'],
    ['2025-03-10', '25:00'],
    ['10/03/2025', '10:00'],
    ['2025-03-10', '9:00'],
  ])('%j %j → null', (date, time) => {
    expect(combineLocalDateTime(date, time)).toBeNull();
  });
});

describe('totalHours', () => {
  it.each([
    [[], 0],
    [[60], 1],
    [[45], 1],
    [[29], 0],
    [[90, 60], 3],
    [[60, 60, 15], 2],
    [[Number.NaN, 120], 2],
  ])('minutes %j → %i h', (durations, hours) => {
    expect(totalHours(durations.map((duration) => ({ duration })))).toBe(hours);
  });
});

describe('hoursFromMinutes', () => {
  it.each([
    [0, 0],
    [29, 0],
    [30, 1],
    [45, 1],
    [89, 1],
    [90, 2],
    [6_000, 100],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%d minutes → %i h', (minutes, hours) => {
    expect(hoursFromMinutes(minutes)).toBe(hours);
  });
});
