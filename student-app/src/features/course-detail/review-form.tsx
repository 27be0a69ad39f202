import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  REVIEW_COMMENT_MAX_LENGTH,
  errorMessageKey,
  reviewCommentLength,
  validateReview,
  type Review,
  type ReviewValues,
} from '@portal/shared-data';
import { reviewMutations } from '@portal/shared-data/queries';
import { RatingInput } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

export interface ReviewFormProps {
  courseId: string;
  studentId: string;
  /** The review being edited; null for a first review. */
  existing: Review | null;
  onSaved: () => void;
  /** Only when editing: leaves the form without saving. */
  onCancel?: () => void;
}

/** Stars and an optional comment; a failed save keeps everything typed. */
export function ReviewForm({ courseId, studentId, existing, onSaved, onCancel }: ReviewFormProps) {
  const { t } = useTranslation(namespace);
  const save = useMutation(reviewMutations.save());
  const form = useForm<ReviewValues>({
    mode: 'controlled',
    initialValues: { rating: existing?.rating ?? null, comment: existing?.comment ?? '' },
    validate: (values) => {
      const errors = validateReview(values);
      return {
        rating: errors.rating ? t(errors.rating, { ns: 'validation' }) : null,
        comment: errors.comment
          ? t(errors.comment, { ns: 'validation', max: REVIEW_COMMENT_MAX_LENGTH })
          : null,
      };
    },
  });

  const submit = form.onSubmit(({ rating, comment }) => {
    if (rating === null) return;
    save.mutate({ courseId, studentId, rating, comment }, { onSuccess: onSaved });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <RatingInput
          label={t('reviews.rating')}
          required
          disabled={save.isPending}
          value={form.values.rating}
          error={form.errors.rating}
          onChange={(rating) => form.setFieldValue('rating', rating)}
        />
        <Textarea
          label={t('reviews.comment')}
          placeholder={t('reviews.commentPlaceholder')}
          description={`${reviewCommentLength(form.values.comment)}/${REVIEW_COMMENT_MAX_LENGTH}`}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          rows={4}
          resize="vertical"
          disabled={save.isPending}
          {...form.getInputProps('comment')}
        />
        {save.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('reviews.saveError')} {t(errorMessageKey(save.error), { ns: 'errors' })}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              {t('reviews.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {existing ? t('reviews.update') : t('reviews.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
