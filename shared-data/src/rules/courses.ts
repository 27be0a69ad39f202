import type { CourseCategory, CourseLevel } from '../mappers/course';

/** Course form defaults. */
export const COURSE_DEFAULTS: {
  category: CourseCategory;
  level: CourseLevel;
  duration: number;
  price: number;
  maxStudents: number;
  isActive: boolean;
} = {
  category: 'general',
  level: 'beginner',
  duration: 8,
  price: 299,
  maxStudents: 30,
  isActive: true,
};

/** Minimums: duration ≥ 1 week, max students ≥ 1, price ≥ 0. */
export const COURSE_LIMITS = { minDuration: 1, minMaxStudents: 1, minPrice: 0 } as const;

/** The catalog, my courses and the user picker load up to 100 rows. */
export const LARGE_LIST_LIMIT = 100;

/** Full when the enrolled count reaches the maximum. */
export function isCourseFull(course: { enrolledCount: number; maxStudents: number }): boolean {
  return course.enrolledCount >= course.maxStudents;
}

/** Seats taken as a percentage of the maximum, 0 to 100 (teacher dashboard bars). */
export function enrollmentPercent(course: { enrolledCount: number; maxStudents: number }): number {
  if (course.maxStudents <= 0) return 0;
  return Math.min(Math.round((course.enrolledCount / course.maxStudents) * 100), 100);
}
