import { Alert, Button, Card, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMessageStar } from '@tabler/icons-react';
import {
  authAtom,
  ratingSummary,
  reviewsService,
  type CourseDetailEnrollment,
  type Review,
} from '@portal/shared-data';
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
import type { ReviewsState } from '../hooks/use-course-detail';
import { COURSE_DETAIL_NS } from '../i18n';
import { ReviewForm } from './review-form';

export interface CourseReviewsProps {
  courseId: string;
  /** The signed-in user's enrollment in the course (any status): a student who took it may review it. */
  enrollment: CourseDetailEnrollment | null;
  reviews: ReviewsState;
  onRetry: () => void;
  onReviewsChange: (update: (reviews: Review[]) => Review[]) => void;
}

/** Average rating, the student's own review (write, edit, delete) and everyone else's. */
export function CourseReviews({ courseId, enrollment, reviews, onRetry, onReviewsChange }: CourseReviewsProps) {
  const { t } = useTranslation(COURSE_DETAIL_NS);
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const { user } = useAtomValue(authAtom);

  let body;
  if (reviews.status === 'loading') {
    body = <FullPageLoader minHeight={120} label={t('reviews.loading')} />;
  } else if (reviews.status === 'error') {
    body = <ErrorBanner title={t('reviews.loadError')} message={reviews.error.message} onRetry={onRetry} />;
  } else {
    const { average, count } = ratingSummary(reviews.reviews);
    const mine = user ? (reviews.reviews.find((review) => review.studentId === user.id) ?? null) : null;
    const others = reviews.reviews.filter((review) => review !== mine);
    const canReview = user?.role === 'student' && enrollment !== null;
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
                  rating: new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 }).format(average),
                })}
              </Text>{' '}
              <Text span c="dimmed">
                {tc('course.reviews', { count })}
              </Text>
            </Text>
          )}
        </Group>

        {canReview && user ? (
          <MyReview
            key={mine?.id ?? 'new'}
            courseId={courseId}
            studentId={user.id}
            mine={mine}
            onSaved={(saved) =>
              onReviewsChange((list) => [saved, ...list.filter((review) => review.studentId !== saved.studentId)])
            }
            onDeleted={() => onReviewsChange((list) => list.filter((review) => review.studentId !== user.id))}
          />
        ) : null}

        {canReview ? (
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
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="course-reviews-title">
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
  const { language } = useLanguage();
  return (
    <Paper withBorder radius="md" p="sm" component="article">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{review.studentName}</Text>
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
  onSaved: (review: Review) => void;
  onDeleted: () => void;
}

function MyReview({ courseId, studentId, mine, onSaved, onDeleted }: MyReviewProps) {
  const { t } = useTranslation(COURSE_DETAIL_NS);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    const result = await reviewsService.deleteMine(courseId, studentId);
    setDeleting(false);
    setConfirming(false);
    if (result.success) {
      notifications.show({ color: 'teal', message: t('reviews.deleted') });
      onDeleted();
    } else {
      setDeleteError(result.error.message);
    }
  };

  const saved = (review: Review) => {
    setEditing(false);
    notifications.show({ color: 'teal', message: t('reviews.saved') });
    onSaved(review);
  };

  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
      <Stack gap="sm">
        <Title order={4} size="h5">
          {mine ? t('reviews.yours') : t('reviews.write')}
        </Title>
        {!mine || editing ? (
          <ReviewForm
            courseId={courseId}
            studentId={studentId}
            existing={mine}
            onSaved={saved}
            onCancel={mine ? () => setEditing(false) : undefined}
          />
        ) : (
          <>
            <RatingStars value={mine.rating} size={18} />
            {mine.comment ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {mine.comment}
              </Text>
            ) : null}
            {deleteError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                {t('reviews.deleteError')} {deleteError}
              </Alert>
            ) : null}
            <Divider />
            <Group gap="sm" justify="flex-end">
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                {t('reviews.delete')}
              </Button>
              <Button variant="light" onClick={() => setEditing(true)}>
                {t('reviews.edit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('reviews.confirmDeleteTitle')}
        message={t('reviews.confirmDeleteMessage')}
        confirmLabel={t('reviews.delete')}
        cancelLabel={t('reviews.cancel')}
        danger
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
