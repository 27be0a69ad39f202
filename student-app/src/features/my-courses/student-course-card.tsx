import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoor, IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  formatDate,
  formatTime,
  LEVEL_COLORS,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
} from '@portal/shared-ui';
import { paths, type StudentCourse } from '@portal/shared-data';
import { CourseProgress } from './course-progress';
import { namespace } from './i18n';

export interface StudentCourseCardProps {
  course: StudentCourse;
  /** Shown in the side panel right now. */
  selected: boolean;
  onDetails: () => void;
}

export function StudentCourseCard({ course, selected, onDetails }: StudentCourseCardProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const titleId = useId();
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
            <Anchor component={Link} to={paths.courseDetail(course.id)} inherit>
              {course.title}
            </Anchor>
          </Title>
          <Badge color={LEVEL_COLORS[course.level]} variant="light" style={{ flexShrink: 0 }}>
            {t(`course.levels.${course.level}`, { ns: 'common' })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t(`course.languages.${course.language}`, { ns: 'common' })} · {t('teacher')}:{' '}
          {course.teacherName ?? t('unknownPerson', { ns: 'common' })}
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
        {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
        <Group gap="xs" mt="auto" wrap="wrap">
          <Button
            component={Link}
            to={paths.courseDetail(course.id)}
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
        </Group>
      </Stack>
    </Card>
  );
}
