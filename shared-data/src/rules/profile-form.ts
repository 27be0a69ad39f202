import type { AppUser } from '../mappers/user';
import type { PersonalChanges } from '../mappers/user-changes';
import type { ServiceError } from '../result';
import { errorMessageKey } from './error-messages';
import { UPLOAD_LIMITS } from './uploads';
import { validateResetPassword, type ValidationMessageKey } from './validation';

// The profile screen's rules (docs/product-rules.md "Profile" and "Text lengths"): the same limits as
// the checks of public.users (20261122000100_users.sql), so the form refuses what the database would;
// the avatar picker takes what the issue names (JPEG, PNG, WebP) within the avatars bucket's limit;
// a new password follows the sign-up rule.

/** The character limits of the users checks (`char_length(...) <= n`), counted after trimming. */
export const PROFILE_TEXT_LIMITS = {
  firstName: 100,
  lastName: 100,
  phone: 40,
  location: 120,
  bio: 2000,
} as const;

/** A phone number needs at least this many digits (the shortest national numbers have six). */
export const PHONE_MIN_DIGITS = 6;

/** Digits, spaces and the usual separators: `+34 600 123 456`, `(011) 4555-0100`, `600.123.456`. */
const PHONE_CHARACTERS = /^\+?[0-9\s().\-/]+$/;

export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  /** Optional; '' saves as no phone. */
  phone: string;
  location: string;
  bio: string;
};

/** i18n keys in the `validation` namespace (the "too long" ones take `max`). */
export type ProfileFormMessageKey =
  | 'firstNameRequired'
  | 'lastNameRequired'
  | 'profileFirstNameTooLong'
  | 'profileLastNameTooLong'
  | 'profilePhoneInvalid'
  | 'profilePhoneTooLong'
  | 'profileLocationTooLong'
  | 'profileBioTooLong';

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, ProfileFormMessageKey>>;

/** A text's length as the database counts it: characters (an emoji is one), after trimming. */
export function profileTextLength(text: string): number {
  return [...text.trim()].length;
}

/** The form filled with the user's current profile. */
export function profileFormFromUser(user: AppUser): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    location: user.location ?? '',
    bio: user.bio ?? '',
  };
}

export function isPhoneNumber(phone: string): boolean {
  const trimmed = phone.trim();
  return PHONE_CHARACTERS.test(trimmed) && trimmed.replace(/\D/g, '').length >= PHONE_MIN_DIGITS;
}

function tooLong(values: ProfileFormValues, field: keyof ProfileFormValues): boolean {
  return profileTextLength(values[field]) > PROFILE_TEXT_LIMITS[field];
}

/** Failing fields only; `{}` means the profile can be saved. */
export function validateProfileForm(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (profileTextLength(values.firstName) === 0) errors.firstName = 'firstNameRequired';
  else if (tooLong(values, 'firstName')) errors.firstName = 'profileFirstNameTooLong';
  if (profileTextLength(values.lastName) === 0) errors.lastName = 'lastNameRequired';
  else if (tooLong(values, 'lastName')) errors.lastName = 'profileLastNameTooLong';
  if (tooLong(values, 'phone')) errors.phone = 'profilePhoneTooLong';
  else if (values.phone.trim() !== '' && !isPhoneNumber(values.phone)) {
    errors.phone = 'profilePhoneInvalid';
  }
  if (tooLong(values, 'location')) errors.location = 'profileLocationTooLong';
  if (tooLong(values, 'bio')) errors.bio = 'profileBioTooLong';
  return errors;
}

/** What the save sends: every personal field (the mapper trims, and blank optional ones become null). */
export function toProfileChanges(values: ProfileFormValues): PersonalChanges {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone,
    location: values.location,
    bio: values.bio,
  };
}

// Avatar ------------------------------------------------------------------------------------------

/** The picture types the profile's avatar picker takes (all accepted by the avatars bucket). */
export const PROFILE_AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The file input's `accept`. */
export const PROFILE_AVATAR_ACCEPT = PROFILE_AVATAR_TYPES.join(',');

/** The largest picture the avatars bucket takes, in bytes (shown before choosing one). */
export const AVATAR_MAX_BYTES = UPLOAD_LIMITS.avatars;

/** `validation` keys; profileAvatarTooLarge takes `size`. */
export type AvatarFileMessageKey = 'profileAvatarType' | 'profileAvatarTooLarge';

/** Why a chosen picture cannot be uploaded, or undefined when it can (checked before sending). */
export function avatarFileError(file: {
  type: string;
  size: number;
}): AvatarFileMessageKey | undefined {
  if (!(PROFILE_AVATAR_TYPES as readonly string[]).includes(file.type)) return 'profileAvatarType';
  return file.size > AVATAR_MAX_BYTES ? 'profileAvatarTooLarge' : undefined;
}

// Password change ---------------------------------------------------------------------------------

export type ChangePasswordValues = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

export type ChangePasswordMessageKey =
  | ValidationMessageKey
  | 'profileCurrentPasswordRequired'
  | 'profileCurrentPasswordWrong'
  | 'profilePasswordUnchanged';

export type ChangePasswordErrors = Partial<
  Record<keyof ChangePasswordValues, ChangePasswordMessageKey>
>;

export function emptyChangePasswordForm(): ChangePasswordValues {
  return { currentPassword: '', newPassword: '', confirmPassword: '' };
}

/**
 * The current password must be given (it is checked by the server); the new one follows the sign-up
 * and reset rule (at least 6 characters, not only spaces, confirmed) and must differ from it.
 */
export function validateChangePassword(values: ChangePasswordValues): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (values.currentPassword === '') errors.currentPassword = 'profileCurrentPasswordRequired';
  const reset = validateResetPassword({
    password: values.newPassword,
    confirmPassword: values.confirmPassword,
  });
  if (reset.password) errors.newPassword = reset.password;
  else if (values.currentPassword !== '' && values.newPassword === values.currentPassword) {
    errors.newPassword = 'profilePasswordUnchanged';
  }
  if (reset.confirmPassword) errors.confirmPassword = reset.confirmPassword;
  return errors;
}

/**
 * A refused change that belongs to one field: the current password was wrong, or the new one is the
 * same as before. `{}` for anything else, which the form shows as a message of the `errors` namespace.
 */
export function changePasswordFieldErrors(failure: ServiceError | unknown): ChangePasswordErrors {
  const key = errorMessageKey(failure);
  if (key === 'invalidCredentials') return { currentPassword: 'profileCurrentPasswordWrong' };
  if (key === 'samePassword') return { newPassword: 'profilePasswordUnchanged' };
  return {};
}
