import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBook,
  IconCalendarEvent,
  IconClipboardCheck,
  IconClockHour4,
  IconExternalLink,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { canJoin, type ClassAttendanceSummary, type CourseClass } from '@portal/shared-data';
import {
  formatDate,
  formatDecimal,
  formatTime,
  TypeBadge,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
} from '@portal/shared-ui';
import { namespace as attendanceNamespace } from './attendance-i18n';
import { namespace } from './i18n';

export interface ClassCardProps {
  cls: CourseClass;
  /** The ticking clock: Join Class disappears once the class has ended. */
  now: Date;
  onEdit: (cls: CourseClass) => void;
  onDelete: (cls: CourseClass) => void;
  /** Taking attendance: offered once the class has started. */
  onAttendance: (cls: CourseClass) => void;
  /** The class's attendance so far (`class_attendance_figures`, read with the page), when known. */
  attendance?: ClassAttendanceSummary;
}

/**
 * One class: an article named by its title, with Join Class (live, not ended), its attendance once
 * it has started, Attendance, Edit and Delete.
 */
export function ClassCard({
  cls,
  now,
  onEdit,
  onDelete,
  onAttendance,
  attendance,
}: ClassCardProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const titleId = useId();
  const joinable = cls.meetingLink !== null && canJoin(cls, now);
  // Before a class starts nobody has attended it: no rate, nothing to mark yet.
  const started = Date.parse(cls.scheduledDate) <= now.getTime();

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs">
          <TypeBadge type={cls.type} />
          <Group gap={4} wrap="nowrap">
            <IconClockHour4 size={16} aria-hidden />
            <Text size="sm">{t('card.minutes', { count: cls.duration })}</Text>
          </Group>
        </Group>
        <Title order={3} size="h5" id={titleId} style={wrappingTitle}>
          {cls.title}
        </Title>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconBook size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" fw={500} style={wrappingTitle}>
            {cls.courseTitle ?? t('card.unknownCourse')}
          </Text>
        </Group>
        {cls.description ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {cls.description}
          </Text>
        ) : null}
        <Group gap={6} wrap="nowrap" mt="auto">
          <IconCalendarEvent size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" component="time" dateTime={cls.scheduledDate}>
            {formatDate(cls.scheduledDate, language)} · {formatTime(cls.scheduledDate, language)}
          </Text>
        </Group>
        {started && attendance && attendance.attendanceRate !== null ? (
          <Group gap={6} wrap="nowrap">
            <IconClipboardCheck size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              {t('rate', { ns: attendanceNamespace })}:{' '}
              {t('rateValue', {
                ns: attendanceNamespace,
                attended: attendance.attendedCount,
                total: attendance.rosterCount,
                rate: formatDecimal(attendance.attendanceRate, language),
              })}
            </Text>
          </Group>
        ) : null}
        {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
        <Group gap="xs" mt="xs" wrap="wrap">
          {joinable && cls.meetingLink ? (
            <Button
              component="a"
              href={cls.meetingLink}
              target="_blank"
              rel="noopener noreferrer"
              styles={wrappingButtonStyles}
              rightSection={<IconExternalLink size={16} aria-hidden />}
              aria-describedby={titleId}
            >
              {t('card.join')}
            </Button>
          ) : null}
          {started ? (
            <Button
              variant="light"
              styles={wrappingButtonStyles}
              leftSection={<IconClipboardCheck size={16} aria-hidden />}
              aria-describedby={titleId}
              onClick={() => onAttendance(cls)}
            >
              {t('open', { ns: attendanceNamespace })}
            </Button>
          ) : null}
          <Button
            variant="default"
            styles={wrappingButtonStyles}
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-describedby={titleId}
            onClick={() => onEdit(cls)}
          >
            {t('card.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            styles={wrappingButtonStyles}
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-describedby={titleId}
            onClick={() => onDelete(cls)}
          >
            {t('card.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
