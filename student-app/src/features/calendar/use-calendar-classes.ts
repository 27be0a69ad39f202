import { useCallback, useEffect, useRef, useState } from 'react';
import {
  calendarReadModel,
  type CalendarClass,
  type CalendarMonth,
  type ServiceError,
} from '@portal/shared-data';

export type Loadable<T> =
  { status: 'loading' } | { status: 'error'; error: ServiceError } | { status: 'ready'; data: T };

/** 'YYYY-MM' of a local month. */
export function monthKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' of a local day, as the month RPC names days in the viewer's time zone. */
export function dayKey(date: Date): string {
  return `${monthKey(date)}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The local month as a window of start times [first day 00:00, first day of next month 00:00). */
export function monthRange(date: Date): { from: string; to: string } {
  const from = new Date(date.getFullYear(), date.getMonth(), 1);
  const to = new Date(date.getFullYear(), date.getMonth() + 1, 1);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The local day as a window of start times [00:00, next day 00:00). */
export function dayRange(date: Date): { from: string; to: string } {
  const from = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const to = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The viewer's IANA time zone, so the month's days are the days the grid shows. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function toLoadable<T>(
  result: { success: true; data: T } | { success: false; error: ServiceError },
): Loadable<T> {
  return result.success
    ? { status: 'ready', data: result.data }
    : { status: 'error', error: result.error };
}

function markIn(list: CalendarClass[], classId: string): CalendarClass[] {
  return list.map((item) => (item.id === classId ? { ...item, myAttendance: true } : item));
}

function markInMonth(month: CalendarMonth, classId: string): CalendarMonth {
  return {
    ...month,
    days: month.days.map((day) => ({ ...day, classes: markIn(day.classes, classId) })),
    upcoming: markIn(month.upcoming, classId),
  };
}

/**
 * The calendar's data: one `get_calendar_month` request per month shown (each kept once loaded), which
 * also brings the next classes, and a day's full list only when that day has more classes than the grid
 * shows (one request per such day). RLS limits everything to the student's enrolled courses.
 */
export function useCalendarClasses(month: Date, selected: Date) {
  const [months, setMonths] = useState<Record<string, Loadable<CalendarMonth>>>({});
  const [days, setDays] = useState<Record<string, Loadable<CalendarClass[]>>>({});
  const [upcoming, setUpcoming] = useState<CalendarClass[] | null>(null);
  // What was asked for, kept across StrictMode's second effect run so each is fetched once.
  const requestedMonths = useRef(new Map<string, Date>());
  const requestedDays = useRef(new Map<string, Date>());

  const loadMonth = useCallback(async (date: Date) => {
    const key = monthKey(date);
    requestedMonths.current.set(key, date);
    setMonths((previous) => ({ ...previous, [key]: { status: 'loading' } }));
    const result = await calendarReadModel.month({
      ...monthRange(date),
      timeZone: viewerTimeZone(),
    });
    setMonths((previous) => ({ ...previous, [key]: toLoadable(result) }));
    if (result.success) setUpcoming(result.data.upcoming);
  }, []);

  const loadDay = useCallback(async (date: Date) => {
    const key = dayKey(date);
    requestedDays.current.set(key, date);
    setDays((previous) => ({ ...previous, [key]: { status: 'loading' } }));
    const { from, to } = dayRange(date);
    const result = await calendarReadModel.classesBetween(from, to);
    setDays((previous) => ({ ...previous, [key]: toLoadable(result) }));
  }, []);

  const shownKey = monthKey(month);
  useEffect(() => {
    if (!requestedMonths.current.has(shownKey)) void loadMonth(month);
    // `shownKey` names the month; the Date object changes identity on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownKey, loadMonth]);

  const selectedMonth: Loadable<CalendarMonth> = months[monthKey(selected)] ?? {
    status: 'loading',
  };
  const selectedKey = dayKey(selected);
  const selectedDay =
    selectedMonth.status === 'ready'
      ? selectedMonth.data.days.find((day) => day.date === selectedKey)
      : undefined;
  // The grid already holds a day's classes unless it has more than it shows.
  const needsDayList = !!selectedDay && selectedDay.classCount > selectedDay.classes.length;
  useEffect(() => {
    if (needsDayList && !requestedDays.current.has(selectedKey)) void loadDay(selected);
    // `selectedKey` names the day.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsDayList, selectedKey, loadDay]);

  let day: Loadable<CalendarClass[]>;
  if (selectedMonth.status !== 'ready') day = selectedMonth;
  else if (!selectedDay) day = { status: 'ready', data: [] };
  else if (!needsDayList) day = { status: 'ready', data: selectedDay.classes };
  else day = days[selectedKey] ?? { status: 'loading' };

  const current: Loadable<CalendarMonth> = months[shownKey] ?? { status: 'loading' };
  // The next classes come with every month; until one has loaded they share its state.
  const upcomingState: Loadable<CalendarClass[]> = upcoming
    ? { status: 'ready', data: upcoming }
    : current.status === 'error'
      ? current
      : { status: 'loading' };

  /** Loads again whatever failed: months and day lists. */
  const retry = useCallback(() => {
    for (const [key, state] of Object.entries(months)) {
      const date = requestedMonths.current.get(key);
      if (state.status === 'error' && date) void loadMonth(date);
    }
    for (const [key, state] of Object.entries(days)) {
      const date = requestedDays.current.get(key);
      if (state.status === 'error' && date) void loadDay(date);
    }
  }, [months, days, loadMonth, loadDay]);

  /** Shows the student's own attendance once joining recorded it. */
  const markAttended = useCallback((classId: string) => {
    setMonths((previous) =>
      Object.fromEntries(
        Object.entries(previous).map(([key, state]) => [
          key,
          state.status === 'ready' ? { ...state, data: markInMonth(state.data, classId) } : state,
        ]),
      ),
    );
    setDays((previous) =>
      Object.fromEntries(
        Object.entries(previous).map(([key, state]) => [
          key,
          state.status === 'ready' ? { ...state, data: markIn(state.data, classId) } : state,
        ]),
      ),
    );
    setUpcoming((previous) => (previous ? markIn(previous, classId) : previous));
  }, []);

  return { current, day, upcoming: upcomingState, retry, markAttended };
}
