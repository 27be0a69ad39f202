// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attendanceChanges, attendanceRate, attendedAfterChanges } from './attendance';

describe('attendanceRate', () => {
  it.each([
    [3, 4, 75],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [0, 5, 0],
    [5, 5, 100],
  ])('%i of %i attended is %d %', (attended, total, rate) => {
    expect(attendanceRate(attended, total)).toBe(rate);
  });

  it('is null when there is nobody to count', () => {
    expect(attendanceRate(0, 0)).toBeNull();
    expect(attendanceRate(2, -1)).toBeNull();
  });
});

describe('attendanceChanges', () => {
  it('sends only the students whose mark differs from what is saved', () => {
    expect(
      attendanceChanges({
        ana: { saved: false, marked: true },
        ben: { saved: true, marked: false },
        cai: { saved: true, marked: true },
        dan: { saved: false },
        eva: { saved: false, marked: false },
      }),
    ).toEqual({ present: ['ana'], absent: ['ben'] });
  });

  it('sends nothing when nothing was touched', () => {
    expect(attendanceChanges({})).toEqual({ present: [], absent: [] });
  });
});

describe('attendedAfterChanges', () => {
  it('adds the newly present and removes the newly absent from the saved count', () => {
    const marks = {
      ana: { saved: false, marked: true },
      ben: { saved: false, marked: true },
      cai: { saved: true, marked: false },
      dan: { saved: true, marked: true },
    };
    expect(attendedAfterChanges(4, marks)).toBe(5);
  });
});
