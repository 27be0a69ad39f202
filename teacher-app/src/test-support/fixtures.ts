import type { AppUser } from '@portal/shared-data';

/** The signed-in teacher the screen tests render as. */
export const teacher: AppUser = {
  id: 'teacher-1',
  email: 'marta@school.test',
  firstName: 'Marta',
  lastName: 'Ruiz',
  role: 'teacher',
  avatar: null,
  createdAt: '2025-01-01T00:00:00Z',
  lastLogin: null,
  previousLogin: '2026-02-27T09:00:00Z',
  phone: null,
  location: null,
  bio: null,
  isActive: true,
};

/** An administrator, who uses teacher-app's shared screens (Class Management) too. */
export const admin: AppUser = { ...teacher, id: 'admin-1', role: 'admin', firstName: 'Ana' };
