import type { Tables } from '../database.types';
import { blankToNull } from './fields';
import { fullNameOf, personName, type EmbeddedPerson } from './person-name';

/** A row of `public.course_reviews` with the reviewer's name embedded. */
export type ReviewRow = Tables<'course_reviews'> & { student?: EmbeddedPerson };

export type Review = {
  id: string;
  courseId: string;
  studentId: string;
  /** Null when the reviewer is unknown (the profile is gone). */
  studentName: string | null;
  /** 1 to 5. */
  rating: number;
  comment: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ReviewInput = {
  courseId: string;
  studentId: string;
  rating: number;
  comment?: string | null;
};

export type ReviewWriteRow = Pick<ReviewRow, 'course_id' | 'student_id' | 'rating' | 'comment'>;

export const REVIEW_COLUMNS =
  'id, course_id, student_id, rating, comment, created_at, updated_at, student:users!student_id(first_name, last_name)';

/**
 * A row of the `course_review_list` view: the database supplies the reviewer's name, which a student
 * could not read by embedding another student's profile (RLS hides it).
 */
export type ReviewListRow = Tables<'course_review_list'>;

export const REVIEW_LIST_COLUMNS =
  'id, course_id, student_id, student_name, rating, comment, created_at, updated_at';

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    courseId: row.course_id,
    studentId: row.student_id,
    studentName: fullNameOf(row.student),
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** View columns are nullable in the generated types; the view never leaves these empty. */
export function toListedReview(row: ReviewListRow): Review {
  return {
    id: row.id ?? '',
    courseId: row.course_id ?? '',
    studentId: row.student_id ?? '',
    studentName: personName(row.student_name),
    rating: row.rating ?? 0,
    comment: row.comment,
    createdAt: row.created_at ?? '',
    updatedAt: row.updated_at ?? '',
  };
}

export function toReviewWriteRow(input: ReviewInput): ReviewWriteRow {
  return {
    course_id: input.courseId,
    student_id: input.studentId,
    rating: input.rating,
    comment: blankToNull(input.comment),
  };
}
