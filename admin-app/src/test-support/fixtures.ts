import type { AppUser, Course } from '@portal/shared-data';

/** The signed-in administrator the screen tests render as. */
export const admin: AppUser = {
  id: 'admin-1',
  email: 'rosa@school.test',
  firstName: 'Rosa',
  lastName: 'Díaz',
  role: 'admin',
  avatar: null,
  createdAt: '2025-01-01T00:00:00Z',
  lastLogin: '2026-03-01T09:30:00Z',
  previousLogin: '2026-02-27T09:00:00Z',
  phone: null,
  location: null,
  bio: null,
  isActive: true,
};

/** A person of the school as the user lists return them (picker, teachers), for screen tests. */
export function aPerson(overrides: Partial<AppUser> = {}): AppUser {
  return {
    ...admin,
    id: 'student-1',
    email: 'lena@school.test',
    firstName: 'Lena',
    lastName: 'Fischer',
    role: 'student',
    lastLogin: null,
    previousLogin: null,
    ...overrides,
  };
}

/** A course as the course list returns it, for screen tests. */
export function aCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: 'course-1',
    title: 'Business Spanish',
    description: 'Meetings, email and negotiation',
    language: 'Spanish',
    category: 'business',
    level: 'intermediate',
    duration: 10,
    teacherId: 'teacher-1',
    teacherName: 'Marta Ruiz',
    price: 349.5,
    thumbnailUrl: null,
    isActive: true,
    enrolledCount: 2,
    maxStudents: 30,
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}
