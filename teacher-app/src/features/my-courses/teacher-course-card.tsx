import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoor, IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TeacherCourse } from '@portal/shared-data';
import {
  LEVEL_COLORS,
  formatDate,
  formatTime,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
} from '@portal/shared-ui';
import { AverageProgress } from './average-progress';
import { courseLink } from './course-link';
import { namespace } from './i18n';

export interface TeacherCourseCardProps {
  course: TeacherCourse;
  /** Shown in the side panel right now. */
  selected: boolean;
  onDetails: () => void;
  onEdit: () => void;
}

/** One course the teacher teaches: an article named by its title, with Open course, Details and Edit. */
export function TeacherCourseCard({ course, selected, onDetails, onEdit }: TeacherCourseCardProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const titleId = useId();
  const link = courseLink(course.id);
  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={titleId}
      h="100%"
      miw={0}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title id={titleId} order={3} size="h4" style={{ ...wrappingTitle, flex: 1 }}>
            <Anchor component={Link} to={link.to} state={link.state} inherit>
              {course.title}
            </Anchor>
          </Title>
          <Badge color={LEVEL_COLORS[course.level]} variant="light" style={{ flexShrink: 0 }}>
            {t(`course.levels.${course.level}`, { ns: 'common' })}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge color={course.isActive ? 'teal' : 'gray'} variant="outline">
            {course.isActive ? t('active') : t('inactive')}
          </Badge>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t(`course.languages.${course.language}`, { ns: 'common' })} ·{' '}
            {t('course.enrolledOfMax', {
              ns: 'common',
              enrolled: course.enrolledCount,
              max: course.maxStudents,
            })}
          </Text>
        </Group>
        <AverageProgress title={course.title} progress={course.averageProgress} />
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
        {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
        <Group gap="xs" mt="auto" wrap="wrap">
          <Button
            component={Link}
            to={link.to}
            state={link.state}
            leftSection={<IconDoor size={16} aria-hidden />}
            aria-describedby={titleId}
            styles={wrappingButtonStyles}
          >
            {t('openCourse')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            onClick={onDetails}
            aria-label={t('detailsOf', { title: course.title })}
            aria-pressed={selected}
            styles={wrappingButtonStyles}
          >
            {t('details')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
            aria-describedby={titleId}
            styles={wrappingButtonStyles}
          >
            {t('edit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
