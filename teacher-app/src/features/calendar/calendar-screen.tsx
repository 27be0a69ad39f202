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
} from '@portal/shared-data';
import { useCalendarClasses } from '@portal/shared-data/queries';
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
 * Calendar for a teacher (the classes of the courses they teach; an administrator gets every class,
 * as RLS answers the same read model) on the shared ClassCalendar: the month grid, the selected day's
 * classes, the next 5, Join for their live classes that have not ended, and the .ics export.
 */
export default function CalendarScreen({ now: fixedNow }: CalendarScreenProps) {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const now = useNow(60_000, fixedNow);
  const calendar = useCalendarClasses(now);
  const { fetchExportClasses } = calendar;

  const exporter = useMemo<ClassCalendarExporter>(
    () => ({
      fileName: ICS_FILE_NAME,
      // The teaching schedule from a month ago to half a year ahead, read afresh in one request.
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

  return (
    <ClassCalendar
      description={t(user?.role === 'admin' ? 'subtitleAdmin' : 'subtitle')}
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
      // A teacher opens the meeting link; attendance is the roster's, not recorded by joining.
      joinStateOf={(item) => classJoinState(item, now)}
      exporter={exporter}
    />
  );
}
