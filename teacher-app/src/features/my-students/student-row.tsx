import { Avatar, Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { progressColor, type MyStudent } from '@portal/shared-data';
import { wrappingButtonStyles, wrappingTitle } from '@portal/shared-ui';
import { namespace } from './i18n';
import { lastActivityLabel } from './last-activity';

export interface StudentRowProps {
  student: MyStudent;
  /** The ticking clock the last activity is measured against. */
  now: Date;
  onOpen: (student: MyStudent) => void;
}

function initials(student: MyStudent): string {
  return `${student.firstName.trim()[0] ?? ''}${student.lastName.trim()[0] ?? ''}`.toUpperCase();
}

/** One student: name, courses, progress (coloured), attendance, last activity and View details. */
export function StudentRow({ student, now, onOpen }: StudentRowProps) {
  const { t } = useTranslation(namespace);
  const nameId = useId();
  const name = student.name ?? t('unknownPerson', { ns: 'common' });
  const progress = student.averageProgress;
  const rounded = progress === null ? null : Math.round(progress);

  return (
    <Card component="article" aria-labelledby={nameId} withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={student.avatarUrl} alt="" radius="xl" color="blue">
            {initials(student)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs">
              <Text fw={600} id={nameId} style={wrappingTitle}>
                {name}
              </Text>
              {student.isActive ? null : (
                <Badge color="gray" variant="light">
                  {t('list.inactive')}
                </Badge>
              )}
              {student.atRisk ? (
                <Badge color="red" variant="light">
                  {t('list.atRisk')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {student.email}
            </Text>
          </Stack>
        </Group>

        {student.courses.length > 0 ? (
          <Group gap={6}>
            {student.courses.map((course) => (
              <Badge key={course.courseId} variant="light" style={{ maxWidth: '100%' }}>
                {course.courseTitle}
              </Badge>
            ))}
          </Group>
        ) : null}

        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('list.progress')}
            </Text>
            <Text size="sm" fw={600} c={progress === null ? undefined : progressColor(progress)}>
              {rounded === null ? t('list.noProgress') : `${rounded}%`}
            </Text>
          </Group>
          {progress !== null && rounded !== null ? (
            <Progress
              value={rounded}
              color={progressColor(progress)}
              aria-label={t('list.progressOf', { name })}
            />
          ) : null}
        </Stack>

        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('list.attendance')}:{' '}
            </Text>
            {student.attendanceRate === null
              ? t('list.noClassesYet')
              : `${Math.round(student.attendanceRate)}%`}
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('list.lastActivity')}:{' '}
            </Text>
            {lastActivityLabel(t, student.lastActivityAt, now)}
          </Text>
        </Group>

        <Group justify="flex-end">
          <Button
            variant="light"
            size="xs"
            styles={wrappingButtonStyles}
            rightSection={<IconChevronRight size={14} aria-hidden />}
            aria-describedby={nameId}
            onClick={() => onOpen(student)}
          >
            {t('list.details')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
