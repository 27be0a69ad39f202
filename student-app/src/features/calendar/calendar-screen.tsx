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
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import {
  authAtom,
  classesService,
  type CalendarClass,
  type ServiceError,
} from '@portal/shared-data';
import {
  EmptyState,
  ErrorBanner,
  FullPageLoader,
  MonthCalendar,
  intlLocale,
  useLanguage,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { ICS_FILE_NAME } from './class-export';
import { monthDayCounts, monthEvents } from './month-events';
import { ClassListItem } from './class-list-item';
import { CALENDAR_NAMESPACE } from './i18n';
import { useCalendarClasses, type Loadable } from './use-calendar-classes';
import { useClassExport } from './use-class-export';

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Join states change with the clock; a minute is fine enough for "Join Now". */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface CalendarScreenProps {
  /** The first month shown and the first selected day; defaults to today. */
  initialDate?: Date;
}

/** SPEC §2 Calendar for a student: only classes of enrolled courses (RLS). */
export function CalendarScreen({ initialDate }: CalendarScreenProps) {
  const { t } = useTranslation(CALENDAR_NAMESPACE);
  const { language } = useLanguage();
  const { user } = useAtomValue(authAtom);
  const now = useMinuteClock();
  const [month, setMonth] = useState(() => startOfDay(initialDate ?? new Date()));
  const [selected, setSelected] = useState(() => startOfDay(initialDate ?? new Date()));
  const { current, day, upcoming, retry, markAttended } = useCalendarClasses(month, selected);
  const { outcome, exportClasses, dismiss } = useClassExport();
  const [attendanceError, setAttendanceError] = useState<ServiceError | null>(null);
  const dayHeadingId = useId();
  const upcomingHeadingId = useId();

  const events = useMemo(
    () => (current.status === 'ready' ? monthEvents(current.data) : []),
    [current],
  );
  const dayCounts = useMemo(
    () => (current.status === 'ready' ? monthDayCounts(current.data) : {}),
    [current],
  );

  const loadError =
    current.status === 'error'
      ? current.error
      : day.status === 'error'
        ? day.error
        : upcoming.status === 'error'
          ? upcoming.error
          : null;

  const onJoin = useCallback(
    (item: CalendarClass) => {
      if (!user) return;
      // Joining must never wait for the roster: the meeting opens at once, attendance follows.
      void classesService
        .markAttendance({ classId: item.id, userId: user.id, attended: true })
        .then((result) => {
          if (result.success) markAttended(item.id);
          else setAttendanceError(result.error);
        });
    },
    [user, markAttended],
  );

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
          {outcome.error.message}
        </Notice>
      ) : null}
      {attendanceError ? (
        <Notice color="yellow" onClose={() => setAttendanceError(null)}>
          {t('attendanceFailed')} {attendanceError.message}
        </Notice>
      ) : null}

      {loadError ? (
        <ErrorBanner title={t('loadError')} message={loadError.message} onRetry={retry} />
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} pos="relative">
            <LoadingOverlay
              visible={current.status === 'loading'}
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
                classes={day.status === 'ready' ? day.data : []}
                now={now}
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
                classes={upcoming.status === 'ready' ? upcoming.data : []}
                now={now}
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
  classes,
  now,
  onJoin,
  withDate = false,
  loadingLabel,
  empty,
}: {
  state: Loadable<CalendarClass[]>;
  classes: CalendarClass[];
  now: Date;
  onJoin: (item: CalendarClass) => void;
  withDate?: boolean;
  loadingLabel: string;
  empty: ReactNode;
}) {
  if (state.status === 'loading') return <FullPageLoader minHeight={120} label={loadingLabel} />;
  // The error banner above the grid explains a failure and offers Try again.
  if (state.status === 'error') return null;
  if (classes.length === 0) return <>{empty}</>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {classes.map((item) => (
        <ClassListItem key={item.id} item={item} now={now} withDate={withDate} onJoin={onJoin} />
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
  const { t } = useTranslation(CALENDAR_NAMESPACE);
  return (
    <Alert color={color} variant="light" role={color === 'red' ? 'alert' : 'status'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm">{children}</Text>
        <CloseButton size="sm" aria-label={t('dismiss')} onClick={onClose} />
      </Group>
    </Alert>
  );
}
