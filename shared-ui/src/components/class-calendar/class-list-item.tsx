import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../format';
import { useLanguage } from '../../i18n';
import { safeExternalHref } from '../material-viewer/material-preview';
import { TypeBadge } from '../type-badge/type-badge';
import { namespace } from './i18n';
import type { CalendarClassItem, ClassJoinStatus } from './class-calendar-types';

export interface ClassListItemProps<C extends CalendarClassItem> {
  item: C;
  /** Where the class stands for joining: `open` shows Join Now, `later` Join, the rest nothing. */
  joinState: ClassJoinStatus;
  /** Upcoming classes show their date; a day's list does not need it. */
  withDate?: boolean;
  /** Called when the meeting link is opened (a student's attendance is recorded from it). */
  onJoin?: (item: C) => void;
  /** Role-specific badges after the type and duration (a student's "Attended"). */
  badges?: ReactNode;
}

/** One class in a list: time, class and course title, type, duration, Join for live classes. */
export function ClassListItem<C extends CalendarClassItem>({
  item,
  joinState,
  withDate = false,
  onJoin,
  badges,
}: ClassListItemProps<C>) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const href = item.meetingLink ? safeExternalHref(item.meetingLink) : null;
  const time = t('timeRange', {
    start: formatTime(item.scheduledDate, language),
    end: formatTime(item.endsAt, language),
  });

  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Text size="sm" fw={600} c="dimmed">
            {withDate ? `${formatDate(item.scheduledDate, language)} · ${time}` : time}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          {item.courseTitle ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.courseTitle}
            </Text>
          ) : null}
          <Group gap="xs" mt={4}>
            <TypeBadge type={item.type} />
            <Text size="xs" c="dimmed">
              {t('minutes', { count: item.duration })}
            </Text>
            {badges}
          </Group>
        </Stack>
        {href && (joinState === 'open' || joinState === 'later') ? (
          <Button
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            variant={joinState === 'open' ? 'filled' : 'light'}
            color={joinState === 'open' ? 'green' : undefined}
            rightSection={<IconExternalLink size={14} aria-hidden />}
            onClick={() => onJoin?.(item)}
          >
            {joinState === 'open' ? t('joinNow') : t('join')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
