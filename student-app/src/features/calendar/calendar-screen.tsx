import { Badge } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ICS_CONTENT_TYPE,
  ICS_FILE_NAME,
  authAtom,
  classJoinState,
  classesToIcs,
  errorMessageKey,
  type CalendarClass,
} from '@portal/shared-data';
import { useCalendarClasses, useJoinClass } from '@portal/shared-data/queries';
import {
  ClassCalendar,
  downloadTextFile,
  useNow,
  type ClassCalendarExporter,
} from '@portal/shared-ui';
import { namespace } from './i18n';

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
  const now = useNow(60_000, fixedNow);
  const calendar = useCalendarClasses(now);
  const { fetchExportClasses } = calendar;
  const { join, recorded, problem, dismissProblem } = useJoinClass(user?.id ?? null);

  const exporter = useMemo<ClassCalendarExporter>(
    () => ({
      fileName: ICS_FILE_NAME,
      // The student's classes from a month ago to half a year ahead, read afresh in one request.
      run: async (labels) => {
        const classes = await fetchExportClasses();
        if (classes.length > 0) {
          downloadTextFile(ICS_FILE_NAME, classesToIcs(classes, labels, now), ICS_CONTENT_TYPE);
        }
        return classes.length;
      },
    }),
    [now, fetchExportClasses],
  );

  const describeError = useCallback(
    (error: unknown) => t(errorMessageKey(error), { ns: 'errors' }),
    [t],
  );
  const onJoin = useCallback((item: CalendarClass) => join(item, now), [join, now]);

  return (
    <ClassCalendar
      description={t('subtitle')}
      month={calendar.month}
      onMonthChange={calendar.setMonth}
      monthData={calendar.monthData}
      monthLoading={calendar.monthLoading}
      selectedDate={calendar.selected}
      onSelectDate={calendar.setSelected}
      dayClasses={calendar.dayClasses}
      upcoming={calendar.upcoming}
      today={now}
      loadError={calendar.loadError}
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
