import { SegmentedControl, Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  ICS_CONTENT_TYPE,
  ICS_FILE_NAME,
  authAtom,
  classJoinState,
  classesToIcs,
  errorMessageKey,
  type CalendarFilters,
} from '@portal/shared-data';
import { useCalendarClasses } from '@portal/shared-data/queries';
import {
  ClassCalendar,
  FullPageLoader,
  downloadTextFile,
  useNow,
  type ClassCalendarExporter,
} from '@portal/shared-ui';
import { CalendarFilterBar } from './calendar-filters';
import { namespace } from './i18n';

// The planner brings @mantine/schedule: it loads when someone opens it.
const ClassPlanner = lazy(() => import('./class-planner'));

type CalendarView = 'overview' | 'planner';
const VIEW_PARAM = 'view';
const COURSE_PARAM = 'course';
const TEACHER_PARAM = 'teacher';

export interface CalendarScreenProps {
  /** The current time (tests, stories): the first month shown, the selected day and Join states. */
  now?: Date;
}

/**
 * Calendar for a teacher (the classes of the courses they teach; an administrator gets every class,
 * as RLS answers the same read model), in two views: the overview on the shared ClassCalendar (the
 * month grid, the selected day's classes, the next 5, Join for their live classes that have not
 * ended, the .ics export) and the planner (day, week and month views where an upcoming class is
 * dragged to a new time). The view is kept in the address (`?view=planner`).
 */
export default function CalendarScreen({ now: fixedNow }: CalendarScreenProps) {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const now = useNow(60_000, fixedNow);
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get(VIEW_PARAM) === 'planner' ? 'planner' : 'overview';
  // The filters live in the address too, so a reload or a shared link keeps them.
  const courseId = params.get(COURSE_PARAM);
  const teacherId = user?.role === 'admin' ? params.get(TEACHER_PARAM) : null;
  const filters = useMemo<CalendarFilters>(() => ({ courseId, teacherId }), [courseId, teacherId]);
  const calendar = useCalendarClasses(now, filters);
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

  const setParam = (name: string, value: string | null | undefined) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(name, value);
        else updated.delete(name);
        return updated;
      },
      { replace: true },
    );

  const toolbar = (
    <CalendarFilterBar
      user={user}
      filters={filters}
      onChange={(next) =>
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            for (const [name, value] of [
              [COURSE_PARAM, next.courseId],
              [TEACHER_PARAM, next.teacherId],
            ] as const) {
              if (value) updated.set(name, value);
              else updated.delete(name);
            }
            return updated;
          },
          { replace: true },
        )
      }
    >
      <SegmentedControl
        aria-label={t('viewLabel')}
        value={view}
        onChange={(next) => setParam(VIEW_PARAM, next === 'planner' ? 'planner' : null)}
        data={[
          { value: 'overview', label: t('viewOverview') },
          { value: 'planner', label: t('viewPlanner') },
        ]}
      />
    </CalendarFilterBar>
  );

  if (view === 'planner') {
    return (
      <Stack gap="md">
        {toolbar}
        <Suspense
          fallback={
            <FullPageLoader minHeight={320} label={t('loading', { ns: 'class-calendar' })} />
          }
        >
          <ClassPlanner now={now} filters={filters} />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {toolbar}
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
    </Stack>
  );
}
