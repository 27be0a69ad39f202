import { Badge, Box, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CourseDetail, ScheduledTime } from '@portal/shared-data';
import { LEVEL_COLORS } from '@portal/shared-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

export interface CourseInfoCardProps {
  detail: CourseDetail;
  /** The student's seat is held for its payment (docs/money.md "Payment before the seat"). */
  held?: boolean;
  /** The course's scheduled class time; null while unknown (the duration then shows in weeks). */
  scheduled: ScheduledTime | null;
}

/**
 * The course card: title, description, language, level, duration in hours, teacher, enrolled over
 * max students. The hours are the course's scheduled class time (its classes' minutes / 60, rounded),
 * shown with its length in weeks; a course without classes yet shows the weeks alone.
 */
export function CourseInfoCard({ detail, scheduled, held = false }: CourseInfoCardProps) {
  const { t } = useTranslation(namespace);
  const { t: tc } = useTranslation('common');
  const { course, enrollment } = detail;
  const weeks = tc('course.weeks', { count: course.duration });
  const duration =
    scheduled && scheduled.classCount > 0
      ? t('info.hoursOverWeeks', { hours: t('info.hours', { count: scheduled.hours }), weeks })
      : weeks;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="course-detail-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h3" id="course-detail-title" style={{ overflowWrap: 'anywhere' }}>
            {course.title}
          </Title>
          {held ? (
            <Badge variant="light" color="blue">
              {t('info.status.held')}
            </Badge>
          ) : enrollment ? (
            <Badge variant="light" color={enrollment.status === 'dropped' ? 'gray' : 'teal'}>
              {t(`info.status.${enrollment.status}`)}
            </Badge>
          ) : null}
        </Group>
        {course.description ? (
          <Text style={{ whiteSpace: 'pre-line' }}>{course.description}</Text>
        ) : null}

        <SimpleGrid
          component="dl"
          aria-label={t('info.label')}
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          verticalSpacing="sm"
          m={0}
        >
          <Fact label={t('info.language')}>{tc(`course.languages.${course.language}`)}</Fact>
          <Fact label={t('info.level')}>
            <Badge color={LEVEL_COLORS[course.level]} variant="light">
              {tc(`course.levels.${course.level}`)}
            </Badge>
          </Fact>
          <Fact label={t('info.duration')}>{duration}</Fact>
          <Fact label={t('info.teacher')}>{course.teacherName ?? tc('unknownPerson')}</Fact>
          <Fact label={t('info.students')}>
            {t('info.enrolledOfMax', { enrolled: course.enrolledCount, max: course.maxStudents })}
          </Fact>
        </SimpleGrid>

        {enrollment && enrollment.status !== 'dropped' ? (
          <Box>
            <Group justify="space-between" mb={4}>
              <Text size="sm" c="dimmed">
                {t('info.progress')}
              </Text>
              <Text size="sm" fw={600}>
                {Math.round(enrollment.progress)}%
              </Text>
            </Group>
            <Progress value={enrollment.progress} aria-label={t('info.progress')} />
          </Box>
        ) : null}
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={500} m={0}>
        {children}
      </Text>
    </div>
  );
}
