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
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../format';
import { useLanguage } from '../../i18n';
import { EmptyState } from '../empty-state/empty-state';
import { ErrorBanner } from '../error-banner/error-banner';
import { FullPageLoader } from '../full-page-loader/full-page-loader';
import { MonthCalendar } from '../month-calendar/month-calendar';
import { namespace } from './i18n';
import type {
  CalendarClassItem,
  CalendarMonthData,
  ClassExportLabels,
  ClassJoinStatus,
  ClassListState,
} from './class-calendar-types';
import { ClassListItem } from './class-list-item';
import { monthDayCounts, monthEvents } from './month-events';

/** "Export (.ics)": the screen reads the classes and downloads the file; the calendar shows how it went. */
export interface ClassCalendarExporter {
  /** Name of the downloaded file, shown in the success message. */
  fileName: string;
  /**
   * Reads the classes, builds the file with these texts and downloads it; resolves to the number of
   * classes exported (0: nothing to export, no file). A rejection is shown with `describeError`.
   */
  run: (labels: ClassExportLabels) => Promise<number>;
}

/** A dismissible message of the screen's own above the calendar (e.g. attendance not recorded). */
export interface ClassCalendarNotice {
  tone: 'info' | 'success' | 'warning' | 'error';
  message: ReactNode;
  onDismiss: () => void;
}

export interface ClassCalendarProps<C extends CalendarClassItem> {
  /** The screen's subtitle, by role (whose classes these are). */
  description: ReactNode;
  /** Any day of the month shown. */
  month: Date;
  /** Called with a day of the month to show next (previous/next buttons, keyboard paging). */
  onMonthChange: (month: Date) => void;
  /** The shown month's answer (days with their count and first classes, the next classes); the
   * last one may stay while another month loads. Undefined before the first answer. */
  monthData: CalendarMonthData<C> | undefined;
  /** Covers the grid with a loader (first answer, or another month on its way). */
  monthLoading: boolean;
  selectedDate: Date;
  /** Called with the chosen day at local midnight. */
  onSelectDate: (date: Date) => void;
  /** The selected day's classes: from the month answer, or its full list for a busy day. */
  dayClasses: ClassListState<C>;
  /** The next classes ('Upcoming Classes'), soonest first. */
  upcoming: ClassListState<C>;
  /** Today on the grid; the day the screen's Join states are computed for. */
  today: Date;
  /** A failed read: the banner 'Error loading classes:' with the reason and Try again. */
  loadError?: { error: unknown; onRetry: () => void; retrying?: boolean } | null;
  /** The translated reason of a failure (a screen passes `t(errorMessageKey(error), { ns: 'errors' })`). */
  describeError: (error: unknown) => string;
  /** Where a class stands for joining (shared-data's `classJoinState(item, now)`). */
  joinStateOf: (item: C) => ClassJoinStatus;
  /** Called when a class's meeting link is opened. */
  onJoin?: (item: C) => void;
  /** Role-specific badges of a class in the lists (a student's "Attended"). */
  renderBadges?: (item: C) => ReactNode;
  /** Offers "Export (.ics)" in the header. */
  exporter?: ClassCalendarExporter;
  /** Further header actions, before Export. */
  actions?: ReactNode;
  /** A message of the screen's own, shown above the grid. */
  notice?: ClassCalendarNotice | null;
}

type ExportOutcome =
  | { status: 'idle' }
  | { status: 'exporting' }
  | { status: 'done'; count: number }
  | { status: 'empty' }
  | { status: 'error'; error: unknown };

const TONE_COLORS: Record<ClassCalendarNotice['tone'], string> = {
  info: 'blue',
  success: 'teal',
  warning: 'yellow',
  error: 'red',
};

/**
 * The Calendar page of every role: the month grid (Sunday first, 2 classes a day and '+N more'),
 * the selected day's classes, the next classes and an optional .ics export. It shows plain data; the
 * screen reads it (whose classes they are is the database's business) and passes it in.
 */
