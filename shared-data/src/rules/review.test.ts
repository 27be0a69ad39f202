// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  REVIEW_COMMENT_MAX_LENGTH,
  mayReviewCourse,
  reviewCommentLength,
  validateReview,
} from './review';

describe('validateReview', () => {
  it('accepts whole stars from 1 to 5 with or without a comment', () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(validateReview({ rating, comment: '' })).toEqual({});
    }
    expect(validateReview({ rating: 4, comment: 'Muy buen curso.' })).toEqual({});
  });

  it.each([null, 0, 6, 3.5, Number.NaN])('asks for a rating when it is %s', (rating) => {
    expect(validateReview({ rating, comment: 'Great' })).toEqual({
      rating: 'reviewRatingRequired',
    });
  });

  it('allows a comment of exactly the database limit of 2000 characters, not one more', () => {
    expect(REVIEW_COMMENT_MAX_LENGTH).toBe(2000);
    expect(validateReview({ rating: 5, comment: 'a'.repeat(2000) })).toEqual({});
    expect(validateReview({ rating: 5, comment: 'a'.repeat(2001) })).toEqual({
      comment: 'reviewCommentTooLong',
    });
  });

  it('counts characters as the database does: an emoji is one, surrounding spaces are dropped', () => {
    expect(reviewCommentLength('  ¡Genial! 👍  ')).toBe(10);
    // 2000 emoji are 4000 UTF-16 units but 2000 characters.
    expect(validateReview({ rating: 5, comment: '👍'.repeat(2000) })).toEqual({});
    expect(validateReview({ rating: 5, comment: ` ${'a'.repeat(2000)} ` })).toEqual({});
  });

  it('reports every failing field at once', () => {
    expect(validateReview({ rating: null, comment: 'x'.repeat(2001) })).toEqual({
      rating: 'reviewRatingRequired',
      comment: 'reviewCommentTooLong',
    });
  });
});

describe('mayReviewCourse', () => {
  it.each([
    ['active', true],
    ['completed', true],
    ['dropped', false],
    [null, false],
  ] as const)('a student whose enrolment is %s → %s', (status, allowed) => {
    expect(mayReviewCourse(status)).toBe(allowed);
  });
});
