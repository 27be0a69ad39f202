// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canOfferMove,
  moveRefusal,
  plannerRange,
  plannerTimeToIso,
  validateMoveForm,
} from './class-planner';

const local = (...parts: [number, number, number, number?, number?]) => {
  const [year, month, day, hours = 0, minutes = 0] = parts;
  return new Date(year, month - 1, day, hours, minutes).toISOString();
};

describe('plannerRange', () => {
  it('covers one local day in the day view', () => {
    expect(plannerRange('day', '2026-03-11')).toEqual({
      from: local(2026, 3, 11),
      to: local(2026, 3, 12),
    });
  });

  it('covers Sunday to Saturday around the date in the week view', () => {
    // 11 March 2026 is a Wednesday: its week starts on Sunday the 8th.
    expect(plannerRange('week', '2026-03-11')).toEqual({
      from: local(2026, 3, 8),
      to: local(2026, 3, 15),
    });
    // A Sunday starts its own week; a Saturday ends it.
    expect(plannerRange('week', '2026-03-08')?.from).toBe(local(2026, 3, 8));
    expect(plannerRange('week', '2026-03-14')?.to).toBe(local(2026, 3, 15));
  });

  it('covers the whole weeks of the month grid in the month view', () => {
    // March 2026 begins on a Sunday and ends on Tuesday the 31st: the grid ends on Saturday 4 April.
    expect(plannerRange('month', '2026-03-20')).toEqual({
      from: local(2026, 3, 1),
      to: local(2026, 4, 5),
    });
    // April 2026 begins on a Wednesday: the grid starts on Sunday 29 March.
    expect(plannerRange('month', '2026-04-02')).toEqual({
      from: local(2026, 3, 29),
      to: local(2026, 5, 3),
    });
  });

  it('refuses a date that is not one', () => {
    expect(plannerRange('week', '2026-02-30')).toBeNull();
    expect(plannerRange('month', 'soon')).toBeNull();
  });
});

describe('plannerTimeToIso', () => {
  it('reads the planner date-time as local time', () => {
    expect(plannerTimeToIso('2026-03-11 14:30:00')).toBe(local(2026, 3, 11, 14, 30));
    expect(plannerTimeToIso('2026-03-11T09:15')).toBe(local(2026, 3, 11, 9, 15));
  });

  it('gives null for anything else', () => {
    expect(plannerTimeToIso('2026-03-11')).toBeNull();
    expect(plannerTimeToIso('11/03/2026 14:30')).toBeNull();
  });
});

describe('which moves the planner offers and sends', () => {
  const now = new Date(2026, 2, 11, 12, 0);

  it('offers only classes that have not started', () => {
    expect(canOfferMove({ scheduledDate: local(2026, 3, 11, 12, 1) }, now)).toBe(true);
    expect(canOfferMove({ scheduledDate: local(2026, 3, 11, 12, 0) }, now)).toBe(false);
    expect(canOfferMove({ scheduledDate: local(2026, 3, 10, 18, 0) }, now)).toBe(false);
  });

  it('sends a move to a later time, and refuses the past, no change and a missing time', () => {
    const item = { scheduledDate: local(2026, 3, 12, 10, 0) };
    expect(moveRefusal(item, local(2026, 3, 13, 10, 0), now)).toBeNull();
    expect(moveRefusal(item, local(2026, 3, 11, 11, 0), now)).toBe('classMoveToPast');
    expect(moveRefusal(item, local(2026, 3, 11, 12, 0), now)).toBe('classMoveToPast');
    expect(moveRefusal(item, local(2026, 3, 12, 10, 0), now)).toBe('classMoveUnchanged');
    expect(moveRefusal(item, null, now)).toBe('classMoveInvalidTime');
  });
});

describe('validateMoveForm', () => {
  it('asks for a date and a time, with the class form messages', () => {
    expect(validateMoveForm({ date: null, time: '' })).toEqual({
      date: 'classDateRequired',
      time: 'classTimeRequired',
    });
    expect(validateMoveForm({ date: '2026-03-11', time: '25:00' })).toEqual({
      time: 'classTimeInvalid',
    });
    expect(validateMoveForm({ date: '2026-03-11', time: '14:30' })).toEqual({});
  });
});
