import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isValidRating, reviewsService, type Review } from '@portal/shared-data';
import { RatingInput } from '@portal/shared-ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSE_DETAIL_NS } from '../i18n';

/** The database keeps comments up to this length. */
export const REVIEW_COMMENT_MAX = 2000;

export interface ReviewFormProps {
  courseId: string;
  studentId: string;
  /** The review being edited; null for a first review. */
  existing: Review | null;
  onSaved: (review: Review) => void;
  /** Only when editing: leaves the form without saving. */
  onCancel?: () => void;
}

/** Stars and an optional comment; on a failed save everything typed stays in the form. */
export function ReviewForm({ courseId, studentId, existing, onSaved, onCancel }: ReviewFormProps) {
  const { t } = useTranslation(COURSE_DETAIL_NS);
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [ratingError, setRatingError] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null || !isValidRating(rating)) {
      setRatingError(true);
      return;
    }
    setSaving(true);
    setSaveError(null);
    const result = await reviewsService.saveMine({ courseId, studentId, rating, comment });
    setSaving(false);
    if (result.success) onSaved(result.data);
    else setSaveError(result.error.message);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <RatingInput
          label={t('reviews.rating')}
          value={rating}
          required
          disabled={saving}
          error={ratingError ? t('reviews.ratingRequired') : undefined}
          onChange={(value) => {
            setRating(value);
            setRatingError(false);
          }}
        />
        <Textarea
          label={t('reviews.comment')}
          placeholder={t('reviews.commentPlaceholder')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={REVIEW_COMMENT_MAX}
          rows={4}
          resize="vertical"
          disabled={saving}
        />
        {saveError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('reviews.saveError')} {saveError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('reviews.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={saving}>
            {existing ? t('reviews.update') : t('reviews.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
