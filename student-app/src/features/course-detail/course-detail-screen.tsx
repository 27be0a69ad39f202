import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconSchoolOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  authAtom,
  courseDetailBackPath,
  courseDetailFrom,
  errorMessageKey,
  isCourseFull,
} from '@portal/shared-data';
import {
  courseQueries,
  useMySeatHolds,
  waitingListQueries,
  type PageLoader,
} from '@portal/shared-data/queries';
import { EmptyState, ErrorBanner, FullPageLoader } from '@portal/shared-ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { CourseAnnouncements } from './course-announcements';
import { CourseClasses } from './course-classes';
import { CourseInfoCard } from './course-info-card';
import { CourseMaterials } from './course-materials';
import { MyGrades } from './my-grades';
import { CourseReviews } from './course-reviews';
import { CourseSeatHoldPanel } from './course-seat-hold-panel';
import { namespace } from './i18n';
import { CourseWaitingPanel } from './course-waiting-panel';
import { useCourseDetailEvent } from './use-course-detail-event';

/** The shell's route loader: the course's card, before the page renders. */
export const loader: PageLoader = (queryClient, { courseId = '' }) =>
  queryClient.ensureQueryData(courseQueries.detail(courseId));

/** `/course-detail/:courseId`; also reached through the open-course-detail window event. */
export default function CourseDetailScreen() {
  const { courseId = '' } = useParams();
  useCourseDetailEvent();
  // A new id starts afresh: no page, form or viewer state of the previous course carries over.
  return <CourseDetailContent key={courseId} courseId={courseId} />;
}

/**
 * Back where the viewer came from: the screen the link named (`courseDetailState`), else the page
 * before inside the app; a page opened directly goes to the role's own course list (My Courses, or
 * Course Management for an administrator).
 */
function BackButton() {
  const { t } = useTranslation(namespace);
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAtomValue(authAtom);
  const back = () => {
    const from = courseDetailFrom(location.state);
    if (from) return navigate(from);
    return location.key !== 'default' ? navigate(-1) : navigate(courseDetailBackPath(user?.role));
  };
  return (
    <Group>
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={() => void back()}
        px="xs"
      >
        {t('back')}
      </Button>
    </Group>
  );
}

function CourseDetailContent({ courseId }: { courseId: string }) {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const detail = useQuery(courseQueries.detail(courseId));
  // Without it the card shows the duration in weeks only.
  const scheduled = useQuery(courseQueries.scheduledTime(courseId));
  // A student's own waiting-list entries (the same read as the waiting panel's, so one request).
  const waiting = useQuery({ ...waitingListQueries.mine(), enabled: user?.role === 'student' });
  // The student's held seats (the same read as the catalog's and My Courses').
  const seats = useMySeatHolds(user?.role === 'student' ? user.id : undefined);
  // Read at each render: Join turns into Join Now as a class comes within reach.
  const now = new Date();

  if (detail.isPending) {
    return (
      <Stack gap="md">
        <BackButton />
        <FullPageLoader minHeight={320} label={t('loading')} />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="md">
        <BackButton />
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(detail.error), { ns: 'errors' })}
          onRetry={() => void detail.refetch()}
        />
      </Stack>
    );
  }
  if (!detail.data) {
    return (
      <Stack gap="md">
        <BackButton />
        <EmptyState
          icon={<IconSchoolOff aria-hidden />}
          title={t('notFound')}
          description={t('notFoundHint')}
        />
      </Stack>
    );
  }

  const { course, enrollment, materials } = detail.data;
  const isStudent = user?.role === 'student';
  const activelyEnrolled = enrollment?.status === 'active';
  // A seat held for its payment (docs/money.md "Payment before the seat"): not enrolled yet.
  const hold = isStudent && !activelyEnrolled ? seats.byCourse.get(course.id) : undefined;
  const attendeeId = isStudent && activelyEnrolled && user ? user.id : null;
  // A student without an active enrolment reads none of the course's materials: say why, rather
  // than that the course has none.
  const hiddenBecause =
    !isStudent || activelyEnrolled ? null : hold ? 'held' : (enrollment?.status ?? 'notEnrolled');
  // Announcements: the course's staff, and students who take or completed it (row security says the
  // same); others would only see an empty list.
  const readsAnnouncements =
    !isStudent || enrollment?.status === 'active' || enrollment?.status === 'completed';
  // What the Classes block says to a student who is not enrolled: the catalog cannot enrol anyone in
  // a full course; one in its line is enrolled when a seat frees up (docs/waiting-list.md).
  const seat = waiting.data?.some((entry) => entry.courseId === course.id)
    ? 'waiting'
    : course.isActive && isCourseFull(course)
      ? 'full'
      : 'open';
  const materialsEmpty =
    hiddenBecause === null
      ? t('materials.none')
      : hiddenBecause === 'notEnrolled'
        ? t('materials.enrollToSee')
        : t(`materials.${hiddenBecause}`);

  return (
    <Stack gap="lg">
      <BackButton />
      <CourseInfoCard
        detail={detail.data}
        scheduled={scheduled.data ?? null}
        held={hold !== undefined}
      />
      {hold ? <CourseSeatHoldPanel hold={hold} seats={seats} /> : null}
      {isStudent && !activelyEnrolled && !hold && enrollment?.status !== 'completed' ? (
        <CourseWaitingPanel course={course} />
      ) : null}
      {hiddenBecause ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
          {t(`info.${hiddenBecause}`)}
        </Alert>
      ) : null}
      {readsAnnouncements ? (
        <CourseAnnouncements courseId={course.id} viewerId={user?.id ?? null} />
      ) : null}
      {/* Their own row of the gradebook: a student who takes or completed the course. */}
      {isStudent && (activelyEnrolled || enrollment?.status === 'completed') ? (
        <MyGrades courseId={course.id} />
      ) : null}
      <CourseMaterials materials={materials} emptyTitle={materialsEmpty} />
      <CourseClasses
        detail={detail.data}
        attendeeId={attendeeId}
        mayEnroll={isStudent && !activelyEnrolled}
        seat={seat}
        scheduled={scheduled.data}
        now={now}
      />
      {/* A held seat is no enrolment yet: the reviews treat the student as not enrolled. */}
      <CourseReviews courseId={course.id} enrollment={hold ? null : enrollment} />
    </Stack>
  );
}
