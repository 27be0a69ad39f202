import type { ScheduleEventData } from '@mantine/schedule';
import { describe, expect, it } from 'vitest';
import { capOverlaps, isMoreEvents, type MoreEventsPayload } from './crowded-slots';

// The cap on classes drawn side by side in the planner's time grids: never more than `cap` at a
// moment, the rest behind one "+N more" stand-in per run, nothing lost.

const at = (day: number, hours: number, minutes = 0) => new Date(2025, 2, day, hours, minutes);
const event = (id: string, start: Date, minutes = 60): ScheduleEventData => ({
  id,
  title: `Class ${id}`,
  start,
  end: new Date(start.getTime() + minutes * 60_000),
  color: 'blue',
});
const label = (count: number) => `+${count} more`;
const standIns = (events: ScheduleEventData[]) =>
  events.filter(isMoreEvents) as ScheduleEventData<MoreEventsPayload>[];

/** The most events drawn at one moment (intervals meet at starts). */
function mostAtOnce(events: ScheduleEventData[]) {
  return Math.max(
    ...events.map(
      (one) =>
        events.filter(
          (other) =>
            new Date(other.start) <= new Date(one.start) &&
            new Date(one.start) < new Date(other.end),
        ).length,
    ),
  );
}

describe('capOverlaps', () => {
  it('leaves a day with no more than the cap untouched', () => {
    const events = [event('a', at(13, 10)), event('b', at(13, 10, 30)), event('c', at(13, 12))];
    expect(capOverlaps(events, 2, label)).toEqual(events);
  });

  it('draws `cap` of thirty classes at one hour and puts the rest behind one "+28 more"', () => {
    const events = Array.from({ length: 30 }, (_, i) => event(`c${i}`, at(13, 10)));
    const shown = capOverlaps(events, 2, label);
    const [more, ...others] = standIns(shown);
    expect(others).toEqual([]);
    expect(shown.filter((item) => !isMoreEvents(item))).toHaveLength(2);
    expect(more?.title).toBe('+28 more');
    expect(more?.payload?.hidden).toHaveLength(28);
    expect(more?.start).toEqual(at(13, 10));
    expect(more?.end).toEqual(at(13, 11));
    expect(mostAtOnce(shown)).toBe(3);
  });

  it('caps each day on its own and makes one stand-in per run of hidden classes', () => {
    const events = [
      ...Array.from({ length: 5 }, (_, i) => event(`mon-${i}`, at(10, 9))),
      ...Array.from({ length: 4 }, (_, i) => event(`tue-${i}`, at(11, 9), 15)),
      ...Array.from({ length: 4 }, (_, i) => event(`tue-late-${i}`, at(11, 16))),
    ];
    const shown = capOverlaps(events, 2, label);
    const more = standIns(shown);
    expect(more.map((item) => item.title)).toEqual(['+3 more', '+2 more', '+2 more']);
    // A stand-in for 15-minute classes still spans a half-hour slot.
    expect(more[1]?.end).toEqual(at(11, 9, 30));
    const hidden = more.flatMap((item) => item.payload?.hidden ?? []);
    const kept = shown.filter((item) => !isMoreEvents(item));
    expect([...hidden, ...kept].map((item) => item.id).toSorted()).toEqual(
      events.map((item) => item.id).toSorted(),
    );
    expect(mostAtOnce(shown)).toBeLessThanOrEqual(3);
  });

  it('keeps a chain of classes that never overlap more than the cap', () => {
    const events = [0, 30, 60, 90, 120].map((minutes, i) =>
      event(`chain-${i}`, new Date(at(13, 9).getTime() + minutes * 60_000)),
    );
    const shown = capOverlaps(events, 2, label);
    expect(standIns(shown)).toEqual([]);
    expect(shown).toHaveLength(5);
  });
});
