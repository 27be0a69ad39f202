import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { classJoinState, type CourseDetailClass } from '@portal/shared-data';
import {
  TypeBadge,
  formatDate,
  formatTime,
  safeExternalHref,
  useLanguage,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

export interface ClassItemProps {
  courseClass: CourseDetailClass;
  now: Date;
  /** Opening the meeting; inside the join window it also records attendance (useJoinClass). */
  onJoin: (courseClass: CourseDetailClass) => void;
}

/** One class: title, date and time, duration, type, description; Join while it has not ended. */
export function ClassItem({ courseClass, now, onJoin }: ClassItemProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const joinState = classJoinState(courseClass, now);
  const meetingLink =
    joinState === 'open' || joinState === 'later'
      ? safeExternalHref(courseClass.meetingLink ?? '')
      : null;
  const recording = courseClass.recordingUrl ? safeExternalHref(courseClass.recordingUrl) : null;
  const joinNow = joinState === 'open';
  const action = joinNow ? t('classes.joinNow') : t('classes.join');

  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={5} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {courseClass.title}
            </Title>
            <TypeBadge type={courseClass.type} />
          </Group>
          <Text size="sm" c="dimmed">
            <time dateTime={courseClass.scheduledDate}>
              {formatDate(courseClass.scheduledDate, language)} ·{' '}
              {formatTime(courseClass.scheduledDate, language)}
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
              onClick={() => onJoin(courseClass)}
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
