import type { AppUser } from '@portal/shared-data';

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
  phone: null,
  location: null,
  bio: null,
  isActive: true,
};
