// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  JOIN_WINDOW_MINUTES,
  canJoin,
  classJoinState,
  isInProgress,
  isSameLocalDay,
} from './join-window';

const start = new Date('2026-03-10T15:00:00Z');
const live = {
  type: 'live' as const,
  meetingLink: 'https://meet.example/abc',
  scheduledDate: start.toISOString(),
  duration: 60,
};
const at = (minutesFromStart: number) => new Date(start.getTime() + minutesFromStart * 60_000);

describe('class join window', () => {
  it('is the database window: 30 minutes before the start', () => {
    expect(JOIN_WINDOW_MINUTES).toBe(30);
  });

  it('offers Join before the window, Join Now inside it, nothing once the class has ended', () => {
    expect(classJoinState(live, at(-31))).toBe('later');
    expect(classJoinState(live, at(-30))).toBe('open');
    expect(classJoinState(live, at(0))).toBe('open');
    expect(classJoinState(live, at(59))).toBe('open');
    expect(classJoinState(live, at(60))).toBe('ended');
    expect(classJoinState(live, at(60 * 24))).toBe('ended');
    expect(canJoin(live, at(-120))).toBe(true);
    expect(canJoin(live, at(61))).toBe(false);
  });

  it('never offers Join for recorded classes or live classes without a link', () => {
    expect(classJoinState({ ...live, type: 'recorded' }, at(0))).toBe('none');
    expect(classJoinState({ ...live, meetingLink: null }, at(0))).toBe('none');
    expect(classJoinState({ ...live, meetingLink: '   ' }, at(0))).toBe('none');
    expect(classJoinState({ ...live, scheduledDate: 'not a date' }, at(0))).toBe('none');
  });

  it('knows when a class is running and what is today', () => {
    expect(isInProgress(live, at(-1))).toBe(false);
    expect(isInProgress(live, at(10))).toBe(true);
    expect(isInProgress(live, at(60))).toBe(false);
    const noon = new Date(2026, 2, 10, 12, 0);
    expect(isSameLocalDay(new Date(2026, 2, 10, 23, 59).toISOString(), noon)).toBe(true);
    expect(isSameLocalDay(new Date(2026, 2, 11, 0, 0).toISOString(), noon)).toBe(false);
  });
});
