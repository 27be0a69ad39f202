import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBook2, IconDoor } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, LEVEL_COLORS } from '@portal/shared-ui';
import type { DashboardCourse } from '@portal/shared-data';
import { DASHBOARD_NAMESPACE } from '../i18n';

export interface DashboardCoursesProps {
  courses: DashboardCourse[];
  /** All active enrollments, of which `courses` are the newest. */
  courseCount: number;
}

function DashboardCourseCard({ course }: { course: DashboardCourse }) {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const navigate = useNavigate();
  const titleId = useId();
  return (
    <Card withBorder component="article" aria-labelledby={titleId} h="100%">
      <Stack gap="xs" h="100%">
        <Title id={titleId} order={4} style={{ overflowWrap: 'anywhere' }}>
          {course.title}
        </Title>
        <Group gap="xs">
          <Badge
            variant="light"
            color="gray"
            aria-label={`${t('myCourses.language')}: ${t(`course.languages.${course.language}`, { ns: 'common' })}`}
          >
            {t(`course.languages.${course.language}`, { ns: 'common' })}
          </Badge>
          <Badge
            variant="light"
            color={LEVEL_COLORS[course.level]}
            aria-label={`${t('myCourses.level')}: ${t(`course.levels.${course.level}`, { ns: 'common' })}`}
          >
            {t(`course.levels.${course.level}`, { ns: 'common' })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('myCourses.teacher')}: {course.teacherName}
        </Text>
        <Button
          mt="auto"
          variant="light"
          leftSection={<IconDoor size={16} aria-hidden />}
          onClick={() => navigate(`/course-detail/${course.id}`)}
          aria-describedby={titleId}
        >
          {t('myCourses.courseClassroom')}
        </Button>
      </Stack>
    </Card>
  );
}

/** SPEC §2 "My Courses" on the dashboard: the first courses with a way into each classroom. */
export function DashboardCourses({ courses, courseCount }: DashboardCoursesProps) {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={3} id={headingId}>
          {t('myCourses.title')}
        </Title>
        {courseCount > courses.length ? (
          <Anchor component={Link} to="/my-courses" size="sm">
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
              to="/catalog"
              rightSection={<IconArrowRight size={16} aria-hidden />}
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
