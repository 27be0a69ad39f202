import { dayKey } from '../month-calendar/calendar-grid';
import type { CalendarEvent } from '../month-calendar/month-calendar';
import type {
  CalendarClassItem,
  CalendarMonthData,
  CalendarMonthDay,
} from './class-calendar-types';

/** The grid's events: each day's first classes (time + course title), as the month answer holds them. */
export function monthEvents<M extends CalendarMonthData>(month: M): CalendarEvent[] {
  return month.days.flatMap((day) =>
    day.classes.map((item) => ({
      id: item.id,
      date: item.scheduledDate,
      title: item.courseTitle ?? item.title,
      color: item.type === 'live' ? 'green' : 'indigo',
    })),
  );
}

/**
 * Each day's number of classes ('YYYY-MM-DD' in the viewer's time zone, as the grid keys days), so
 * MonthCalendar shows '+N more' and the day's count without the month's every class being loaded.
 */
export function monthDayCounts<M extends CalendarMonthData>(month: M): Record<string, number> {
  return Object.fromEntries(month.days.map((day) => [day.date, day.classCount]));
}

/** The month answer's entry for a local day; undefined when the day has no classes (or no answer). */
export function findCalendarDay<C extends CalendarClassItem>(
  month: CalendarMonthData<C> | undefined,
  date: Date,
): CalendarMonthDay<C> | undefined {
  const key = dayKey(date);
  return month?.days.find((day) => day.date === key);
}

/**
 * Whether a day has more classes than the month answer carries (its first ones only), so its full
 * list is one more request.
 */
export function needsFullDayList(day: CalendarMonthDay | undefined): boolean {
  return !!day && day.classCount > day.classes.length;
}
