import {
  ActionIcon,
  Box,
  Group,
  Text,
  Title,
  UnstyledButton,
  useMantineTheme,
  type MantineColor,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatMonthYear, formatTime, intlLocale } from '../../format';
import { useLanguage } from '../../i18n';
import {
  addDays,
  addMonths,
  dayKey,
  monthWeeks,
  sameDay,
  sameMonth,
  startOfDay,
  startOfMonth,
} from './calendar-grid';

/** Something on the calendar, typically a class: its start and its course title. */
export interface CalendarEvent {
  id: string;
  /** ISO date-time of the start; shown on its local day, time on the 24-hour clock. */
  date: string;
  title: string;
  /** Dot colour, e.g. by class type; the primary colour when omitted. */
  color?: MantineColor;
}

export interface MonthCalendarProps {
  /** Any day of the month to show. */
  month: Date;
  /** Called with a day of the month to show next (previous/next buttons, keyboard paging). */
  onMonthChange: (month: Date) => void;
  events: CalendarEvent[];
  /**
   * Total classes per local day ('YYYY-MM-DD'), when `events` holds only some of them (e.g. each day's
   * first ones): a day's '+N more' and accessible count use the larger of this and its events.
   */
  dayCounts?: Record<string, number>;
  selectedDate: Date | null;
  /** Called with the chosen day at local midnight. */
  onSelectDate: (date: Date) => void;
  /** Events listed in a day cell before '+N more' (2, docs/product-rules.md "Lists, paging and sorting"). */
  maxPerDay?: number;
  /** Defaults to now; fixed in tests and stories. */
  today?: Date;
  /** Level of the month heading (default 2). */
  headingOrder?: 2 | 3 | 4;
}

// 1 January 2023 was a Sunday: the seven days from there name the weekdays in order.
const WEEK = Array.from({ length: 7 }, (_, index) => new Date(2023, 0, 1 + index));

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * A line of a day cell: at any column width it stays one line and ends in an ellipsis (the full
 * text is its title). Inline, so no inherited `overflow-wrap`/`word-break` can break a course
 * title into one letter per line in a narrow column.
 */
const ONE_LINE = {
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  overflowWrap: 'normal',
  wordBreak: 'normal',
  minWidth: 0,
  maxWidth: '100%',
} as const;

const DAY_CLASS = 'month-calendar-day';

const KEY_MOVES: Record<string, (day: Date) => Date> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  Home: (day) => addDays(day, -day.getDay()),
  End: (day) => addDays(day, 6 - day.getDay()),
  PageUp: (day) => addMonths(day, -1),
  PageDown: (day) => addMonths(day, 1),
};

