import type { EnrollmentStatus } from '../mappers/enrollment';

// The review form's rules (docs/product-rules.md "Reviews"): who may review, whole stars from 1 to 5 and
// an optional comment no longer than the course_reviews.comment check allows.

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** `char_length(comment) <= 2000` in the course_reviews table. */
export const REVIEW_COMMENT_MAX_LENGTH = 2000;

/** i18n keys in the `validation` namespace. */
export type ReviewMessageKey = 'reviewRatingRequired' | 'reviewCommentTooLong';

export type ReviewValues = { rating: number | null; comment: string };

export type ReviewErrors = Partial<Record<keyof ReviewValues, ReviewMessageKey>>;

/**
 * The comment's length as the database counts it (characters, not UTF-16 units: an emoji is one).
 * Leading and trailing spaces are not counted: the saved comment is trimmed.
 */
export function reviewCommentLength(comment: string): number {
  return [...comment.trim()].length;
}

/** Whole stars from 1 to 5, as the course_reviews check allows. */
export function isValidRating(rating: number): boolean {
  return Number.isInteger(rating) && rating >= REVIEW_RATING_MIN && rating <= REVIEW_RATING_MAX;
}

/** Failing fields only; `{}` means the review can be saved. */
export function validateReview({ rating, comment }: ReviewValues): ReviewErrors {
  const errors: ReviewErrors = {};
  if (rating === null || !isValidRating(rating)) errors.rating = 'reviewRatingRequired';
  if (reviewCommentLength(comment) > REVIEW_COMMENT_MAX_LENGTH)
    errors.comment = 'reviewCommentTooLong';
  return errors;
}

/**
 * Who may write or edit a review of a course: a student who is taking it or has completed it, not one
 * who dropped it or never enrolled (the course_reviews policies and trigger decide the same).
 */
export function mayReviewCourse(enrollmentStatus: EnrollmentStatus | null | undefined): boolean {
  return enrollmentStatus === 'active' || enrollmentStatus === 'completed';
}
