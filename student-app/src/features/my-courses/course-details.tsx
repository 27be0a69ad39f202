import { Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDoor, IconLogout2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  formatDate,
  formatTime,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
} from '@portal/shared-ui';
import { paths, type StudentCourse } from '@portal/shared-data';
import { CourseProgress } from './course-progress';
import { namespace } from './i18n';

export interface CourseDetailsProps {
  course: StudentCourse;
  onDrop: () => void;
  /** Renders the title as a heading (the side column); the drawer has its own title. */
  withTitle?: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The side panel of My Courses: what a student wants to know about one course. */
export function CourseDetails({ course, onDrop, withTitle = true }: CourseDetailsProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  return (
    <Stack gap="md">
      {withTitle ? (
        <Title order={3} size="h4" style={wrappingTitle}>
          {course.title}
        </Title>
      ) : null}
      {course.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'break-word' }}>
          {course.description}
        </Text>
      ) : null}
      <CourseProgress title={course.title} progress={course.progress} />
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label={t('language')}>
          {t(`course.languages.${course.language}`, { ns: 'common' })}
        </Fact>
        <Fact label={t('level')}>{t(`course.levels.${course.level}`, { ns: 'common' })}</Fact>
        <Fact label={t('duration')}>
          {t('course.weeks', { ns: 'common', count: course.duration })}
        </Fact>
        <Fact label={t('teacher')}>
          {course.teacherName ?? t('unknownPerson', { ns: 'common' })}
        </Fact>
        <Fact label={t('students')}>
          {t('course.enrolledOfMax', {
            ns: 'common',
            enrolled: course.enrolledCount,
            max: course.maxStudents,
          })}
        </Fact>
        <Fact label={t('classes')}>{course.classCount}</Fact>
        <Fact label={t('nextClass')}>
          {course.nextClassAt
            ? `${formatDate(course.nextClassAt, language)} · ${formatTime(course.nextClassAt, language)}`
            : t('noNextClass')}
        </Fact>
        <Fact label={t('enrolledOn')}>
          {course.enrolledAt ? formatDate(course.enrolledAt, language) : '—'}
        </Fact>
      </SimpleGrid>
      <Divider />
      {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
      <Group gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={paths.courseDetail(course.id)}
          leftSection={<IconDoor size={16} aria-hidden />}
          styles={wrappingButtonStyles}
        >
          {t('openCourse')}
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconLogout2 size={16} aria-hidden />}
          onClick={onDrop}
          styles={wrappingButtonStyles}
        >
          {t('drop')}
        </Button>
      </Group>
    </Stack>
  );
}
