import { Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDoor, IconPencil, IconSpeakerphone, IconTable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, type TeacherCourse } from '@portal/shared-data';
import { settingsQueries } from '@portal/shared-data/queries';
import {
  announcementsNamespace,
  courseFormNamespace,
  formatDate,
  formatPrice,
  formatTime,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
} from '@portal/shared-ui';
import { AverageProgress } from './average-progress';
import { courseLink } from './course-link';
import { CourseWaitingList } from './course-waiting-list';
import { namespace } from './i18n';

export interface CoursePanelProps {
  course: TeacherCourse;
  onEdit: () => void;
  /** Opens the course's announcements (post, edit, pin, delete). */
  onAnnouncements: () => void;
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

/** The side panel of My Courses: what a teacher wants to know about one of their courses. */
export function CoursePanel({
  course,
  onEdit,
  onAnnouncements,
  withTitle = true,
}: CoursePanelProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  // The school's currency, from the page's one read of the public settings (no request of its own).
  const currency = useQuery(settingsQueries.currency()).data;
  const link = courseLink(course.id);
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
      <AverageProgress title={course.title} progress={course.averageProgress} />
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label={t('status')}>{course.isActive ? t('active') : t('inactive')}</Fact>
        <Fact label={t('students')}>
          {t('course.enrolledOfMax', {
            ns: 'common',
            enrolled: course.enrolledCount,
            max: course.maxStudents,
          })}
        </Fact>
        <Fact label={t('language')}>
          {t(`course.languages.${course.language}`, { ns: 'common' })}
        </Fact>
        <Fact label={t('level')}>{t(`course.levels.${course.level}`, { ns: 'common' })}</Fact>
        <Fact label={t('category')}>
          {t(`fields.categories.${course.category}`, { ns: courseFormNamespace })}
        </Fact>
        <Fact label={t('duration')}>
          {t('course.weeks', { ns: 'common', count: course.duration })}
        </Fact>
        <Fact label={t('price')}>{formatPrice(course.price, language, currency)}</Fact>
        <Fact label={t('classes')}>{course.classCount}</Fact>
        <Fact label={t('nextClass')}>
          {course.nextClassAt
            ? `${formatDate(course.nextClassAt, language)} · ${formatTime(course.nextClassAt, language)}`
            : t('noNextClass')}
        </Fact>
        <Fact label={t('createdOn')}>
          {course.createdAt ? formatDate(course.createdAt, language) : '—'}
        </Fact>
      </SimpleGrid>
      <CourseWaitingList courseId={course.id} />
      <Divider />
      {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
      <Group gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={link.to}
          state={link.state}
          leftSection={<IconDoor size={16} aria-hidden />}
          styles={wrappingButtonStyles}
        >
          {t('openCourse')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={onEdit}
          styles={wrappingButtonStyles}
        >
          {t('editCourse')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconSpeakerphone size={16} aria-hidden />}
          onClick={onAnnouncements}
          styles={wrappingButtonStyles}
        >
          {t('open', { ns: announcementsNamespace })}
        </Button>
        <Button
          component={Link}
          to={paths.gradebook(course.id)}
          variant="default"
          leftSection={<IconTable size={16} aria-hidden />}
          styles={wrappingButtonStyles}
        >
          {t('gradebook')}
        </Button>
      </Group>
    </Stack>
  );
}
