import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconSchoolOff } from '@tabler/icons-react';
import { authAtom, type Material } from '@portal/shared-data';
import { EmptyState, ErrorBanner, FullPageLoader } from '@portal/shared-ui';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCourseDetail } from '../hooks/use-course-detail';
import { COURSE_DETAIL_NS } from '../i18n';
import { CourseClasses } from './course-classes';
import { CourseInfoCard } from './course-info-card';
import { CourseMaterials } from './course-materials';
import { CourseReviews } from './course-reviews';

export interface CourseDetailScreenProps {
  courseId: string;
  /**
   * The materials browser (filters, cards, viewer) for the course's materials; `emptyTitle` is what to
   * say when the course has none.
   */
  renderMaterials: (materials: readonly Material[], emptyTitle: string) => ReactNode;
}

/** The course detail screen of SPEC §2 for one course id (from the route or the window event). */
export function CourseDetailScreen({ courseId, renderMaterials }: CourseDetailScreenProps) {
  const { t } = useTranslation(COURSE_DETAIL_NS);
  const navigate = useNavigate();
  const { user } = useAtomValue(authAtom);
  const { info, classes, reviews, scheduled, reload, showPage, retryClasses, reloadReviews, replaceReviews } =
    useCourseDetail(courseId);
  // Read at each render: Join turns into Join Now as a class comes within reach.
  const now = new Date();

  const back = (
    <Group>
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={() => navigate('/my-courses')}
        px="xs"
      >
        {t('back')}
      </Button>
    </Group>
  );

  if (info.status === 'loading') {
    return (
      <Stack gap="md">
        {back}
        <FullPageLoader minHeight={320} label={t('loading')} />
      </Stack>
    );
  }
  if (info.status === 'error') {
    return (
      <Stack gap="md">
        {back}
        <ErrorBanner title={t('loadError')} message={info.error.message} onRetry={() => void reload()} />
      </Stack>
    );
  }
  if (info.status === 'missing') {
    return (
      <Stack gap="md">
        {back}
        <EmptyState icon={<IconSchoolOff aria-hidden />} title={t('notFound')} description={t('notFoundHint')} />
      </Stack>
    );
  }

  const { detail } = info;
  const isStudent = user?.role === 'student';
  const activelyEnrolled = detail.enrollment?.status === 'active';
  const attendeeId = isStudent && activelyEnrolled && user ? user.id : null;

  return (
    <Stack gap="lg">
      {back}
      <CourseInfoCard detail={detail} scheduled={scheduled} />
      {isStudent && !activelyEnrolled ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
          {t('info.notEnrolled')}
        </Alert>
      ) : null}
      <CourseMaterials>{renderMaterials(detail.materials, t('materials.none'))}</CourseMaterials>
      <CourseClasses
        classes={classes}
        onPageChange={(page) => void showPage(page)}
        onRetry={() => void retryClasses()}
        attendeeId={attendeeId}
        now={now}
      />
      <CourseReviews
        courseId={detail.course.id}
        enrollment={detail.enrollment}
        reviews={reviews}
        onRetry={() => void reloadReviews()}
        onReviewsChange={replaceReviews}
      />
    </Stack>
  );
}
