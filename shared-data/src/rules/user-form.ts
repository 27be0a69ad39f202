import { blankToNull } from '../mappers/fields';
import { ROLES, type AppUser, type Role } from '../mappers/user';
import type { NewUserInput, UserChanges } from '../mappers/user-changes';
import type { UiSiteLanguage } from './settings';
import { isValidEmail } from './validation';

// The user form of User Management (docs/product-rules.md "User Management"): the spec's messages
// ('Nombre requerido' … in the Spanish UI) and the limits of the users table's checks
// (20261122000100_users.sql), so the form refuses what the database and the admin-users function
// would.

/** `char_length(...) <=` of public.users, counted after trimming; the email as the function allows it. */
export const USER_TEXT_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 255,
  phone: 40,
  location: 120,
  bio: 2000,
} as const;

export type UserTextField = keyof typeof USER_TEXT_LIMITS;

/** User Management's success toasts close after 2.5 s. */
export const USER_TOAST_MS = 2500;

/**
 * What the form holds; `role` is '' until one is chosen. `language` (create only: afterwards only the
 * account's owner changes it) is '' until chosen; the form shows the school's default then.
 */
export type UserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  role: Role | '';
  phone: string;
  location: string;
  bio: string;
  language: UiSiteLanguage | '';
};

/** i18n keys in the `validation` namespace. */
export type UserFormMessageKey =
  | 'userFirstNameRequired'
  | 'userLastNameRequired'
  | 'userEmailRequired'
  | 'userRoleRequired'
  | 'userAllFieldsRequired'
  | 'userEmailInvalid'
  | 'userRoleInvalid'
  | 'userTextTooLong';

/**
 * Failing fields only (`{}` when valid). `form` holds the create form's own check: all four
 * required fields present, else 'Todos los campos son obligatorios'. A `userTextTooLong` message
 * takes `{ max: USER_TEXT_LIMITS[field] }`.
 */
export type UserFormErrors = Partial<Record<keyof UserFormValues | 'form', UserFormMessageKey>>;

/** Creating an account, or editing one (whose email cannot change). */
export type UserFormMode = 'create' | 'edit';

/** A text's length as the database counts it: characters (an emoji is one), after trimming. */
export function userTextLength(text: string): number {
  return [...text.trim()].length;
}

export function isRole(value: unknown): value is Role {
  return ROLES.includes(value as Role);
}

export function emptyUserForm(): UserFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    role: '',
    phone: '',
    location: '',
    bio: '',
    language: '',
  };
}

export function userFormFromUser(user: AppUser): UserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    phone: user.phone ?? '',
    location: user.location ?? '',
    bio: user.bio ?? '',
    language: '',
  };
}

function tooLong(field: UserTextField, value: string): UserFormMessageKey | undefined {
  return userTextLength(value) > USER_TEXT_LIMITS[field] ? 'userTextTooLong' : undefined;
}

function requiredText(
  field: 'firstName' | 'lastName',
  value: string,
  missing: UserFormMessageKey,
): UserFormMessageKey | undefined {
  return value.trim() === '' ? missing : tooLong(field, value);
}

function emailError(email: string): UserFormMessageKey | undefined {
  if (email.trim() === '') return 'userEmailRequired';
  if (!isValidEmail(email)) return 'userEmailInvalid';
  return tooLong('email', email);
}

/**
 * The form's checks. When editing, the email is shown but not sent (it cannot change), so it is not
 * checked either.
 */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const errors: UserFormErrors = {};
  const set = (field: keyof UserFormErrors, key: UserFormMessageKey | undefined) => {
    if (key) errors[field] = key;
  };
  set('firstName', requiredText('firstName', values.firstName, 'userFirstNameRequired'));
  set('lastName', requiredText('lastName', values.lastName, 'userLastNameRequired'));
  if (mode === 'create') set('email', emailError(values.email));
  set(
    'role',
    values.role === '' ? 'userRoleRequired' : isRole(values.role) ? undefined : 'userRoleInvalid',
  );
  set('phone', tooLong('phone', values.phone));
  set('location', tooLong('location', values.location));
  set('bio', tooLong('bio', values.bio));
  const missing = [values.firstName, values.lastName, values.email, values.role].some(
    (value) => value.trim() === '',
  );
  if (mode === 'create' && missing) errors.form = 'userAllFieldsRequired';
  return errors;
}

/**
 * What Create sends (checked values: call after `validateUserForm` passed). No language: the server
 * gives the account the school's default.
 */
export function toNewUserInput(values: UserFormValues): NewUserInput {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    role: values.role as Role,
    phone: blankToNull(values.phone),
    location: blankToNull(values.location),
    bio: blankToNull(values.bio),
    ...(values.language ? { language: values.language } : {}),
  };
}

/**
 * What Save sends when editing: names, role and the personal fields; blanks clear the optional
 * ones. Never the email, and the role only when it changed (so editing one's own profile never
 * touches one's own role).
 */
export function toUserChanges(values: UserFormValues, user: AppUser): UserChanges {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(values.role !== user.role && isRole(values.role) ? { role: values.role } : {}),
    phone: blankToNull(values.phone),
    location: blankToNull(values.location),
    bio: blankToNull(values.bio),
  };
}
