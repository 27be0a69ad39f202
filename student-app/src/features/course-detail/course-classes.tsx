import { Alert, Button, Card, Stack, Title } from '@mantine/core';
import { IconCalendarOff, IconSchool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessageKey, paths, type CourseDetail, type ScheduledTime } from '@portal/shared-data';
import { courseQueries, useJoinClass } from '@portal/shared-data/queries';
import { EmptyState, ErrorBanner, PagedResults, usePageOfFilters } from '@portal/shared-ui';
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
  /**
   * Where such a student stands for a seat: `open` (the catalog enrols them), `full` (an active full
   * course: its waiting list is the way in) or `waiting` (in line: enrolled when a seat frees up).
   */
  seat?: 'open' | 'full' | 'waiting';
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
  seat = 'open',
  scheduled,
  now,
}: CourseClassesProps) {
  const { t } = useTranslation(namespace);
  const courseId = detail.course.id;
  const { page, setPage, settle } = usePageOfFilters();
  const otherPage = useQuery({ ...courseQueries.classPage(courseId, page), enabled: page !== 1 });
  const { join, problem, dismissProblem } = useJoinClass(attendeeId);
  // Page 1 came with the course detail; a course gone since reads as no page (null).
  const classes = settle(
    page === 1
      ? { data: detail.classes, isPlaceholderData: false }
      : { data: otherPage.data ?? undefined, isPlaceholderData: otherPage.isPlaceholderData },
  );
  // A student without an active enrollment reads no class: the section invites them to enroll.
  const hidden = mayEnroll && detail.classes.total === 0;
  const count = scheduled?.classCount ?? 0;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="course-classes-title"
    >
      <Stack gap="md">
        <Title order={3} size="h4" id="course-classes-title">
          {t('classes.title')}
        </Title>
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
        {page !== 1 && otherPage.isError ? (
          <ErrorBanner
            title={t('classes.loadError')}
            message={t(errorMessageKey(otherPage.error), { ns: 'errors' })}
            onRetry={() => void otherPage.refetch()}
            retrying={otherPage.isFetching}
          />
        ) : null}
        {hidden && seat !== 'open' ? (
          // The catalog cannot enrol anyone in a full course: no link there.
          <EmptyState
            icon={<IconSchool aria-hidden />}
            title={seat === 'waiting' ? t('classes.waitingHint') : t('classes.fullHint')}
          />
        ) : hidden ? (
          <EmptyState
            icon={<IconSchool aria-hidden />}
            title={count > 0 ? t('classes.enrollToSee', { count }) : t('classes.enrollHint')}
            action={
              <Button component={Link} to={paths.catalog} variant="light">
                {t('classes.enroll')}
              </Button>
            }
          />
        ) : (
          <PagedResults
            results={classes}
            countTitle={(total) => t('classes.count', { count: total })}
            fetching={page !== 1 && otherPage.isFetching}
            loadingLabel={t('classes.loading')}
            updatingLabel={t('classes.updating')}
            empty={<EmptyState icon={<IconCalendarOff aria-hidden />} title={t('classes.empty')} />}
            page={page}
            onPageChange={setPage}
            pagerLabel={t('classes.pager')}
            headingOrder={4}
          >
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {classes?.items.map((courseClass) => (
                <li key={courseClass.id}>
                  <ClassItem courseClass={courseClass} now={now} onJoin={(cls) => join(cls, now)} />
                </li>
              ))}
            </Stack>
          </PagedResults>
        )}
      </Stack>
    </Card>
  );
}
