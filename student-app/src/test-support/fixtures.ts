import type { AppUser } from '@portal/shared-data';

/** The signed-in student the page tests render as. */
export const student: AppUser = {
  id: 'student-1',
  email: 'lucia@school.test',
  firstName: 'Lucía',
  lastName: 'Gómez',
  role: 'student',
  avatar: null,
  createdAt: '2025-01-01T00:00:00Z',
  lastLogin: null,
  previousLogin: '2026-02-27T09:00:00Z',
  phone: null,
  location: null,
  bio: null,
  isActive: true,
};
