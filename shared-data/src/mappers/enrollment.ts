import type { Tables } from '../database.types';
import { avatarOf } from './avatar';
import { toCourse, type Course, type CourseRow } from './course';
import { oneOf, toNumber } from './fields';

export type EnrollmentStatus = 'active' | 'completed' | 'dropped';

export const ENROLLMENT_STATUSES: readonly EnrollmentStatus[] = ['active', 'completed', 'dropped'];

/** The student of an enrollment, embedded from `users` for rosters. */
export type EnrolledStudentRow = Pick<
  Tables<'users'>,
  'id' | 'first_name' | 'last_name' | 'email' | 'avatar_url'
>;

/** A row of `public.enrollments`, optionally with its student or its course embedded. */
export type EnrollmentRow = Tables<'enrollments'> & {
  student?: EnrolledStudentRow | null;
  course?: CourseRow | null;
};

export type EnrolledStudent = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
};

export type Enrollment = {
  id: string;
  courseId: string;
  userId: string;
  status: EnrollmentStatus;
  /** 0 to 100, derived by the database from attendance and graded work. */
  progress: number;
  enrolledAt: string;
  createdAt: string;
  updatedAt: string;
  /** Present when the query embedded the student (course rosters); null when not visible. */
  student?: EnrolledStudent | null;
};

/** A course the user is enrolled in, with that enrollment (My Courses, student dashboard). */
export type EnrolledCourse = Course & { enrollment: Enrollment };

export const ENROLLMENT_COLUMNS =
  'id, course_id, user_id, status, progress, enrolled_at, created_at, updated_at';

/** Enrollment columns plus the student's public fields, for a course's roster. */
export const ENROLLMENT_WITH_STUDENT_COLUMNS = `${ENROLLMENT_COLUMNS}, student:users!user_id(id, first_name, last_name, email, avatar_url)`;

function toStudent(row: EnrolledStudentRow): EnrolledStudent {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    avatar: avatarOf(row.avatar_url),
  };
}

export function toEnrollment(row: EnrollmentRow): Enrollment {
  const enrollment: Enrollment = {
    id: row.id,
    courseId: row.course_id,
    userId: row.user_id,
    status: oneOf(ENROLLMENT_STATUSES, row.status) ?? 'active',
    progress: toNumber(row.progress),
    enrolledAt: row.enrolled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.student !== undefined) enrollment.student = row.student ? toStudent(row.student) : null;
  return enrollment;
}

/** An enrollment row that embedded its course; null when the course is not visible. */
export function toEnrolledCourse(row: EnrollmentRow): EnrolledCourse | null {
  if (!row.course) return null;
  const { course, ...enrollmentRow } = row;
  return { ...toCourse(course), enrollment: toEnrollment(enrollmentRow) };
}
