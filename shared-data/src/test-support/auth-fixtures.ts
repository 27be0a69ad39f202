import type { AppUser } from '../mappers/user';
import type { AuthSession } from '../services/auth';

export function appUser(overrides: Partial<AppUser> = {}): AppUser {
  return {
    id: 'user-1',
    email: 'ana@school.test',
    firstName: 'Ana',
    lastName: 'García',
    role: 'student',
    avatar: null,
    createdAt: '2025-01-01T00:00:00Z',
    lastLogin: null,
    previousLogin: '2026-02-27T09:00:00Z',
    phone: null,
    location: null,
    bio: null,
    isActive: true,
    ...overrides,
  };
}

export function authSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return { user: appUser(), token: 'access-1', refreshToken: 'refresh-1', ...overrides };
}
