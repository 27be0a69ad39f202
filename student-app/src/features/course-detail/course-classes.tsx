import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconSchool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessageKey, paths, type CourseDetail, type ScheduledTime } from '@portal/shared-data';
import { courseQueries, useJoinClass } from '@portal/shared-data/queries';
import { EmptyState, ErrorBanner, FullPageLoader, Pager } from '@portal/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ClassItem } from './class-item';
import { namespace } from './i18n';

export interface CourseClassesProps {
  detail: CourseDetail;
  /** The signed-in student who records their own attendance on joining; null for anyone else. */
  attendeeId: string | null;
  /** A student without an active enrollment: the classes are hidden until they enroll. */
  mayEnroll: boolean;
  scheduled: ScheduledTime | undefined;
  now: Date;
}

/**
 * The course's classes, 5 to a page by date. Page 1 comes with the course detail; other pages are
 * asked for one at a time.
 */
export function CourseClasses({
  detail,
  attendeeId,
  mayEnroll,
  scheduled,
  now,
}: CourseClassesProps) {
  const { t } = useTranslation(namespace);
  const courseId = detail.course.id;
  const [page, setPage] = useState(1);
  const otherPage = useQuery({ ...courseQueries.classPage(courseId, page), enabled: page !== 1 });
  const { join, problem, dismissProblem } = useJoinClass(attendeeId);
  const classes = page === 1 ? detail.classes : (otherPage.data ?? null);
  const total = classes?.total ?? detail.classes.total;

  let body;
  if (page !== 1 && otherPage.isError) {
    body = (
      <ErrorBanner
        title={t('classes.loadError')}
        message={t(errorMessageKey(otherPage.error), { ns: 'errors' })}
        onRetry={() => void otherPage.refetch()}
      />
    );
  } else if (!classes) {
    body = <FullPageLoader minHeight={200} label={t('classes.loading')} />;
  } else if (classes.items.length === 0 && mayEnroll) {
    const count = scheduled?.classCount ?? 0;
    body = (
      <EmptyState
        icon={<IconSchool aria-hidden />}
        title={count > 0 ? t('classes.enrollToSee', { count }) : t('classes.enrollHint')}
        action={
          <Button component={Link} to={paths.catalog} variant="light">
            {t('classes.enroll')}
          </Button>
        }
      />
    );
  } else if (classes.items.length === 0) {
    body = <EmptyState icon={<IconCalendarOff aria-hidden />} title={t('classes.empty')} />;
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {classes.items.map((courseClass) => (
          <li key={courseClass.id}>
            <ClassItem courseClass={courseClass} now={now} onJoin={(cls) => join(cls, now)} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="course-classes-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h4" id="course-classes-title">
            {t('classes.title')}
          </Title>
          {total > 0 ? (
            <Text size="sm" c="dimmed">
              {t('classes.count', { count: total })}
            </Text>
          ) : null}
        </Group>
        {problem ? (
          <Alert
            color="yellow"
            variant="light"
            withCloseButton
            closeButtonLabel={t('classes.dismiss')}
            onClose={dismissProblem}
            role="status"
          >
            {t('classes.attendanceFailed', {
              title: problem.classTitle,
              message: t(errorMessageKey(problem.error), { ns: 'errors' }),
            })}
          </Alert>
        ) : null}
        {body}
        <Pager
          page={page}
          totalPages={classes?.totalPages ?? detail.classes.totalPages}
          onChange={setPage}
          aria-label={t('classes.pager')}
        />
      </Stack>
    </Card>
  );
}
