import { describe, expect, it } from 'vitest';
import { joinState } from './join-window';

const start = '2025-03-12T15:00:00.000Z';
const end = '2025-03-12T16:00:00.000Z';
const live = {
  type: 'live' as const,
  meetingLink: 'https://meet.test/a',
  scheduledDate: start,
  endsAt: end,
};

describe('joinState', () => {
  it('offers Join before the window, Join Now from 30 minutes before until the end, nothing after', () => {
    expect(joinState(live, new Date('2025-03-12T14:29:00.000Z'))).toBe('later');
    expect(joinState(live, new Date('2025-03-12T14:30:00.000Z'))).toBe('now');
    expect(joinState(live, new Date('2025-03-12T15:59:59.000Z'))).toBe('now');
    expect(joinState(live, new Date('2025-03-12T16:00:00.000Z'))).toBe('now');
    expect(joinState(live, new Date('2025-03-12T16:00:01.000Z'))).toBe('ended');
  });

  it('has nothing to join for recorded classes, classes without a link or unreadable dates', () => {
    const now = new Date('2025-03-12T15:10:00.000Z');
    expect(joinState({ ...live, type: 'recorded' }, now)).toBe('none');
    expect(joinState({ ...live, meetingLink: null }, now)).toBe('none');
    expect(joinState({ ...live, scheduledDate: 'soon' }, now)).toBe('none');
  });
});