/**
 * Month grid of the Calendar page: Sunday first, month and weekday names in the UI language, up to
 * `maxPerDay` events per day (time + title on one line, cut with an ellipsis) and '+N more'. Days are toggle buttons (aria-pressed)
 * with one tab stop; arrow keys, Home/End and PageUp/PageDown move between days and months. Under
 * 576 px a day shows dots instead of titles.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  events,
  dayCounts,
  selectedDate,
  onSelectDate,
  maxPerDay = 2,
  today = new Date(),
  headingOrder = 2,
}: MonthCalendarProps) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const headingId = useId();
  const theme = useMantineTheme();
  // One style sheet for the day cells' sizes instead of responsive style props on each of the ~35
  // buttons (each of those would add a <style> element of its own).
  const scope = `month-calendar-${headingId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const dayStyles =
    `.${scope} .${DAY_CLASS}{min-height:52px;padding:4px}` +
    `@media (min-width:${theme.breakpoints.xs}){.${scope} .${DAY_CLASS}{min-height:96px;padding:6px}}`;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<string | null>(null);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);

  const weeks = useMemo(() => monthWeeks(month), [month]);
  const byDay = useMemo(() => {
    const groups = new Map<string, CalendarEvent[]>();
    const sorted = events
      .map((event) => ({ event, time: new Date(event.date).getTime() }))
      .filter(({ time }) => !Number.isNaN(time))
      .sort((a, b) => a.time - b.time);
    for (const { event, time } of sorted) {
      const key = dayKey(new Date(time));
      groups.set(key, [...(groups.get(key) ?? []), event]);
    }
    return groups;
  }, [events]);

  const formats = useMemo(
    () => ({
      // Weekday names for the column heads; the dates themselves go through the shared formatters.
      weekdayShort: new Intl.DateTimeFormat(locale, { weekday: 'short' }),
      weekdayNarrow: new Intl.DateTimeFormat(locale, { weekday: 'narrow' }),
      weekdayLong: new Intl.DateTimeFormat(locale, { weekday: 'long' }),
    }),
    [locale],
  );

  // Move focus to the day the keyboard asked for, once the (possibly new) month has rendered.
  useEffect(() => {
    const key = pendingFocus.current;
    const button = key ? buttons.current.get(key) : undefined;
    if (button) {
      pendingFocus.current = null;
      button.focus();
    }
  });

  const inMonth = (date: Date | null | undefined): date is Date => !!date && sameMonth(date, month);
  const focused = focusedKey ? weeks.flat().find((day) => day && dayKey(day) === focusedKey) : null;
  const tabStop =
    focused ??
    (inMonth(selectedDate) ? selectedDate : inMonth(today) ? today : startOfMonth(month));

  const onDayKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const target = move(day);
    if (!sameMonth(target, month)) onMonthChange(target);
    pendingFocus.current = dayKey(target);
    setFocusedKey(dayKey(target));
  };

  const showMonth = (offset: number) => onMonthChange(startOfMonth(addMonths(month, offset)));

  return (
    <Box component="section" aria-labelledby={headingId} className={scope}>
      <style>{dayStyles}</style>
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('calendar.previousMonth')}
          onClick={() => showMonth(-1)}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Title id={headingId} order={headingOrder} size="h3" ta="center" aria-live="polite">
          {capitalise(formatMonthYear(month, language))}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('calendar.nextMonth')}
          onClick={() => showMonth(1)}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>

      <Box
        component="table"
        aria-labelledby={headingId}
        w="100%"
        style={{ tableLayout: 'fixed', borderCollapse: 'collapse' }}
      >
        <thead>
          <tr>
            {WEEK.map((weekday) => (
              <Box
                component="th"
                key={weekday.getDay()}
                scope="col"
                aria-label={capitalise(formats.weekdayLong.format(weekday))}
                py={4}
                fz="xs"
                fw={600}
                c="dimmed"
                ta="center"
              >
                <Box component="span" visibleFrom="xs">
                  {capitalise(formats.weekdayShort.format(weekday))}
                </Box>
                <Box component="span" hiddenFrom="xs">
                  {capitalise(formats.weekdayNarrow.format(weekday))}
                </Box>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week.find(Boolean) as Date)}>
              {week.map((day, index) => {
                const cellStyle = {
                  border: '1px solid var(--mantine-color-default-border)',
                  verticalAlign: 'top',
                  padding: 0,
                  // A long title must never widen its column (the table's layout is fixed).
                  overflow: 'hidden',
                } as const;
                if (!day) {
                  return (
                    <Box
                      component="td"
                      key={`empty-${index}`}
                      style={cellStyle}
                      bg="var(--mantine-color-default-hover)"
                    />
                  );
                }
                const key = dayKey(day);
                const dayEvents = byDay.get(key) ?? [];
                const shown = dayEvents.slice(0, Math.max(0, maxPerDay));
                const givenCount = dayCounts?.[key];
                const dayCount = Math.max(
                  dayEvents.length,
                  typeof givenCount === 'number' && Number.isFinite(givenCount)
                    ? Math.floor(givenCount)
                    : 0,
                );
                const hidden = dayCount - shown.length;
                // Phones: a dot per class (at most three), in the event's colour where it is known.
                const dots = Array.from(
                  { length: Math.min(dayCount, 3) },
                  (_, index) => dayEvents[index]?.color,
                );
                const isSelected = sameDay(day, selectedDate);
                const isToday = sameDay(day, today);
                const dateText = capitalise(formatLongDate(day, language));
                return (
                  <td key={key} style={cellStyle}>
                    <UnstyledButton
                      ref={(element: HTMLButtonElement | null) => {
                        if (element) buttons.current.set(key, element);
                        else buttons.current.delete(key);
                      }}
                      data-date={key}
                      aria-pressed={isSelected}
                      aria-current={isToday ? 'date' : undefined}
                      aria-label={
                        dayCount
                          ? t('calendar.dayLabel', {
                              date: dateText,
                              classes: t('calendar.classCount', { count: dayCount }),
                            })
                          : dateText
                      }
                      tabIndex={sameDay(day, tabStop) ? 0 : -1}
                      onClick={() => {
                        setFocusedKey(key);
                        onSelectDate(startOfDay(day));
                      }}
                      onFocus={() => setFocusedKey(key)}
                      onKeyDown={(event) => onDayKeyDown(event, day)}
                      className={DAY_CLASS}
                      w="100%"
                      display="flex"
                      style={{
                        flexDirection: 'column',
                        alignItems: 'stretch',
                        minWidth: 0,
                        gap: 2,
                        background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
                        boxShadow: isSelected
                          ? 'inset 0 0 0 2px var(--mantine-primary-color-filled)'
                          : undefined,
                      }}
                    >
                      <Text
                        component="span"
                        size="sm"
                        fw={isToday || isSelected ? 700 : 500}
                        ta="center"
                        w={26}
                        h={26}
                        lh="26px"
                        style={{
                          alignSelf: 'flex-start',
                          borderRadius: '50%',
                          background: isToday ? 'var(--mantine-primary-color-filled)' : undefined,
                          color: isToday ? 'var(--mantine-primary-color-contrast)' : undefined,
                        }}
                      >
                        {day.getDate()}
                      </Text>
                      {/* Wide screens: time and course title per event, one line each. */}
                      <Box
                        component="span"
                        visibleFrom="xs"
                        aria-hidden
                        display="block"
                        style={{ minWidth: 0, overflow: 'hidden' }}
                      >
                        {shown.map((event) => {
                          const time = formatTime(event.date, language);
                          return (
                            <Text
                              key={event.id}
                              component="span"
                              size="xs"
                              display="block"
                              title={`${time} ${event.title}`}
                              style={ONE_LINE}
                            >
                              <EventDot color={event.color} />
                              <Text component="span" inherit fw={600}>
                                {time}
                              </Text>{' '}
                              {event.title}
                            </Text>
                          );
                        })}
                        {hidden > 0 ? (
                          <Text
                            component="span"
                            size="xs"
                            c="dimmed"
                            display="block"
                            fw={500}
                            style={ONE_LINE}
                          >
                            {t('calendar.more', { count: hidden })}
                          </Text>
                        ) : null}
                      </Box>
                      {/* Phones: one dot per event (at most three), so seven columns fit 375 px. */}
                      {dots.length ? (
                        <Group
                          component="span"
                          hiddenFrom="xs"
                          gap={3}
                          justify="center"
                          aria-hidden
                        >
                          {dots.map((color, index) => (
                            <EventDot key={index} color={color} inline={false} />
                          ))}
                        </Group>
                      ) : null}
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function EventDot({ color, inline = true }: { color?: MantineColor; inline?: boolean }) {
  return (
    <Box
      component="span"
      display="inline-block"
      w={6}
      h={6}
      mr={inline ? 4 : 0}
      style={{
        borderRadius: '50%',
        verticalAlign: 'middle',
        background: color
          ? `var(--mantine-color-${color}-filled)`
          : 'var(--mantine-primary-color-filled)',
      }}
    />
  );
}
