import '@mantine/dates/styles.css';
import '@mantine/schedule/styles.css';
import 'dayjs/locale/es';
import {
  Alert,
  CloseButton,
  Group,
  LoadingOverlay,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  MoreEvents,
  Schedule,
  type WeekViewProps,
  type ScheduleEventData,
  type ScheduleLabelsOverride,
  type ScheduleViewLevel,
} from '@mantine/schedule';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PLANNER_FIRST_DAY_OF_WEEK,
  canOfferMove,
  dayKey,
  errorMessageKey,
  moveRefusal,
  plannerRange,
  plannerTimeToIso,
  type CalendarClass,
  type CalendarFilters,
  type PlannerView,
} from '@portal/shared-data';
import { classMutations, classQueries } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  courseColors,
  courseKey,
  formatDateRange,
  formatDate,
  formatLongDateTime,
  formatMonthName,
  formatMonthYear,
  formatWeekday,
  useLanguage,
} from '@portal/shared-ui';
import { capOverlaps, isMoreEvents } from './crowded-slots';
import { namespace } from './i18n';
import { MoveClassModal } from './move-class-modal';

/** How the schedule lets an event be drawn (its `RenderEvent` type is not exported). */
type RenderEvent = NonNullable<WeekViewProps['renderEvent']>;

const PLANNER_VIEWS: readonly PlannerView[] = ['day', 'week', 'month'];
const MINUTE = 60_000;
/** A class shorter than this is drawn this long, so its box is at least 24 px tall and covers nothing. */
const MIN_DRAWN_MINUTES = 30;
/** Where the day and week grids open: the school's morning, not midnight. */
const WORKING_DAY_START = '07:00:00';
/** Below this width a week's seven columns are too narrow to read: the planner opens on a day. */
const PHONE_QUERY = '(max-width: 48em)';
/**
 * How many classes the time grids draw side by side at one moment before the rest go behind a
 * "+N more" control (crowded-slots.ts): one, so a column holds at most two lanes, a class and its
 * "+N more". The schedule sizes each event by the lanes of the events it touches, not of its whole
 * overlapping group, so with three lanes in play a class could get a wider lane than its
 * neighbour's and be drawn over it (WCAG 2.5.8; class-planner.test.tsx draws such chains). With
 * two lanes every event's share is consistent, and each button is at least 24 px wide from a
 * laptop's week down to a phone's day.
 */
const OVERLAP_CAP = 1;
/** A "+N more" in a time grid looks like a default button, not like a class (or bare text). */
const STAND_IN_LOOK = {
  color: 'var(--mantine-color-default-color)',
  backgroundColor: 'var(--mantine-color-default)',
  border: '1px solid var(--mantine-color-default-border)',
} as const;
/** The month view: classes shown per day before its own "+N more", and the height of each one's row. */
const MONTH_EVENTS_PER_DAY = 2;
const MONTH_EVENT_ROW = '28px';
/** The height of the day and week grids' all-day row, which holds two classes one above the other. */
const ALL_DAY_ROW_HEIGHT = 56;
/** The "+N more" control and the classes it lists: at least WCAG 2.5.8's 24 px tall. */
const MORE_TARGET = { minHeight: 'calc(1.75rem * var(--mantine-scale))' } as const;

/** The day of a date-time as the schedule hands it to a format ('YYYY-MM-DD HH:mm:ss'). */
const dayOf = (value: string) => value.slice(0, 10);
const PLANNER_CLASS = 'class-planner';
const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function initialView(): PlannerView {
  return globalThis.matchMedia?.(PHONE_QUERY).matches ? 'day' : 'week';
}

type Outcome = { tone: 'done' | 'failed'; message: string } | null;

export interface ClassPlannerProps {
  /** The current time: the first week shown, and which classes may still be moved. */
  now: Date;
  /** One course's or one teacher's classes only. */
  filters?: CalendarFilters;
}

/**
 * The planner: the caller's classes by day, week or month (`@mantine/schedule`), where an upcoming
 * class is dragged to a new day or time, or opened to choose one with the keyboard. Each view reads
 * its window of classes in one request; a move is one update, and the database decides whether the
 * caller may make it (RLS, and a class with attendance stays where it was held).
 */
