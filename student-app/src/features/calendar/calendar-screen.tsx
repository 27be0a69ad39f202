import { Badge } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ICS_CONTENT_TYPE,
  ICS_FILE_NAME,
  authAtom,
  classJoinState,
  classesToIcs,
  errorMessageKey,
  exportWindow,
  type CalendarClass,
} from '@portal/shared-data';
import { classQueries, useJoinClass } from '@portal/shared-data/queries';
import {
  ClassCalendar,
  dayRange,
  downloadTextFile,
  findCalendarDay,
  monthRange,
  needsFullDayList,
  useNow,
  viewerTimeZone,
  type ClassCalendarExporter,
  type ClassListState,
} from '@portal/shared-ui';
import { namespace } from './i18n';

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export interface CalendarScreenProps {
  /** The current time (tests, stories): the first month shown, the selected day and Join states. */
  now?: Date;
}

/**
 * Calendar for a student (only classes of enrolled courses, by RLS) on the shared ClassCalendar:
 * the month grid with each day's first classes, the selected day's classes, the next 5, the .ics
 * export, and joining a live class records the student's attendance.
 */
export default function CalendarScreen({ now: fixedNow }: CalendarScreenProps) {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const queryClient = useQueryClient();
  const now = useNow(60_000, fixedNow);
  const [month, setMonth] = useState(() => startOfDay(now));
  const [selected, setSelected] = useState(() => startOfDay(now));
  const timeZone = viewerTimeZone();
  const shownMonth = useQuery(classQueries.calendarMonth({ ...monthRange(month), timeZone }));
  // The same query as the shown month unless the student paged away from the selected day.
  const selectedMonth = useQuery(classQueries.calendarMonth({ ...monthRange(selected), timeZone }));
  const selectedDay = selectedMonth.isPlaceholderData
    ? undefined
    : findCalendarDay(selectedMonth.data, selected);
  // The grid holds a day's first classes; a busy day's full list is one more request.
  const needsDayList = needsFullDayList(selectedDay);
  const selectedRange = dayRange(selected);
  const dayList = useQuery({
    ...classQueries.between(selectedRange.from, selectedRange.to),
    enabled: needsDayList,
  });
  const { join, recorded, problem, dismissProblem } = useJoinClass(user?.id ?? null);

  let day: ClassListState<CalendarClass>;
  if (selectedMonth.isError) day = { status: 'error' };
  else if (selectedMonth.isPending || selectedMonth.isPlaceholderData) day = { status: 'loading' };
  else if (!needsDayList) day = { status: 'ready', classes: selectedDay?.classes ?? [] };
  else if (dayList.isError) day = { status: 'error' };
  else if (dayList.data) day = { status: 'ready', classes: dayList.data };
  else day = { status: 'loading' };

  // The next classes come with every month; the last ones shown stay while another month loads.
  const upcoming: ClassListState<CalendarClass> = shownMonth.data
    ? { status: 'ready', classes: shownMonth.data.upcoming }
    : shownMonth.isError
      ? { status: 'error' }
      : { status: 'loading' };

  const failed = [shownMonth, selectedMonth, dayList].filter((query) => query.isError);
  const retry = () => {
    for (const query of failed) void query.refetch();
  };

  const exporter = useMemo<ClassCalendarExporter>(
    () => ({
      fileName: ICS_FILE_NAME,
      // The student's classes from a month ago to half a year ahead, read afresh in one request.
      run: async (labels) => {
        const { from, to } = exportWindow(now);
        const classes = await queryClient.fetchQuery({
          ...classQueries.between(from, to),
          staleTime: 0,
        });
        if (classes.length > 0) {
          downloadTextFile(ICS_FILE_NAME, classesToIcs(classes, labels, now), ICS_CONTENT_TYPE);
        }
        return classes.length;
      },
    }),
    [now, queryClient],
  );

  const describeError = useCallback(
    (error: unknown) => t(errorMessageKey(error), { ns: 'errors' }),
    [t],
  );
  const onJoin = useCallback((item: CalendarClass) => join(item, now), [join, now]);

  return (
    <ClassCalendar
      description={t('subtitle')}
      month={month}
      onMonthChange={setMonth}
      monthData={shownMonth.data}
      monthLoading={shownMonth.isPending || shownMonth.isPlaceholderData}
      selectedDate={selected}
      onSelectDate={setSelected}
      dayClasses={day}
      upcoming={upcoming}
      today={now}
      loadError={
        failed[0]
          ? {
              error: failed[0].error,
              onRetry: retry,
              retrying: failed.some((query) => query.isFetching),
            }
          : null
      }
      describeError={describeError}
      joinStateOf={(item) => classJoinState(item, now)}
      onJoin={onJoin}
      renderBadges={(item) =>
        item.myAttendance || recorded.has(item.id) ? (
          <Badge
            color="teal"
            variant="light"
            size="sm"
            leftSection={<IconCircleCheck size={12} aria-hidden />}
          >
            {t('attended')}
          </Badge>
        ) : null
      }
      exporter={exporter}
      notice={
        problem
          ? {
              tone: 'warning',
              message: (
                <>
                  {t('attendanceFailed')} {t(errorMessageKey(problem.error), { ns: 'errors' })}
                </>
              ),
              onDismiss: dismissProblem,
            }
          : null
      }
    />
  );
}
