import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconCalendarDue, IconEye, IconSend, IconTrophy } from '@tabler/icons-react';
import { useId } from 'react';
import { isOverdue, type StudentActivity } from '@portal/shared-data';
import {
  SkillBadges,
  TypeBadge,
  formatDate,
  formatTime,
  useLanguage,
  wrappingButtonStyles,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { submitState } from './activity-rules';
import { namespace } from './i18n';
import { SubmissionStatusBadge } from './submission-status-badge';

export interface ActivityCardProps {
  activity: StudentActivity;
  now: Date;
  onView: (activity: StudentActivity) => void;
  onSubmit: (activity: StudentActivity) => void;
}

/** Where the activity belongs: its class (and the class's course) or its course. */
export function useActivityPlace(activity: StudentActivity): string | null {
  const { t } = useTranslation(namespace);
  if (activity.classTitle) {
    return activity.courseTitle
      ? t('card.classOf', { title: activity.classTitle, course: activity.courseTitle })
      : t('card.class', { title: activity.classTitle });
  }
  return activity.courseTitle ? t('card.course', { title: activity.courseTitle }) : null;
}

export function useDueText(dueDate: string | null): string {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  return dueDate
    ? t('card.due', { date: formatDate(dueDate, language), time: formatTime(dueDate, language) })
    : t('card.noDueDate');
}

export function ActivityCard({ activity, now, onView, onSubmit }: ActivityCardProps) {
  const { t } = useTranslation(namespace);
  const titleId = useId();
  const closedId = useId();
  const place = useActivityPlace(activity);
  const due = useDueText(activity.dueDate);
  const overdue = isOverdue(activity, now);
  const state = submitState(activity, now);

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs">
          <TypeBadge type={activity.type} />
          <SubmissionStatusBadge
            submission={activity.mySubmission}
            maxPoints={activity.maxPoints}
          />
        </Group>
        <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {activity.title}
        </Title>
        <SkillBadges skills={activity.skills} cefrLevel={activity.cefrLevel} />
        {activity.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {activity.description}
          </Text>
        ) : null}
        <Stack gap={4} mt="auto">
          {place ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconBook size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {place}
              </Text>
            </Group>
          ) : null}
          <Group gap={6} wrap="nowrap">
            <IconTrophy size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{t('card.points', { count: activity.maxPoints })}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconCalendarDue size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 600 : undefined}>
              {due}
            </Text>
          </Group>
          {overdue && activity.allowLateSubmission && state === 'open' ? (
            <Text size="xs" c="dimmed">
              {t('card.lateAccepted')}
            </Text>
          ) : null}
          {state === 'closed' ? (
            <Text size="xs" c="red" id={closedId}>
              {t('closed')}
            </Text>
          ) : null}
        </Stack>
        {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
        <Group gap="xs" mt="xs" wrap="wrap">
          <Button
            styles={wrappingButtonStyles}
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={() => onView(activity)}
          >
            {t('card.view')}
          </Button>
          {state !== 'graded' ? (
            <Button
              styles={wrappingButtonStyles}
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={state === 'closed'}
              aria-describedby={state === 'closed' ? closedId : undefined}
              onClick={() => onSubmit(activity)}
            >
              {activity.mySubmission ? t('card.resubmit') : t('card.submit')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
