import type { Tables } from '../database.types';
import { blankToNull } from './fields';
import { fullNameOf, type EmbeddedPerson } from './person-name';

/** A row of `public.course_reviews` with the reviewer's name embedded. */
export type ReviewRow = Tables<'course_reviews'> & { student?: EmbeddedPerson };

export type Review = {
  id: string;
  courseId: string;
  studentId: string;
  studentName: string;
  /** 1 to 5. */
  rating: number;
  comment: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ReviewInput = { courseId: string; studentId: string; rating: number; comment?: string | null };

export type ReviewWriteRow = Pick<ReviewRow, 'course_id' | 'student_id' | 'rating' | 'comment'>;

export const REVIEW_COLUMNS =
  'id, course_id, student_id, rating, comment, created_at, updated_at, student:users!student_id(first_name, last_name)';

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

export function toReviewWriteRow(input: ReviewInput): ReviewWriteRow {
  return {
    course_id: input.courseId,
    student_id: input.studentId,
    rating: input.rating,
    comment: blankToNull(input.comment),
  };
}
