// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  activityStats,
  attendanceStats,
  courseStats,
  materialStats,
  ratingSummary,
} from './statistics';

const enrollment = (status: string, progress: number) => ({ status, progress });

describe('courseStats', () => {
  it.each([
    [[], { enrolledCount: 0, completionRate: 0, averageProgress: 0, revenue: 0 }],
    [
      [enrollment('active', 40)],
      { enrolledCount: 1, completionRate: 0, averageProgress: 40, revenue: 299 },
    ],
    [
      [
        enrollment('active', 50),
        enrollment('completed', 100),
        enrollment('dropped', 0),
        enrollment('completed', 90),
      ],
      { enrolledCount: 1, completionRate: 50, averageProgress: 60, revenue: 1196 },
    ],
    [
      [enrollment('dropped', 10), enrollment('dropped', 20)],
      { enrolledCount: 0, completionRate: 0, averageProgress: 15, revenue: 598 },
    ],
  ])('%j', (enrollments, stats) => {
    expect(courseStats({ price: 299 }, enrollments)).toEqual(stats);
  });

  it('uses the price with cents', () => {
    expect(courseStats({ price: 19.99 }, [enrollment('active', 0)]).revenue).toBeCloseTo(19.99);
  });
});

describe('attendanceStats', () => {
  it.each([
    [[], { total: 0, attended: 0, attendanceRate: 0 }],
    [[true], { total: 1, attended: 1, attendanceRate: 100 }],
    [[true, false, true, true], { total: 4, attended: 3, attendanceRate: 75 }],
    [[false, false], { total: 2, attended: 0, attendanceRate: 0 }],
  ])('%j → %j', (marks, stats) => {
    expect(attendanceStats(marks.map((attended) => ({ attended })))).toEqual(stats);
  });
});

describe('activityStats', () => {
  const graded = (grade: number) => ({ status: 'graded', grade });
  const submitted = { status: 'submitted', grade: null };

  it.each([
    [[], 10, { totalSubmissions: 0, gradedSubmissions: 0, averageGrade: 0, submissionRate: 0 }],
    [
      [submitted],
      0,
      { totalSubmissions: 1, gradedSubmissions: 0, averageGrade: 0, submissionRate: 0 },
    ],
    [
      [graded(80), graded(90), submitted, submitted],
      8,
      { totalSubmissions: 4, gradedSubmissions: 2, averageGrade: 85, submissionRate: 50 },
    ],
    [
      [{ status: 'returned', grade: 70 }, graded(100)],
      2,
      { totalSubmissions: 2, gradedSubmissions: 1, averageGrade: 85, submissionRate: 100 },
    ],
  ])('%j of %i students', (submissions, enrollmentCount, stats) => {
    expect(activityStats(submissions, enrollmentCount)).toEqual(stats);
  });
});

describe('materialStats', () => {
  it('counts, sums sizes (links have none) and spreads over every type', () => {
    expect(
      materialStats([
        { type: 'pdf', fileSize: 1000 },
        { type: 'pdf', fileSize: 500 },
        { type: 'video', fileSize: 2048 },
        { type: 'link', fileSize: null },
      ]),
    ).toEqual({
      totalMaterials: 4,
      totalSize: 3548,
      typeDistribution: { pdf: 2, document: 0, video: 1, audio: 0, link: 1, other: 0 },
    });
  });

  it('is all zeros for no material', () => {
    expect(materialStats([])).toEqual({
      totalMaterials: 0,
      totalSize: 0,
      typeDistribution: { pdf: 0, document: 0, video: 0, audio: 0, link: 0, other: 0 },
    });
  });
});

describe('ratingSummary', () => {
  it.each([
    [[], { average: null, count: 0 }],
    [[5], { average: 5, count: 1 }],
    [[4, 5, 3], { average: 4, count: 3 }],
    [[1, 2], { average: 1.5, count: 2 }],
  ])('%j → %j', (ratings, summary) => {
    expect(ratingSummary(ratings.map((rating) => ({ rating })))).toEqual(summary);
  });
});
