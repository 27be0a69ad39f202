import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBook2, IconDoor } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState, LEVEL_COLORS, wrappingButtonStyles, wrappingTitle } from '@portal/shared-ui';
import { paths, type DashboardCourse } from '@portal/shared-data';
import { namespace } from './i18n';

export interface DashboardCoursesProps {
  courses: DashboardCourse[];
  /** All active enrollments, of which `courses` are the newest. */
  courseCount: number;
}

function DashboardCourseCard({ course }: { course: DashboardCourse }) {
  const { t } = useTranslation(namespace);
  const titleId = useId();
  const language = t(`course.languages.${course.language}`, { ns: 'common' });
  const level = t(`course.levels.${course.level}`, { ns: 'common' });
  return (
    <Card withBorder component="article" aria-labelledby={titleId} h="100%" miw={0}>
      <Stack gap="xs" h="100%">
        <Title id={titleId} order={4} style={wrappingTitle}>
          {course.title}
        </Title>
        <Group gap="xs">
          <Badge
            variant="light"
            color="gray"
            aria-label={`${t('myCourses.language')}: ${language}`}
          >
            {language}
          </Badge>
          <Badge
            variant="light"
            color={LEVEL_COLORS[course.level]}
            aria-label={`${t('myCourses.level')}: ${level}`}
          >
            {level}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('myCourses.teacher')}: {course.teacherName ?? t('unknownPerson', { ns: 'common' })}
        </Text>
        <Button
          component={Link}
          to={paths.courseDetail(course.id)}
          mt="auto"
          variant="light"
          leftSection={<IconDoor size={16} aria-hidden />}
          aria-describedby={titleId}
          styles={wrappingButtonStyles}
        >
          {t('myCourses.courseClassroom')}
        </Button>
      </Stack>
    </Card>
  );
}

/** "My Courses" on the dashboard: the newest courses with a way into each classroom. */
export function DashboardCourses({ courses, courseCount }: DashboardCoursesProps) {
  const { t } = useTranslation(namespace);
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={3} id={headingId}>
          {t('myCourses.title')}
        </Title>
        {courseCount > courses.length ? (
          <Anchor component={Link} to={paths.myCourses} size="sm">
            {t('myCourses.viewAll', { count: courseCount })}
          </Anchor>
        ) : null}
      </Group>
      {courses.length === 0 ? (
        <EmptyState
          icon={<IconBook2 aria-hidden />}
          title={t('myCourses.empty')}
          description={t('myCourses.emptyHint')}
          action={
            <Button
              component={Link}
              to={paths.catalog}
              rightSection={<IconArrowRight size={16} aria-hidden />}
              styles={wrappingButtonStyles}
            >
              {t('myCourses.browseCatalog')}
            </Button>
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {courses.map((course) => (
            <DashboardCourseCard key={course.id} course={course} />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
