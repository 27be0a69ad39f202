// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { courseRow, enrollmentRow } from '../test-support/fake-supabase';
import { toEnrolledCourse, toEnrollment } from './enrollment';

describe('toEnrollment', () => {
  it('parses progress and leaves the student out when it was not embedded', () => {
    const enrollment = toEnrollment(enrollmentRow({ progress: 87.25, status: 'completed' }));

    expect(enrollment).toMatchObject({ progress: 87.25, status: 'completed' });
    expect(enrollment).not.toHaveProperty('student');
  });

  it('marks an embedded student that is not visible as null', () => {
    expect(toEnrollment(enrollmentRow({ student: null })).student).toBeNull();
  });
});

describe('toEnrolledCourse', () => {
  it('is the course with its enrollment, or null when the course is not visible', () => {
    expect(toEnrolledCourse(enrollmentRow({ course: courseRow() }))).toMatchObject({
      id: 'course-1',
      enrollment: { id: 'enrollment-1', courseId: 'course-1' },
    });
    expect(toEnrolledCourse(enrollmentRow({ course: null }))).toBeNull();
  });
});