export function ClassCalendar<C extends CalendarClassItem>({
  description,
  month,
  onMonthChange,
  monthData,
  monthLoading,
  selectedDate,
  onSelectDate,
  dayClasses,
  upcoming,
  today,
  loadError,
  describeError,
  joinStateOf,
  onJoin,
  renderBadges,
  exporter,
  actions,
  notice,
}: ClassCalendarProps<C>) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const dayHeadingId = useId();
  const upcomingHeadingId = useId();
  const [outcome, setOutcome] = useState<ExportOutcome>({ status: 'idle' });

  const events = useMemo(() => (monthData ? monthEvents(monthData) : []), [monthData]);
  const dayCounts = useMemo(() => (monthData ? monthDayCounts(monthData) : {}), [monthData]);

  const runExport = useCallback(async () => {
    if (!exporter) return;
    setOutcome({ status: 'exporting' });
    const labels: ClassExportLabels = {
      calendarName: t('ics.calendarName'),
      teacher: (name) => t('ics.teacher', { name }),
      live: t('ics.live'),
      recorded: t('ics.recorded'),
      meetingLink: (url) => t('ics.meetingLink', { url }),
      recording: (url) => t('ics.recording', { url }),
    };
    try {
      const count = await exporter.run(labels);
      setOutcome(count > 0 ? { status: 'done', count } : { status: 'empty' });
    } catch (error) {
      setOutcome({ status: 'error', error });
    }
  }, [exporter, t]);
  const dismissExport = useCallback(() => setOutcome({ status: 'idle' }), []);

  const dayTitle = formatLongDate(selectedDate, language);

  const list = (state: ClassListState<C>, empty: ReactNode, withDate = false) => (
    <ClassList
      state={state}
      joinStateOf={joinStateOf}
      onJoin={onJoin}
      renderBadges={renderBadges}
      withDate={withDate}
      loadingLabel={t('loading')}
      empty={empty}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {description}
        </Text>
        {actions || exporter ? (
          <Group gap="xs">
            {actions}
            {exporter ? (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={outcome.status === 'exporting'}
                onClick={() => void runExport()}
                title={t('exportHint')}
              >
                {t('export')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>

      {exporter && (outcome.status === 'done' || outcome.status === 'empty') ? (
        <Notice color={outcome.status === 'done' ? 'teal' : 'blue'} onClose={dismissExport}>
          {outcome.status === 'done'
            ? t('exportDone', { count: outcome.count, file: exporter.fileName })
            : t('exportEmpty')}
        </Notice>
      ) : null}
      {exporter && outcome.status === 'error' ? (
        <Notice color="red" onClose={dismissExport}>
          <Text span fw={600} inherit>
            {t('exportError')}
          </Text>{' '}
          {describeError(outcome.error)}
        </Notice>
      ) : null}
      {notice ? (
        <Notice color={TONE_COLORS[notice.tone]} onClose={notice.onDismiss}>
          {notice.message}
        </Notice>
      ) : null}

      {loadError ? (
        <ErrorBanner
          title={t('loadError')}
          message={describeError(loadError.error)}
          onRetry={loadError.onRetry}
          retrying={loadError.retrying}
        />
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} pos="relative">
            <LoadingOverlay
              visible={monthLoading}
              zIndex={1}
              overlayProps={{ blur: 1 }}
              loaderProps={{ 'aria-label': t('loading') }}
            />
            <MonthCalendar
              month={month}
              onMonthChange={onMonthChange}
              events={events}
              dayCounts={dayCounts}
              selectedDate={selectedDate}
              onSelectDate={onSelectDate}
              today={today}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <Box component="section" aria-labelledby={dayHeadingId}>
              <Title order={2} size="h4" id={dayHeadingId} mb="sm">
                {t('dayClasses', { date: dayTitle })}
              </Title>
              {list(
                dayClasses,
                <EmptyState icon={<IconCalendarOff aria-hidden />} title={t('noClassesOnDay')} />,
              )}
            </Box>
            <Box component="section" aria-labelledby={upcomingHeadingId}>
              <Title order={2} size="h4" id={upcomingHeadingId} mb="sm">
                {t('upcoming')}
              </Title>
              {list(
                upcoming,
                <EmptyState icon={<IconCalendarEvent aria-hidden />} title={t('noUpcoming')} />,
                true,
              )}
            </Box>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ClassList<C extends CalendarClassItem>({
  state,
  joinStateOf,
  onJoin,
  renderBadges,
  withDate,
  loadingLabel,
  empty,
}: {
  state: ClassListState<C>;
  joinStateOf: (item: C) => ClassJoinStatus;
  onJoin?: (item: C) => void;
  renderBadges?: (item: C) => ReactNode;
  withDate: boolean;
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
          joinState={joinStateOf(item)}
          withDate={withDate}
          onJoin={onJoin}
          badges={renderBadges?.(item)}
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
