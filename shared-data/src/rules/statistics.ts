import { MATERIAL_TYPES, type MaterialType } from '../mappers/material';

// Course, attendance, activity and material statistics, computed from rows a screen already holds. Rates are percentages
// (0–100, not rounded); an empty input gives 0 rather than NaN.

function percent(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

function average(values: readonly number[]): number {
  return values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

export type CourseStats = {
  enrolledCount: number;
  completionRate: number;
  averageProgress: number;
  revenue: number;
};

/**
 * Figures of one course from its enrollments (every status). Revenue is defined as "the
 * enrollment count times the first course price"; for one course that is its price times all its
 * enrollments, dropped ones included (they paid when they enrolled).
 */
export function courseStats(
  course: { price: number },
  enrollments: readonly { status: string; progress: number }[],
): CourseStats {
  return {
    enrolledCount: enrollments.filter(({ status }) => status === 'active').length,
    completionRate: percent(
      enrollments.filter(({ status }) => status === 'completed').length,
      enrollments.length,
    ),
    averageProgress: average(enrollments.map(({ progress }) => progress)),
    revenue: enrollments.length * course.price,
  };
}

export type AttendanceStats = { total: number; attended: number; attendanceRate: number };

export function attendanceStats(records: readonly { attended: boolean }[]): AttendanceStats {
  const attended = records.filter((record) => record.attended).length;
  return { total: records.length, attended, attendanceRate: percent(attended, records.length) };
}

export type ActivityStats = {
  totalSubmissions: number;
  gradedSubmissions: number;
  averageGrade: number;
  submissionRate: number;
};

/** One activity's submissions against the number of students enrolled in its course. */
export function activityStats(
  submissions: readonly { status: string; grade: number | null }[],
  enrollmentCount: number,
): ActivityStats {
  const grades = submissions.flatMap(({ grade }) => (grade === null ? [] : [grade]));
  return {
    totalSubmissions: submissions.length,
    gradedSubmissions: submissions.filter(({ status }) => status === 'graded').length,
    averageGrade: average(grades),
    submissionRate: percent(submissions.length, enrollmentCount),
  };
}

export type MaterialStats = {
  totalMaterials: number;
  totalSize: number;
  typeDistribution: Record<MaterialType, number>;
};

export function materialStats(
  materials: readonly { type: MaterialType; fileSize: number | null }[],
): MaterialStats {
  const typeDistribution = Object.fromEntries(MATERIAL_TYPES.map((type) => [type, 0])) as Record<
    MaterialType,
    number
  >;
  let totalSize = 0;
  for (const { type, fileSize } of materials) {
    typeDistribution[type] += 1;
    totalSize += fileSize ?? 0;
  }
  return { totalMaterials: materials.length, totalSize, typeDistribution };
}

/** Average of 1–5 ratings and how many there are; null average when nobody has rated yet. */
export function ratingSummary(reviews: readonly { rating: number }[]): {
  average: number | null;
  count: number;
} {
  return {
    average: reviews.length > 0 ? average(reviews.map(({ rating }) => rating)) : null,
    count: reviews.length,
  };
}
