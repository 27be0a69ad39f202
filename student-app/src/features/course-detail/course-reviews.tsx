import { Alert, Button, Card, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconMessageStar } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  authAtom,
  errorMessageKey,
  mayReviewCourse,
  ratingSummary,
  type CourseDetailEnrollment,
  type Review,
} from '@portal/shared-data';
import { courseQueries, reviewMutations } from '@portal/shared-data/queries';
import {
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  FullPageLoader,
  RatingStars,
  formatDate,
  intlLocale,
  useLanguage,
} from '@portal/shared-ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { ReviewForm } from './review-form';

export interface CourseReviewsProps {
  courseId: string;
  /**
   * The signed-in user's enrollment in the course (any status): a student who is taking it or has
   * completed it may review it; one who dropped it may only delete an older review.
   */
  enrollment: CourseDetailEnrollment | null;
}

/** Average rating, the student's own review (write, edit, delete) and everyone else's. */
export function CourseReviews({ courseId, enrollment }: CourseReviewsProps) {
  const { t } = useTranslation(namespace);
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const { user } = useAtomValue(authAtom);
  const reviews = useQuery(courseQueries.reviews(courseId));

  let body;
  if (reviews.isPending) {
    body = <FullPageLoader minHeight={120} label={t('reviews.loading')} />;
  } else if (reviews.isError) {
    body = (
      <ErrorBanner
        title={t('reviews.loadError')}
        message={t(errorMessageKey(reviews.error), { ns: 'errors' })}
        onRetry={() => void reviews.refetch()}
      />
    );
  } else {
    const { average, count } = ratingSummary(reviews.data);
    const mine = user
      ? (reviews.data.find((review) => review.studentId === user.id) ?? null)
      : null;
    const others = reviews.data.filter((review) => review !== mine);
    const isStudent = user?.role === 'student';
    const canReview = isStudent && mayReviewCourse(enrollment?.status);
    const dropped = isStudent && enrollment?.status === 'dropped';
    body = (
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <RatingStars value={average} size={20} />
          {average === null ? (
            <Text size="sm" c="dimmed">
              {tc('course.noRatings')}
            </Text>
          ) : (
            <Text size="sm">
              <Text span fw={700}>
                {t('reviews.average', {
                  rating: new Intl.NumberFormat(intlLocale(language), {
                    maximumFractionDigits: 1,
                  }).format(average),
                })}
              </Text>{' '}
              <Text span c="dimmed">
                {tc('course.reviews', { count })}
              </Text>
            </Text>
          )}
        </Group>

        {dropped ? (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
            {t('reviews.droppedNote')}
          </Alert>
        ) : null}
        {user && (canReview || (dropped && mine)) ? (
          <MyReview
            key={mine?.id ?? 'new'}
            courseId={courseId}
            studentId={user.id}
            mine={mine}
            mayEdit={canReview}
          />
        ) : null}

        {canReview || mine ? (
          <Title order={4} size="h5">
            {t('reviews.others')}
          </Title>
        ) : null}
        {others.length === 0 ? (
          <EmptyState
            icon={<IconMessageStar aria-hidden />}
            title={mine ? t('reviews.noOthers') : t('reviews.none')}
          />
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {others.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="course-reviews-title"
    >
      <Stack gap="md">
        <Title order={3} size="h4" id="course-reviews-title">
          {t('reviews.title')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  return (
    <Paper withBorder radius="md" p="sm" component="article">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{review.studentName ?? t('unknownPerson')}</Text>
        <RatingStars value={review.rating} />
      </Group>
      <Text size="xs" c="dimmed">
        {formatDate(review.createdAt, language)}
      </Text>
      {review.comment ? (
        <Text size="sm" mt={6} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.comment}
        </Text>
      ) : null}
    </Paper>
  );
}

interface MyReviewProps {
  courseId: string;
  studentId: string;
  mine: Review | null;
  /** False once the student dropped the course: an older review can still be deleted. */
  mayEdit: boolean;
}

/** The student's own review: written, shown, edited or deleted; the list refetches after each change. */
function MyReview({ courseId, studentId, mine, mayEdit }: MyReviewProps) {
  const { t } = useTranslation(namespace);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(reviewMutations.delete());

  // A refused delete keeps the confirmation open with the reason; Delete tries again.
  const confirmDelete = () =>
    remove.mutateAsync({ courseId, studentId }).then(() => {
      setConfirming(false);
      notifications.show({ color: 'teal', message: t('reviews.deleted') });
    });

  const saved = () => {
    setEditing(false);
    notifications.show({ color: 'teal', message: t('reviews.saved') });
  };

  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
      <Stack gap="sm">
        <Title order={4} size="h5">
          {mine ? t('reviews.yours') : t('reviews.write')}
        </Title>
        {mayEdit && (!mine || editing) ? (
          <ReviewForm
            courseId={courseId}
            studentId={studentId}
            existing={mine}
            onSaved={saved}
            onCancel={mine ? () => setEditing(false) : undefined}
          />
        ) : mine ? (
          <>
            <RatingStars value={mine.rating} size={18} />
            {mine.comment ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {mine.comment}
              </Text>
            ) : null}
            <Divider />
            <Group gap="sm" justify="flex-end">
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                {t('reviews.delete')}
              </Button>
              {mayEdit ? (
                <Button variant="light" onClick={() => setEditing(true)}>
                  {t('reviews.edit')}
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('reviews.confirmDeleteTitle')}
        message={t('reviews.confirmDeleteMessage')}
        confirmLabel={t('reviews.delete')}
        cancelLabel={t('reviews.cancel')}
        danger
        onConfirm={confirmDelete}
        failedTitle={t('reviews.deleteError')}
        describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
