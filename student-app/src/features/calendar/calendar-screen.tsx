import {
  Alert,
  Box,
  Button,
  CloseButton,
  Grid,
  Group,
  LoadingOverlay,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconCalendarOff, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { authAtom, errorMessageKey, type CalendarClass } from '@portal/shared-data';
import { classQueries, useJoinClass } from '@portal/shared-data/queries';
import {
  EmptyState,
  ErrorBanner,
  FullPageLoader,
  MonthCalendar,
  intlLocale,
  useLanguage,
  useNow,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { ICS_FILE_NAME } from './class-export';
import { ClassListItem } from './class-list-item';
import { dayKey, dayRange, monthRange, viewerTimeZone } from './date-ranges';
import { namespace } from './i18n';
import { monthDayCounts, monthEvents } from './month-events';
import { useClassExport } from './use-class-export';

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

type ListState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; classes: CalendarClass[] };

export interface CalendarScreenProps {
  /** The current time (tests, stories): the first month shown, the selected day and Join states. */
  now?: Date;
}

/**
 * Calendar for a student (only classes of enrolled courses, by RLS): the month grid with each day's
 * first classes, the selected day's classes, the next 5 and the .ics export.
 */
export default function CalendarScreen({ now: fixedNow }: CalendarScreenProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const { user } = useAtomValue(authAtom);
  const now = useNow(60_000, fixedNow);
  const [month, setMonth] = useState(() => startOfDay(now));
  const [selected, setSelected] = useState(() => startOfDay(now));
  const timeZone = viewerTimeZone();
  const shownMonth = useQuery(classQueries.calendarMonth({ ...monthRange(month), timeZone }));
  // The same query as the shown month unless the student paged away from the selected day.
  const selectedMonth = useQuery(classQueries.calendarMonth({ ...monthRange(selected), timeZone }));
  const selectedDay = selectedMonth.isPlaceholderData
    ? undefined
    : selectedMonth.data?.days.find((day) => day.date === dayKey(selected));
  // The grid holds a day's first classes; a busy day's full list is one more request.
  const needsDayList = !!selectedDay && selectedDay.classCount > selectedDay.classes.length;
  const selectedRange = dayRange(selected);
  const dayList = useQuery({
    ...classQueries.between(selectedRange.from, selectedRange.to),
    enabled: needsDayList,
  });
  const { outcome, exportClasses, dismiss } = useClassExport(now);
  const { join, recorded, problem, dismissProblem } = useJoinClass(user?.id ?? null);
  const dayHeadingId = useId();
  const upcomingHeadingId = useId();

  const events = useMemo(
    () => (shownMonth.data ? monthEvents(shownMonth.data) : []),
    [shownMonth.data],
  );
  const dayCounts = useMemo(
    () => (shownMonth.data ? monthDayCounts(shownMonth.data) : {}),
    [shownMonth.data],
  );

  let day: ListState;
  if (selectedMonth.isError) day = { status: 'error' };
  else if (selectedMonth.isPending || selectedMonth.isPlaceholderData) day = { status: 'loading' };
  else if (!needsDayList) day = { status: 'ready', classes: selectedDay?.classes ?? [] };
  else if (dayList.isError) day = { status: 'error' };
  else if (dayList.data) day = { status: 'ready', classes: dayList.data };
  else day = { status: 'loading' };

  // The next classes come with every month; the last ones shown stay while another month loads.
  const upcoming: ListState = shownMonth.data
    ? { status: 'ready', classes: shownMonth.data.upcoming }
    : shownMonth.isError
      ? { status: 'error' }
      : { status: 'loading' };

  const failed = [shownMonth, selectedMonth, dayList].filter((query) => query.isError);
  const loadError = failed[0]?.error ?? null;
  const retry = () => {
    for (const query of failed) void query.refetch();
  };

  const onJoin = useCallback((item: CalendarClass) => join(item, now), [join, now]);
  const dayTitle = new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(selected);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('subtitle')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={outcome.status === 'exporting'}
          onClick={() => void exportClasses()}
          title={t('exportHint')}
        >
          {t('export')}
        </Button>
      </Group>

      {outcome.status === 'done' || outcome.status === 'empty' ? (
        <Notice color={outcome.status === 'done' ? 'teal' : 'blue'} onClose={dismiss}>
          {outcome.status === 'done'
            ? t('exportDone', { count: outcome.count, file: ICS_FILE_NAME })
            : t('exportEmpty')}
        </Notice>
      ) : null}
      {outcome.status === 'error' ? (
        <Notice color="red" onClose={dismiss}>
          <Text span fw={600} inherit>
            {t('exportError')}
          </Text>{' '}
          {t(errorMessageKey(outcome.error), { ns: 'errors' })}
        </Notice>
      ) : null}
      {problem ? (
        <Notice color="yellow" onClose={dismissProblem}>
          {t('attendanceFailed')} {t(errorMessageKey(problem.error), { ns: 'errors' })}
        </Notice>
      ) : null}

      {loadError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(loadError), { ns: 'errors' })}
          onRetry={retry}
          retrying={failed.some((query) => query.isFetching)}
        />
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} pos="relative">
            <LoadingOverlay
              visible={shownMonth.isPending || shownMonth.isPlaceholderData}
              zIndex={1}
              overlayProps={{ blur: 1 }}
              loaderProps={{ 'aria-label': t('loading') }}
            />
            <MonthCalendar
              month={month}
              onMonthChange={setMonth}
              events={events}
              dayCounts={dayCounts}
              selectedDate={selected}
              onSelectDate={setSelected}
              today={now}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <Box component="section" aria-labelledby={dayHeadingId}>
              <Title order={2} size="h4" id={dayHeadingId} mb="sm">
                {t('dayClasses', { date: dayTitle })}
              </Title>
              <ClassList
                state={day}
                now={now}
                recorded={recorded}
                onJoin={onJoin}
                loadingLabel={t('loading')}
                empty={
                  <EmptyState icon={<IconCalendarOff aria-hidden />} title={t('noClassesOnDay')} />
                }
              />
            </Box>
            <Box component="section" aria-labelledby={upcomingHeadingId}>
              <Title order={2} size="h4" id={upcomingHeadingId} mb="sm">
                {t('upcoming')}
              </Title>
              <ClassList
                state={upcoming}
                now={now}
                recorded={recorded}
                onJoin={onJoin}
                withDate
                loadingLabel={t('loading')}
                empty={
                  <EmptyState icon={<IconCalendarEvent aria-hidden />} title={t('noUpcoming')} />
                }
              />
            </Box>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ClassList({
  state,
  now,
  recorded,
  onJoin,
  withDate = false,
  loadingLabel,
  empty,
}: {
  state: ListState;
  now: Date;
  recorded: ReadonlySet<string>;
  onJoin: (item: CalendarClass) => void;
  withDate?: boolean;
  loadingLabel: string;
  empty: ReactNode;
}) {
  if (state.status === 'loading') return <FullPageLoader minHeight={120} label={loadingLabel} />;
  // The error banner above the grid explains a failure and offers Try again.
  if (state.status === 'error') return null;
  if (state.classes.length === 0) return <>{empty}</>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {state.classes.map((item) => (
        <ClassListItem
          key={item.id}
          item={item}
          now={now}
          attended={recorded.has(item.id)}
          withDate={withDate}
          onJoin={onJoin}
        />
      ))}
    </Stack>
  );
}

function Notice({
  color,
  onClose,
  children,
}: {
  color: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Alert color={color} variant="light" role={color === 'red' ? 'alert' : 'status'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm">{children}</Text>
        <CloseButton size="sm" aria-label={t('dismiss')} onClick={onClose} />
      </Group>
    </Alert>
  );
}
