import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBook,
  IconCalendarDue,
  IconEyeOff,
  IconInbox,
  IconPencil,
  IconTrash,
  IconTrophy,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isOverdue, type ManagedActivity } from '@portal/shared-data';
import {
  SkillBadges,
  TypeBadge,
  formatDate,
  formatTime,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
} from '@portal/shared-ui';
import { namespace } from './i18n';

export interface ActivityCardProps {
  activity: ManagedActivity;
  /** The ticking clock: the due date turns red once it has passed. */
  now: Date;
  onSubmissions: (activity: ManagedActivity) => void;
  onEdit: (activity: ManagedActivity) => void;
  onDelete: (activity: ManagedActivity) => void;
}

/** Where the activity belongs: its class (and the class's course) or its course. */
export function useActivityPlace(activity: ManagedActivity): string {
  const { t } = useTranslation(namespace);
  if (activity.classId) {
    return activity.courseTitle
      ? t('card.classOf', { title: activity.classTitle ?? '', course: activity.courseTitle })
      : t('card.class', { title: activity.classTitle ?? '' });
  }
  return activity.courseTitle
    ? t('card.course', { title: activity.courseTitle })
    : t('card.unknownPlace');
}

/** 'Due Jun 1, 2026 at 23:59', 'Past due: …' once passed, or 'No due date'. */
export function useDueText(dueDate: string | null, overdue: boolean): string {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  if (!dueDate) return t('card.noDueDate');
  const parts = { date: formatDate(dueDate, language), time: formatTime(dueDate, language) };
  return overdue ? t('card.overdue', parts) : t('card.due', parts);
}

/**
 * One activity: an article named by its title with its type, course or class, points, due date (red
 * once past), the submissions received and graded, and View submissions, Edit and Delete.
 */
export function ActivityCard({
  activity,
  now,
  onSubmissions,
  onEdit,
  onDelete,
}: ActivityCardProps) {
  const { t } = useTranslation(namespace);
  const titleId = useId();
  const overdue = isOverdue(activity, now);
  const place = useActivityPlace(activity);
  const due = useDueText(activity.dueDate, overdue);

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs">
          <TypeBadge type={activity.type} />
          {activity.isActive ? null : (
            <Badge color="gray" variant="light" leftSection={<IconEyeOff size={12} aria-hidden />}>
              {t('card.hidden')}
            </Badge>
          )}
        </Group>
        <Title order={3} size="h5" id={titleId} style={wrappingTitle}>
          {activity.title}
        </Title>
        <SkillBadges skills={activity.skills} cefrLevel={activity.cefrLevel} />
        {activity.description ? (
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {activity.description}
          </Text>
        ) : null}
        <Stack gap={4} mt="auto">
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconBook size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" fw={500} style={wrappingTitle}>
              {place}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconTrophy size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{t('card.points', { count: activity.maxPoints })}</Text>
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconCalendarDue size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            {activity.dueDate ? (
              <Text
                size="sm"
                component="time"
                dateTime={activity.dueDate}
                c={overdue ? 'red' : undefined}
                fw={overdue ? 600 : undefined}
              >
                {due}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {due}
              </Text>
            )}
          </Group>
          {activity.allowLateSubmission ? (
            <Text size="xs" c="dimmed" pl={22}>
              {t('card.lateAccepted')}
            </Text>
          ) : null}
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconInbox size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">
              {t('card.received', { count: activity.submissionCount })} ·{' '}
              {t('card.graded', { count: activity.gradedCount })}
            </Text>
          </Group>
        </Stack>
        {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
        <Group gap="xs" mt="xs" wrap="wrap">
          <Button
            styles={wrappingButtonStyles}
            leftSection={<IconInbox size={16} aria-hidden />}
            aria-describedby={titleId}
            onClick={() => onSubmissions(activity)}
          >
            {t('card.submissions')}
          </Button>
          <Button
            variant="default"
            styles={wrappingButtonStyles}
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-describedby={titleId}
            onClick={() => onEdit(activity)}
          >
            {t('card.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            styles={wrappingButtonStyles}
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-describedby={titleId}
            onClick={() => onDelete(activity)}
          >
            {t('card.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
