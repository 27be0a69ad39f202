import { avatarOf } from './avatar';

export type Role = 'student' | 'teacher' | 'admin';

export const ROLES: readonly Role[] = ['student', 'teacher', 'admin'];

/** A row of `public.users` (snake_case, as PostgREST returns it). */
export type UserRow = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  /** The picture's object name in the avatars bucket (`<user id>/<file>`); see avatarOf. */
  avatar_url: string | null;
  created_at: string;
  updated_at: string | null;
  phone: string | null;
  location: string | null;
  bio: string | null;
  is_active: boolean | null;
  last_sign_in_at: string | null;
  /** The computed column has_two_factor, read by the user list only; null unless an admin reads. */
  has_two_factor?: boolean | null;
  previous_sign_in_at: string | null;
};

/** A user as screens see it. */
export type AppUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  avatar: string | null;
  createdAt: string;
  lastLogin: string | null;
  /** The sign-in before `lastLogin`: null until the second one, so null means a first visit. */
  previousLogin: string | null;
  phone: string | null;
  location: string | null;
  bio: string | null;
  isActive: boolean;
  /**
   * Whether the account has two-factor sign-in on (a verified authenticator): read by the user list
   * for administrators (User Management offers "Reset two-factor" only then); undefined elsewhere.
   */
  hasTwoFactor?: boolean;
};

/** The columns every user query selects, so rows always fit UserRow. */
export const USER_COLUMNS =
  'id, email, first_name, last_name, role, avatar_url, created_at, updated_at, phone, location, bio, is_active, last_sign_in_at, previous_sign_in_at';

/** The user list's columns: those, and whether the account has two-factor on (admins only). */
export const USER_LIST_COLUMNS = `${USER_COLUMNS}, has_two_factor`;

/** Unknown or missing roles are treated as student. */
export function toRole(value: unknown): Role {
  return ROLES.find((role) => role === value) ?? 'student';
}

export function toAppUser(row: UserRow): AppUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    role: toRole(row.role),
    avatar: avatarOf(row.avatar_url),
    createdAt: row.created_at,
    lastLogin: row.last_sign_in_at ?? null,
    previousLogin: row.previous_sign_in_at ?? null,
    phone: row.phone ?? null,
    location: row.location ?? null,
    bio: row.bio ?? null,
    isActive: row.is_active !== false,
    ...(typeof row.has_two_factor === 'boolean' ? { hasTwoFactor: row.has_two_factor } : {}),
  };
}

/**
 * A person's first visit: the database has no sign-in before the current one (the greeting says
 * "Welcome", not "Welcome back"). Decided from the profile, never from the browser's storage, so a
 * new device does not make a regular a newcomer.
 */
export function isFirstVisit(user: Pick<AppUser, 'previousLogin'> | null | undefined): boolean {
  return !!user && user.previousLogin === null;
}

/** The auth account fields a missing profile row is rebuilt from. */
export type AuthAccount = {
  id: string;
  email?: string | undefined;
  user_metadata?: Record<string, unknown> | undefined;
};

export type NewProfileRow = Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name' | 'role'>;

/**
 * The profile row for an account whose row is missing: names from the sign-up metadata (empty
 * When absent) and always role student, whatever the metadata says.
 */
export function toNewProfileRow(account: AuthAccount): NewProfileRow {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    id: account.id,
    email: account.email ?? '',
    first_name: text(account.user_metadata?.first_name),
    last_name: text(account.user_metadata?.last_name),
    role: 'student',
  };
}
