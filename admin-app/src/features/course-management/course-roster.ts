import {
  LARGE_LIST_LIMIT,
  type Course,
  type EnrolledStudent,
  type EnrollmentFilters,
} from '@portal/shared-data';

/**
 * The request for a course's enrolled students: its active enrolments, bounded by its number of
 * places (and by the 100 rows a list loads in one piece). The card's back and the user picker ask
 * with the same filters, so they share one cached answer.
 */
export function rosterFilters(course: Pick<Course, 'id' | 'maxStudents'>): EnrollmentFilters {
  return {
    courseId: course.id,
    status: 'active',
    limit: Math.max(1, Math.min(course.maxStudents, LARGE_LIST_LIMIT)),
  };
}

/** A person's full name, or null when the profile is gone or has no name. */
export function personName(
  person: Pick<EnrolledStudent, 'firstName' | 'lastName'> | null | undefined,
): string | null {
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return name === '' ? null : name;
}