export default function ClassPlanner({ now, filters }: ClassPlannerProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const [view, setView] = useState<PlannerView>(initialView);
  const [date, setDate] = useState(() => dayKey(now));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [opened, setOpened] = useState<CalendarClass | null>(null);

  // `date` always comes from the schedule's own navigation, so it is a real day.
  const range = plannerRange(view, date) ?? { from: now.toISOString(), to: now.toISOString() };
  const classes = useQuery({
    ...classQueries.between(range.from, range.to, filters),
    placeholderData: keepPreviousData,
  });
  const move = useMutation(classMutations.update());

  const byId = useMemo(
    () => new Map((classes.data ?? []).map((item) => [item.id, item])),
    [classes.data],
  );

  // A class being moved shows at its new place until the refreshed window arrives (the mutation
  // stays pending until then), and goes back if the database refuses.
  const movingId = move.isPending ? move.variables?.id : undefined;
  const movingTo = move.isPending ? move.variables?.changes.scheduledDate : undefined;
  const events = useMemo<ScheduleEventData[]>(() => {
    const items = classes.data ?? [];
    // One colour per course of the window, never two courses the same (as on the month calendar).
    const colors = courseColors(items.map(courseKey));
    return items.map((item) => {
      const start = item.id === movingId && movingTo ? movingTo : item.scheduledDate;
      return {
        id: item.id,
        // The course first: a narrow event cuts its end, and the course is what tells it apart.
        title: item.courseTitle ? `${item.courseTitle} · ${item.title}` : item.title,
        start: new Date(start),
        // Drawn at least half an hour long (32 px): the schedule gives a shorter class a taller box
        // than its time, which then covers the class after it (WCAG 2.5.8, a crowded full run's
        // 15-minute classes). Only the drawing: a move keeps the class's own duration.
        end: new Date(Date.parse(start) + Math.max(item.duration, MIN_DRAWN_MINUTES) * MINUTE),
        color: colors.get(courseKey(item)) ?? 'blue',
      };
    });
  }, [classes.data, movingId, movingTo]);

  const moreLabel = useCallback((count: number) => t('schedule.moreLabel', { count }), [t]);
  // The time grids cap how many classes share a moment; the month view has its own cap per day.
  const shownEvents = useMemo(
    () => (view === 'month' ? events : capOverlaps(events, OVERLAP_CAP, moreLabel)),
    [events, view, moreLabel],
  );

  /**
   * Sends a move, or says why it was not sent: resolves null once the database accepted it (or
   * nothing changed), else the translated reason.
   */
  const moveClass = useCallback(
    async (item: CalendarClass, newStart: string | null): Promise<string | null> => {
      const refusal = moveRefusal(item, newStart, now);
      if (refusal === 'classMoveUnchanged') return null;
      if (refusal || !newStart) return t(`move.${refusal ?? 'classMoveInvalidTime'}`);
      try {
        await move.mutateAsync({ id: item.id, changes: { scheduledDate: newStart } });
        setOutcome({
          tone: 'done',
          message: t('move.done', {
            title: item.title,
            when: formatLongDateTime(newStart, language),
          }),
        });
        return null;
      } catch (error) {
        return `${t('move.failed')} ${t(errorMessageKey(error), { ns: 'errors' })}`;
      }
    },
    [move, now, t, language],
  );

  const dropClass = useCallback(
    async (item: CalendarClass, newStart: string | null) => {
      setOutcome(null);
      const failure = await moveClass(item, newStart);
      if (failure) setOutcome({ tone: 'failed', message: failure });
    },
    [moveClass],
  );

  const labels = useMemo<ScheduleLabelsOverride>(
    () => ({
      day: t('schedule.day'),
      week: t('schedule.week'),
      month: t('schedule.month'),
      year: t('schedule.year'),
      allDay: t('schedule.allDay'),
      weekday: t('schedule.weekday'),
      timeSlot: t('schedule.timeSlot'),
      today: t('schedule.today'),
      next: t('schedule.next'),
      previous: t('schedule.previous'),
      more: t('schedule.more'),
      selectMonth: t('schedule.selectMonth'),
      selectYear: t('schedule.selectYear'),
      switchToDayView: t('schedule.switchToDayView'),
      switchToWeekView: t('schedule.switchToWeekView'),
      switchToMonthView: t('schedule.switchToMonthView'),
      switchToYearView: t('schedule.switchToYearView'),
      viewSelectLabel: t('schedule.viewSelectLabel'),
      noEvents: t('schedule.noEvents'),
      moreLabel,
    }),
    [t, moreLabel],
  );

  const openClass = useCallback(
    (event: ScheduleEventData) => setOpened(byId.get(String(event.id)) ?? null),
    [byId],
  );
  // The classes of a "+N more" popover, each a button at least 24 px tall that opens its class.
  const renderListedClass = useCallback<RenderEvent>(
    (_event, props) => <UnstyledButton {...props} style={{ ...props.style, ...MORE_TARGET }} />,
    [],
  );
  // A stand-in for hidden classes (crowded-slots.ts) is drawn, where the grid placed it, as the
  // library's "+N more" control; every other event as the schedule draws it.
  const renderEvent = useCallback<RenderEvent>(
    (event, props) =>
      isMoreEvents(event) ? (
        <MoreEvents
          className={props.className}
          style={{ ...props.style, ...MORE_TARGET, ...STAND_IN_LOOK }}
          events={event.payload?.hidden ?? []}
          moreEventsCount={event.payload?.hidden.length ?? 0}
          labels={labels}
          onEventClick={openClass}
          renderEvent={renderListedClass}
          popoverProps={{ offset: 4 }}
        />
      ) : (
        <UnstyledButton {...props} />
      ),
    [labels, openClass, renderListedClass],
  );

  const canDrag = useCallback(
    (event: ScheduleEventData) => {
      const item = byId.get(String(event.id));
      return !!item && !move.isPending && canOfferMove(item, now);
    },
    [byId, move.isPending, now],
  );

  const viewSelectProps = { views: PLANNER_VIEWS };
  // Every date the schedule writes goes through the portal's formatters (docs/shared-packages.md,
  // "Dates"), not dayjs patterns: Spanish month names in Spanish, one style per language.
  const weekdayFormat = (value: string) => capitalise(formatWeekday(dayOf(value), language));
  const timeGrid = {
    firstDayOfWeek: PLANNER_FIRST_DAY_OF_WEEK,
    // The grid scrolls inside its own box (so the page does not scroll a whole day) and opens at
    // the start of the school's day.
    startScrollTime: WORKING_DAY_START,
    scrollAreaProps: { mah: 'min(70dvh, 44rem)' },
    intervalMinutes: 30,
    // A class that runs past midnight is drawn in the all-day row, two to a row's height: 56 px
    // makes each 26 px tall (the default 44-48 px made them 22 px; WCAG 2.5.8).
    allDaySlotHeight: ALL_DAY_ROW_HEIGHT,
    eventDragInterval: 15,
    withWeekNumber: false,
    highlightToday: true,
    viewSelectProps,
  } as const;

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('plannerHint')}</Text>
      {outcome ? (
        <Alert
          color={outcome.tone === 'done' ? 'teal' : 'red'}
          variant="light"
          role={outcome.tone === 'done' ? 'status' : 'alert'}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm">{outcome.message}</Text>
            <CloseButton size="sm" aria-label={t('dismiss')} onClick={() => setOutcome(null)} />
          </Group>
        </Alert>
      ) : null}
      {classes.isError ? (
        <ErrorBanner
          title={t('loadError', { ns: 'class-calendar' })}
          message={t(errorMessageKey(classes.error), { ns: 'errors' })}
          onRetry={() => void classes.refetch()}
          retrying={classes.isFetching}
        />
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} pos="relative">
        <LoadingOverlay
          visible={classes.isPending || classes.isPlaceholderData}
          zIndex={3}
          overlayProps={{ blur: 1 }}
          loaderProps={{ 'aria-label': t('loading', { ns: 'class-calendar' }) }}
        />
        {/* The schedule capitalises every word of its headings ('28 De Noviembre'); ours are
            already written for their language. */}
        <style>{`.${PLANNER_CLASS} [class*='headerControl'],.${PLANNER_CLASS} [class*='monthYearSelectTarget']{text-transform:none}`}</style>
        <Schedule
          className={PLANNER_CLASS}
          view={view}
          onViewChange={(next: ScheduleViewLevel) => {
            if (next === 'day' || next === 'week' || next === 'month') setView(next);
          }}
          date={date}
          onDateChange={setDate}
          events={shownEvents}
          locale={language}
          labels={labels}
          withEventsDragAndDrop
          canDragEvent={canDrag}
          onEventDrop={({ eventId, newStart }) => {
            const item = byId.get(String(eventId));
            if (item) void dropClass(item, plannerTimeToIso(newStart));
          }}
          onEventClick={openClass}
          dayViewProps={{
            ...timeGrid,
            renderEvent,
            // Short enough for the toolbar of a 375 px phone: 'Sat Nov 28, 2026' / 'Sáb 28 nov 2026'.
            headerFormat: (value: string) =>
              `${weekdayFormat(value)} ${formatDate(dayOf(value), language)}`,
          }}
          weekViewProps={{
            ...timeGrid,
            renderEvent,
            weekdayFormat,
            renderWeekLabel: ({ weekStart, weekEnd }: { weekStart: string; weekEnd: string }) =>
              formatDateRange(weekStart, weekEnd, language),
          }}
          monthViewProps={{
            firstDayOfWeek: PLANNER_FIRST_DAY_OF_WEEK,
            maxEventsPerDay: MONTH_EVENTS_PER_DAY,
            // A day gives each of its events a 24 px row, so an event is 22 px tall: rows of 28 px
            // keep every class at least 24 px (WCAG 2.5.8). The "+N more" is 22 px tall by default
            // too (an inline style, which a style prop overrides).
            styles: {
              monthViewDay: { height: `calc(52px + ${MONTH_EVENTS_PER_DAY} * ${MONTH_EVENT_ROW})` },
            },
            moreEventsProps: { mih: 24, renderEvent: renderListedClass },
            weekdayFormat,
            monthYearSelectProps: {
              labelFormat: (value: string) => capitalise(formatMonthYear(dayOf(value), language)),
              monthsListFormat: (value: string) =>
                capitalise(formatMonthName(dayOf(value), language)),
            },
            viewSelectProps,
          }}
        />
      </Paper>
      {opened ? (
        <MoveClassModal
          item={opened}
          canMove={canOfferMove(opened, now)}
          onClose={() => setOpened(null)}
          onMove={async (newStart) => {
            setOutcome(null);
            const failure = await moveClass(opened, newStart);
            if (!failure) setOpened(null);
            return failure;
          }}
          saving={move.isPending}
        />
      ) : null}
    </Stack>
  );
}
