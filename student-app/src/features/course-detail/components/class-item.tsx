import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { classesService, type CourseDetailClass } from '@portal/shared-data';
import { TypeBadge, formatDate, formatTime, safeExternalHref, useLanguage } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { isJoinWindowOpen } from '../hooks/join-window';
import { COURSE_DETAIL_NS } from '../i18n';

export interface ClassItemProps {
  courseClass: CourseDetailClass;
  /** The signed-in student who may record their own attendance when joining; null for anyone else. */
  attendeeId: string | null;
  now: Date;
}

/** One class: title, date and time, duration, type, description, and Join when it has a meeting link. */
export function ClassItem({ courseClass, attendeeId, now }: ClassItemProps) {
  const { t } = useTranslation(COURSE_DETAIL_NS);
  const { language } = useLanguage();
  const joinNow = isJoinWindowOpen(courseClass, now);
  const meetingLink = courseClass.meetingLink ? safeExternalHref(courseClass.meetingLink) : null;
  const recording = courseClass.recordingUrl ? safeExternalHref(courseClass.recordingUrl) : null;
  const action = joinNow ? t('classes.joinNow') : t('classes.join');

  const recordAttendance = () => {
    if (!attendeeId || !joinNow) return;
    // The meeting opens at once; the attendance mark follows and only speaks up when it fails.
    void classesService
      .markAttendance({ classId: courseClass.id, userId: attendeeId, attended: true })
      .then((result) => {
        if (!result.success) {
          notifications.show({
            color: 'yellow',
            message: t('classes.attendanceFailed', { message: result.error.message }),
          });
        }
      });
  };

  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={4} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {courseClass.title}
            </Title>
            <TypeBadge type={courseClass.type} />
          </Group>
          <Text size="sm" c="dimmed">
            <time dateTime={courseClass.scheduledDate}>
              {formatDate(courseClass.scheduledDate, language)} · {formatTime(courseClass.scheduledDate, language)}
            </time>
            {' · '}
            {t('classes.duration', { count: courseClass.duration })}
          </Text>
          {courseClass.description ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {courseClass.description}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {meetingLink ? (
            <Button
              component="a"
              href={meetingLink}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              color={joinNow ? 'green' : undefined}
              variant={joinNow ? 'filled' : 'light'}
              leftSection={<IconVideo size={16} aria-hidden />}
              aria-label={t('classes.joinLabel', { action, title: courseClass.title })}
              onClick={recordAttendance}
            >
              {action}
            </Button>
          ) : null}
          {recording ? (
            <Button
              component="a"
              href={recording}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              variant="default"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              aria-label={t('classes.recordingLabel', { title: courseClass.title })}
            >
              {t('classes.recording')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
