import type { UiSiteLanguage } from '../rules/settings';
import { blankToNull } from './fields';
import type { Role, UserRow } from './user';

/** The personal fields a user edits on their profile. */
export type PersonalChanges = {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  location?: string | null;
  bio?: string | null;
};

/** What an administrator may change as well; the database refuses these from anyone else. */
export type UserChanges = PersonalChanges & { role?: Role; isActive?: boolean };

export type UserWriteRow = Partial<
  Pick<UserRow, 'first_name' | 'last_name' | 'phone' | 'location' | 'bio' | 'role' | 'is_active'>
>;

/** The columns an update writes; fields left undefined are not sent. */
export function toUserWriteRow(changes: UserChanges): UserWriteRow {
  const row: UserWriteRow = {};
  if (changes.firstName !== undefined) row.first_name = changes.firstName.trim();
  if (changes.lastName !== undefined) row.last_name = changes.lastName.trim();
  if (changes.phone !== undefined) row.phone = blankToNull(changes.phone);
  if (changes.location !== undefined) row.location = blankToNull(changes.location);
  if (changes.bio !== undefined) row.bio = blankToNull(changes.bio);
  if (changes.role !== undefined) row.role = changes.role;
  if (changes.isActive !== undefined) row.is_active = changes.isActive;
  return row;
}

/** What user management sends to create an account. */
export type NewUserInput = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone?: string | null;
  location?: string | null;
  bio?: string | null;
  /** The language of the person's mail and screens; absent: the school's default (the server's). */
  language?: UiSiteLanguage;
};

/**
 * The `admin-users` edge function's payloads. They are camelCase JSON bodies (the function's own
 * API), trimmed, with optional blanks sent as null.
 */
export function toAdminCreateBody(input: NewUserInput) {
  return {
    action: 'create' as const,
    email: input.email.trim(),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    role: input.role,
    phone: blankToNull(input.phone),
    location: blankToNull(input.location),
    bio: blankToNull(input.bio),
    ...(input.language ? { language: input.language } : {}),
  };
}

export function toAdminUpdateBody(id: string, changes: UserChanges) {
  const body: Record<string, unknown> = { action: 'update', id };
  if (changes.firstName !== undefined) body.firstName = changes.firstName.trim();
  if (changes.lastName !== undefined) body.lastName = changes.lastName.trim();
  if (changes.role !== undefined) body.role = changes.role;
  if (changes.isActive !== undefined) body.isActive = changes.isActive;
  if (changes.phone !== undefined) body.phone = blankToNull(changes.phone);
  if (changes.location !== undefined) body.location = blankToNull(changes.location);
  if (changes.bio !== undefined) body.bio = blankToNull(changes.bio);
  return body;
}
