import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  dayRange,
  exportWindow,
  findCalendarDay,
  monthRange,
  needsFullDayList,
  viewerTimeZone,
  type CalendarClass,
  type CalendarFilters,
} from '@portal/shared-data';
import { classQueries } from './class-queries';

/** A list of classes (a day's, or the next ones): loading, failed (the banner explains) or loaded. */
export type CalendarListState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; classes: CalendarClass[] };

/** The failed calendar reads: the first one's error, and one retry for all of them. */
export type CalendarLoadError = { error: unknown; onRetry: () => void; retrying: boolean };

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/**
 * The calendar's classes, the same for a student, a teacher and an administrator (RLS decides whose
 * classes they are): the shown month (grid and next classes), the selected day's classes, one retry
 * for whatever failed, and the export window's classes read afresh. `now` picks the first month
 * and day shown, and the export window. `filters` narrow every read (one course, one teacher's).
 */
export function useCalendarClasses(now: Date, filters: CalendarFilters = {}) {
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(() => startOfDay(now));
  const [selected, setSelected] = useState(() => startOfDay(now));
  const timeZone = viewerTimeZone();
  const { courseId, teacherId } = filters;
  const shownMonth = useQuery(
    classQueries.calendarMonth({ ...monthRange(month), timeZone, courseId, teacherId }),
  );
  // The same query as the shown month unless the viewer paged away from the selected day.
  const selectedMonth = useQuery(
    classQueries.calendarMonth({ ...monthRange(selected), timeZone, courseId, teacherId }),
  );
  const selectedDay = selectedMonth.isPlaceholderData
    ? undefined
    : findCalendarDay(selectedMonth.data, selected);
  // The month answer holds each day's first classes, and every class of today (the day the calendar
  // opens on); another busy day's full list is one more request.
  const needsDayList = needsFullDayList(selectedDay);
  const selectedRange = dayRange(selected);
  const dayList = useQuery({
    ...classQueries.between(selectedRange.from, selectedRange.to, { courseId, teacherId }),
    enabled: needsDayList,
  });

  let dayClasses: CalendarListState;
  if (selectedMonth.isError) dayClasses = { status: 'error' };
  else if (selectedMonth.isPending || selectedMonth.isPlaceholderData)
    dayClasses = { status: 'loading' };
  else if (!needsDayList) dayClasses = { status: 'ready', classes: selectedDay?.classes ?? [] };
  else if (dayList.isError) dayClasses = { status: 'error' };
  else if (dayList.data) dayClasses = { status: 'ready', classes: dayList.data };
  else dayClasses = { status: 'loading' };

  // The next classes come with every month; the last ones shown stay while another month loads.
  const upcoming: CalendarListState = shownMonth.data
    ? { status: 'ready', classes: shownMonth.data.upcoming }
    : shownMonth.isError
      ? { status: 'error' }
      : { status: 'loading' };

  const failed = [shownMonth, selectedMonth, dayList].filter((query) => query.isError);
  const loadError: CalendarLoadError | null = failed[0]
    ? {
        error: failed[0].error,
        onRetry: () => {
          for (const query of failed) void query.refetch();
        },
        retrying: failed.some((query) => query.isFetching),
      }
    : null;

  // The classes from a month ago to half a year ahead, read afresh in one request.
  const fetchExportClasses = useCallback((): Promise<CalendarClass[]> => {
    const { from, to } = exportWindow(now);
    return queryClient.fetchQuery({
      ...classQueries.between(from, to, { courseId, teacherId }),
      staleTime: 0,
    });
  }, [now, queryClient, courseId, teacherId]);

  return {
    month,
    setMonth,
    selected,
    setSelected,
    monthData: shownMonth.data,
    monthLoading: shownMonth.isPending || shownMonth.isPlaceholderData,
    dayClasses,
    upcoming,
    loadError,
    fetchExportClasses,
  };
}
