import { getClient } from '@portal/shared-data/session';
import {
  REVIEW_COLUMNS,
  REVIEW_LIST_COLUMNS,
  toListedReview,
  toReview,
  toReviewWriteRow,
  type Review,
  type ReviewInput,
  type ReviewListRow,
  type ReviewRow,
} from '../mappers/review';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { isValidRating } from '../rules/review';
import { nothingChanged } from './list-query';

// There are no fixed review error codes or texts: reviews use the generic QUERY_ERROR and these messages
// (the provider's message wins whenever it has one).
const FETCH_REVIEWS_FAILED = 'Failed to fetch reviews';
const SAVE_REVIEW_FAILED = 'Failed to save review';
const DELETE_REVIEW_FAILED = 'Failed to delete review';
const RATING_OUT_OF_RANGE = 'Rating must be a whole number from 1 to 5';

/**
 * A course's reviews, newest first, with each reviewer's name from the `course_review_list` view
 * (a student may not read other students' profiles, so an embedded `users` row would be empty).
 */
async function listForCourse(courseId: string): Promise<Result<Review[]>> {
  return settle('QUERY_ERROR', FETCH_REVIEWS_FAILED, async () => {
    const { data, error } = await getClient()
      .from('course_review_list')
      .select(REVIEW_LIST_COLUMNS)
      .eq('course_id', courseId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .overrideTypes<ReviewListRow[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_REVIEWS_FAILED);
    return ok(data.map(toListedReview));
  });
}

/** The student's own review of a course; null when they have not reviewed it. */
async function getMine(courseId: string, studentId: string): Promise<Result<Review | null>> {
  return settle('QUERY_ERROR', FETCH_REVIEWS_FAILED, async () => {
    const { data, error } = await getClient()
      .from('course_reviews')
      .select(REVIEW_COLUMNS)
      .eq('course_id', courseId)
      .eq('student_id', studentId)
      .maybeSingle<ReviewRow>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_REVIEWS_FAILED);
    return ok(data ? toReview(data) : null);
  });
}

/** Writes the student's review of a course: one per student and course, so a second one replaces it. */
async function saveMine(input: ReviewInput): Promise<Result<Review>> {
  return settle('QUERY_ERROR', SAVE_REVIEW_FAILED, async () => {
    if (!isValidRating(input.rating)) return fail('QUERY_ERROR', RATING_OUT_OF_RANGE);
    const { data, error } = await getClient()
      .from('course_reviews')
      .upsert(toReviewWriteRow(input), { onConflict: 'course_id,student_id' })
      .select(REVIEW_COLUMNS)
      .single<ReviewRow>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, SAVE_REVIEW_FAILED);
    return ok(toReview(data));
  });
}

async function deleteMine(courseId: string, studentId: string): Promise<Result<null>> {
  return settle('QUERY_ERROR', DELETE_REVIEW_FAILED, async () => {
    const { data, error } = await getClient()
      .from('course_reviews')
      .delete()
      .eq('course_id', courseId)
      .eq('student_id', studentId)
      .select('id')
      .overrideTypes<{ id: string }[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, DELETE_REVIEW_FAILED);
    return data.length > 0 ? ok(null) : nothingChanged('QUERY_ERROR', DELETE_REVIEW_FAILED);
  });
}

export const reviewsService = { listForCourse, getMine, saveMine, deleteMine };
