import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { classJoinState, type CalendarClass } from '@portal/shared-data';
import {
  TypeBadge,
  formatDate,
  formatTime,
  safeExternalHref,
  useLanguage,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

export interface ClassListItemProps {
  item: CalendarClass;
  now: Date;
  /** Attendance recorded by joining from this screen, before the month has been read again. */
  attended?: boolean;
  /** Upcoming classes show their date; a day's list does not need it. */
  withDate?: boolean;
  /** Called when the student opens the meeting link; it records attendance inside the join window. */
  onJoin: (item: CalendarClass) => void;
}

/** One class in a list: time, class and course title, type, duration, Join for live classes. */
export function ClassListItem({
  item,
  now,
  attended = false,
  withDate = false,
  onJoin,
}: ClassListItemProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  // The shared rule: a class that has ended never offers Join.
  const state = classJoinState(item, now);
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
            {item.myAttendance || attended ? (
              <Badge
                color="teal"
                variant="light"
                size="sm"
                leftSection={<IconCircleCheck size={12} aria-hidden />}
              >
                {t('attended')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        {href && (state === 'open' || state === 'later') ? (
          <Button
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            variant={state === 'open' ? 'filled' : 'light'}
            color={state === 'open' ? 'green' : undefined}
            rightSection={<IconExternalLink size={14} aria-hidden />}
            onClick={() => onJoin(item)}
          >
            {state === 'open' ? t('joinNow') : t('join')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
