import type { CalendarMonth } from '@portal/shared-data';
import type { CalendarEvent } from '@portal/shared-ui';

/**
 * The grid's events: each day's first classes (time + course title) and, for the classes the month
 * answer only counts, stand-ins at the end of the day, so the kit's MonthCalendar shows '+N more' and
 * the right number in the day's label without the month's every class being loaded.
 */
export function monthEvents(month: CalendarMonth): CalendarEvent[] {
  return month.days.flatMap((day) => {
    const shown = day.classes.map((item) => ({
      id: item.id,
      date: item.scheduledDate,
      title: item.courseTitle ?? item.title,
      color: item.type === 'live' ? 'green' : 'indigo',
    }));
    const [year, monthNumber, date] = day.date.split('-').map(Number) as [number, number, number];
    const endOfDay = new Date(year, monthNumber - 1, date, 23, 59, 59, 999).toISOString();
    const more = Array.from({ length: Math.max(0, day.classCount - shown.length) }, (_, index) => ({
      id: `${day.date}-more-${index}`,
      date: endOfDay,
      title: '',
    }));
    return [...shown, ...more];
  });
}
