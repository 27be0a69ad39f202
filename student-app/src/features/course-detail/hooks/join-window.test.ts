import { describe, expect, it } from 'vitest';
import { isJoinWindowOpen } from './join-window';

const start = new Date('2025-03-12T15:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const live = { type: 'live' as const, scheduledDate: start.toISOString(), duration: 60 };

describe('isJoinWindowOpen', () => {
  it('opens 30 minutes before a live class and closes when it ends', () => {
    expect(isJoinWindowOpen(live, at(-31))).toBe(false);
    expect(isJoinWindowOpen(live, at(-30))).toBe(true);
    expect(isJoinWindowOpen(live, at(0))).toBe(true);
    expect(isJoinWindowOpen(live, at(60))).toBe(true);
    expect(isJoinWindowOpen(live, at(61))).toBe(false);
  });

  it('never opens for recorded classes or unreadable dates', () => {
    expect(isJoinWindowOpen({ ...live, type: 'recorded' }, at(0))).toBe(false);
    expect(isJoinWindowOpen({ ...live, scheduledDate: 'soon' }, at(0))).toBe(false);
  });
});
