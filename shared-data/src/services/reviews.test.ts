import { describe, expect, it } from 'vitest';
import type { ReviewListRow } from '../mappers/review';
import { installFakeSupabase, reviewRow } from '../test-support/fake-supabase';
import { isValidRating } from '../rules/review';
import { reviewsService } from './reviews';

const fake = installFakeSupabase();

describe('isValidRating', () => {
  it.each([
    [1, true],
    [5, true],
    [3, true],
    [0, false],
    [6, false],
    [4.5, false],
    [Number.NaN, false],
  ])('%d → %s', (rating, valid) => {
    expect(isValidRating(rating)).toBe(valid);
  });
});

/** A `course_review_list` row: the reviewer's name comes from the view, not an embedded profile. */
function reviewListRow(overrides: Partial<ReviewListRow> = {}): ReviewListRow {
  return {
    id: 'review-1',
    course_id: 'course-1',
    course_title: 'Business Spanish',
    student_id: 'user-1',
    student_name: 'Ana García',
    rating: 5,
    comment: 'Muy útil',
    created_at: '2025-03-20T10:00:00Z',
    updated_at: '2025-03-20T10:00:00Z',
    ...overrides,
  };
}

describe('reviewsService.listForCourse', () => {
  it("lists a course's reviews newest first with the reviewer's name from course_review_list", async () => {
    fake.on('GET', '/rest/v1/course_review_list', { body: [reviewListRow()] });

    expect(await reviewsService.listForCourse('course-1')).toEqual({
      success: true,
      data: [
        {
          id: 'review-1',
          courseId: 'course-1',
          studentId: 'user-1',
          studentName: 'Ana García',
          rating: 5,
          comment: 'Muy útil',
          createdAt: '2025-03-20T10:00:00Z',
          updatedAt: '2025-03-20T10:00:00Z',
        },
      ],
    });
    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0]?.query;
    expect(query?.get('select')).toBe(
      'id,course_id,student_id,student_name,rating,comment,created_at,updated_at',
    );
    expect(query?.get('course_id')).toBe('eq.course-1');
    expect(query?.get('order')).toBe('created_at.desc,id.asc');
  });

  it('leaves the name of a reviewer whose profile is gone null', async () => {
    fake.on('GET', '/rest/v1/course_review_list', {
      body: [reviewListRow({ student_name: null })],
    });

    expect(await reviewsService.listForCourse('course-1')).toMatchObject({
      success: true,
      data: [{ studentName: null }],
    });
  });

  it("falls back to 'Failed to fetch reviews'", async () => {
    fake.on('GET', '/rest/v1/course_review_list', { status: 500, body: {} });

    expect(await reviewsService.listForCourse('course-1')).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Failed to fetch reviews' },
    });
  });
});

describe('reviewsService.getMine', () => {
  it("reads the student's review of the course, or null", async () => {
    fake.on('GET', '/rest/v1/course_reviews', { body: [reviewRow({ rating: 4 })] });
    expect(await reviewsService.getMine('course-1', 'user-1')).toMatchObject({
      data: { rating: 4 },
    });
    const query = fake.requests[0]?.query;
    expect(query?.get('course_id')).toBe('eq.course-1');
    expect(query?.get('student_id')).toBe('eq.user-1');

    fake.on('GET', '/rest/v1/course_reviews', { body: [] });
    expect(await reviewsService.getMine('course-1', 'user-1')).toEqual({
      success: true,
      data: null,
    });
  });
});

describe('reviewsService.saveMine', () => {
  it('upserts one review per course and student', async () => {
    fake.on('POST', '/rest/v1/course_reviews', {
      status: 201,
      body: reviewRow({ rating: 4, comment: null }),
    });

    const result = await reviewsService.saveMine({
      courseId: 'course-1',
      studentId: 'user-1',
      rating: 4,
      comment: '  ',
    });

    expect(result).toMatchObject({ success: true, data: { rating: 4, comment: null } });
    const [request] = fake.requests;
    expect(request?.query.get('on_conflict')).toBe('course_id,student_id');
    expect(request?.headers.get('prefer')).toContain('resolution=merge-duplicates');
    expect(request?.body).toEqual({
      course_id: 'course-1',
      student_id: 'user-1',
      rating: 4,
      comment: null,
    });
  });

  it('refuses a rating outside 1–5 before sending', async () => {
    expect(
      await reviewsService.saveMine({ courseId: 'course-1', studentId: 'user-1', rating: 6 }),
    ).toEqual({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Rating must be a whole number from 1 to 5' },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('carries the refusal of a student never enrolled in the course', async () => {
    fake.on('POST', '/rest/v1/course_reviews', {
      status: 403,
      body: {
        code: '42501',
        message: 'new row violates row-level security policy for table "course_reviews"',
      },
    });

    expect(
      await reviewsService.saveMine({ courseId: 'course-1', studentId: 'user-1', rating: 5 }),
    ).toMatchObject({ success: false, error: { code: 'QUERY_ERROR', details: { code: '42501' } } });
  });
});

describe('reviewsService.deleteMine', () => {
  it("deletes the student's review of the course", async () => {
    fake.on('DELETE', '/rest/v1/course_reviews', { body: [{ id: 'review-1' }] });

    expect(await reviewsService.deleteMine('course-1', 'user-1')).toEqual({
      success: true,
      data: null,
    });
    const query = fake.requests[0]?.query;
    expect(query?.get('course_id')).toBe('eq.course-1');
    expect(query?.get('student_id')).toBe('eq.user-1');
  });

  it('fails when there was nothing to delete', async () => {
    fake.on('DELETE', '/rest/v1/course_reviews', { body: [] });

    expect(await reviewsService.deleteMine('course-1', 'user-1')).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Failed to delete review' },
    });
  });
});
