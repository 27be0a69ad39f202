import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoor, IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LEVEL_COLORS, formatDate, formatTime, useLanguage } from '@portal/shared-ui';
import type { StudentCourse } from '@portal/shared-data';
import { MY_COURSES_NAMESPACE } from '../i18n';
import { CourseProgress } from './course-progress';

export interface StudentCourseCardProps {
  course: StudentCourse;
  /** Shown in the side panel right now. */
  selected: boolean;
  onOpen: () => void;
  onDetails: () => void;
}

export function StudentCourseCard({ course, selected, onOpen, onDetails }: StudentCourseCardProps) {
  const { t } = useTranslation(MY_COURSES_NAMESPACE);
  const { language } = useLanguage();
  const titleId = useId();
  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={titleId}
      h="100%"
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title id={titleId} order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/course-detail/${course.id}`} inherit>
              {course.title}
            </Anchor>
          </Title>
          <Badge color={LEVEL_COLORS[course.level]} variant="light" style={{ flexShrink: 0 }}>
            {t(`course.levels.${course.level}`, { ns: 'common' })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`course.languages.${course.language}`, { ns: 'common' })} · {t('teacher')}:{' '}
          {course.teacherName}
        </Text>
        <CourseProgress title={course.title} progress={course.progress} />
        <Text size="sm">
          {t('nextClass')}:{' '}
          {course.nextClassAt ? (
            <time dateTime={course.nextClassAt}>
              {formatDate(course.nextClassAt, language)} ·{' '}
              {formatTime(course.nextClassAt, language)}
            </time>
          ) : (
            t('noNextClass')
          )}
        </Text>
        <Group gap="xs" mt="auto" grow>
          <Button
            leftSection={<IconDoor size={16} aria-hidden />}
            onClick={onOpen}
            aria-describedby={titleId}
          >
            {t('openCourse')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            onClick={onDetails}
            aria-label={t('detailsOf', { title: course.title })}
            aria-pressed={selected}
          >
            {t('details')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
