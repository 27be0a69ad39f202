import { courseColors, courseKey } from '../../course-color';
import type { CalendarEvent } from '../month-calendar/month-calendar';
import type { CalendarMonthData } from './class-calendar-types';

/**
 * The grid's events: each day's first classes (time + course title), as the month answer holds
 * them, each in its course's colour, different for each course of the month (a narrow cell cuts
 * the title; the colour still tells courses apart).
 */
export function monthEvents<M extends CalendarMonthData>(month: M): CalendarEvent[] {
  const classes = month.days.flatMap((day) => day.classes);
  const colors = courseColors(classes.map(courseKey));
  return classes.map((item) => ({
    id: item.id,
    date: item.scheduledDate,
    title: item.courseTitle ?? item.title,
    color: colors.get(courseKey(item)) ?? 'blue',
  }));
}

/**
 * Each day's number of classes ('YYYY-MM-DD' in the viewer's time zone, as the grid keys days), so
 * MonthCalendar shows '+N more' and the day's count without the month's every class being loaded.
 */
export function monthDayCounts<M extends CalendarMonthData>(month: M): Record<string, number> {
  return Object.fromEntries(month.days.map((day) => [day.date, day.classCount]));
}
