import type { ScheduleEventData } from '@mantine/schedule';

// @mantine/schedule's day and week grids lay classes that overlap in time side by side, each taking
// an equal share of the column, with no cap on how many (its `MoreEvents` "+N more" only serves the
// month view and the all-day row; `eventOverlapMode="cascade"` stacks them, still one under the
// other). With dozens of classes at one hour (the admin sees every course) each button is a few
// pixels wide, under WCAG 2.5.8's 24 × 24 px. So the planner draws at most `cap` classes at any
// moment of a day, and each run of the others becomes one stand-in event that the planner draws as
// the library's own `MoreEvents` control ("+N more", a popover listing them as buttons).

/** The id prefix of a stand-in for hidden classes. */
export const MORE_EVENTS_ID = 'more-events:';
/** A stand-in is at least this long, so its button is at least a half-hour slot tall. */
const MIN_STAND_IN_MINUTES = 30;
const MINUTE = 60_000;

/** What a stand-in carries: the classes it stands for, earliest first. */
export interface MoreEventsPayload {
  hidden: ScheduleEventData[];
}

const time = (value: Date | string) => new Date(value).getTime();
const localDay = (value: Date | string) => new Date(value).toDateString();

/** True for a stand-in made by `capOverlaps`. */
export function isMoreEvents(
  event: ScheduleEventData,
): event is ScheduleEventData<MoreEventsPayload> {
  return String(event.id).startsWith(MORE_EVENTS_ID);
}

/**
 * The events to draw when no more than `cap` may overlap: per day, earliest first (longer first on a
 * tie, as the schedule orders them), a class is drawn while fewer than `cap` drawn classes overlap
 * it; the rest, grouped in runs that overlap (or lie under half an hour apart), become one stand-in
 * each, spanning its run, titled by `label(count)`. So at most `cap + 1` columns share a moment.
 */
export function capOverlaps(
  events: readonly ScheduleEventData[],
  cap: number,
  label: (count: number) => string,
): ScheduleEventData[] {
  const byDay = new Map<string, ScheduleEventData[]>();
  for (const event of events) {
    const day = localDay(event.start);
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  const shown: ScheduleEventData[] = [];
  for (const [day, dayEvents] of byDay) {
    const sorted = dayEvents.toSorted(
      (a, b) =>
        time(a.start) - time(b.start) ||
        time(b.end) - time(b.start) - (time(a.end) - time(a.start)),
    );
    const kept: ScheduleEventData[] = [];
    const hidden: ScheduleEventData[] = [];
    for (const event of sorted) {
      // Every kept class that overlaps this one started no later, so it is still running at this
      // one's start: fewer than `cap` of them means at most `cap` at any moment.
      const overlapping = kept.filter(
        (other) => time(other.start) < time(event.end) && time(event.start) < time(other.end),
      ).length;
      (overlapping < Math.max(cap, 1) ? kept : hidden).push(event);
    }
    shown.push(...kept);

    let run: ScheduleEventData[] = [];
    let runStart = 0;
    let runEnd = 0;
    const closeRun = () => {
      if (run.length === 0) return;
      shown.push({
        id: `${MORE_EVENTS_ID}${day}:${runStart}`,
        title: label(run.length),
        start: new Date(runStart),
        end: new Date(runEnd),
        color: 'gray',
        payload: { hidden: run } satisfies MoreEventsPayload,
      });
      run = [];
    };
    for (const event of hidden) {
      const start = time(event.start);
      if (run.length > 0 && start >= runEnd) closeRun();
      if (run.length === 0) {
        runStart = start;
        runEnd = start + MIN_STAND_IN_MINUTES * MINUTE;
      }
      run.push(event);
      runEnd = Math.max(runEnd, time(event.end));
    }
    closeRun();
  }
  return shown;
}
