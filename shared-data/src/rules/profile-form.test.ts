// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fail } from '../result';
import { appUser } from '../test-support/auth-fixtures';
import {
  AVATAR_MAX_BYTES,
  PROFILE_AVATAR_TYPES,
  PROFILE_TEXT_LIMITS,
  avatarFileError,
  changePasswordFieldErrors,
  isPhoneNumber,
  profileFormFromUser,
  toProfileChanges,
  validateChangePassword,
  validateProfileForm,
  type ProfileFormValues,
} from './profile-form';
import { AVATAR_MIME_TYPES } from './uploads';

const valid: ProfileFormValues = {
  firstName: 'Ana',
  lastName: 'García',
  phone: '+34 600 123 456',
  location: 'Sevilla',
  bio: 'Learning English.',
};

describe('validateProfileForm', () => {
  it('accepts a complete profile and one with the optional fields empty', () => {
    expect(validateProfileForm(valid)).toEqual({});
    expect(validateProfileForm({ ...valid, phone: '', location: '  ', bio: '' })).toEqual({});
  });

  it('needs a first and a last name (blank after trimming counts as none)', () => {
    expect(validateProfileForm({ ...valid, firstName: '   ', lastName: '' })).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
    });
  });

  it.each([
    ['firstName', 100, 'profileFirstNameTooLong'],
    ['lastName', 100, 'profileLastNameTooLong'],
    ['location', 120, 'profileLocationTooLong'],
    ['bio', 2000, 'profileBioTooLong'],
  ] as const)('%s takes at most %i characters', (field, max, key) => {
    expect(validateProfileForm({ ...valid, [field]: 'x'.repeat(max) })).toEqual({});
    expect(validateProfileForm({ ...valid, [field]: ` ${'x'.repeat(max)} ` })).toEqual({});
    expect(validateProfileForm({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({
      [field]: key,
    });
  });

  it('counts characters as the database does (an emoji is one)', () => {
    expect(validateProfileForm({ ...valid, firstName: '😀'.repeat(100) })).toEqual({});
    expect(validateProfileForm({ ...valid, firstName: '😀'.repeat(101) })).toEqual({
      firstName: 'profileFirstNameTooLong',
    });
  });

  it('a phone takes at most 40 characters and must look like a number', () => {
    expect(validateProfileForm({ ...valid, phone: '1'.repeat(40) })).toEqual({});
    expect(validateProfileForm({ ...valid, phone: '1'.repeat(41) })).toEqual({
      phone: 'profilePhoneTooLong',
    });
    expect(validateProfileForm({ ...valid, phone: 'call me' })).toEqual({
      phone: 'profilePhoneInvalid',
    });
  });

  it('the limits are the users table checks', () => {
    const migration = readFileSync(
      resolve(
        dirname(fileURLToPath(import.meta.url)),
        '../../../supabase/migrations/20261122000100_users.sql',
      ),
      'utf8',
    );
    const limits = Object.fromEntries(
      [...migration.matchAll(/^\s+(\w+) text[^,]*check \(char_length\(\1\) <= (\d+)\)/gm)].map(
        ([, column, max]) => [column, Number(max)],
      ),
    );
    expect(limits).toEqual({
      first_name: PROFILE_TEXT_LIMITS.firstName,
      last_name: PROFILE_TEXT_LIMITS.lastName,
      phone: PROFILE_TEXT_LIMITS.phone,
      location: PROFILE_TEXT_LIMITS.location,
      bio: PROFILE_TEXT_LIMITS.bio,
    });
  });
});

describe('isPhoneNumber', () => {
  it.each(['+34 600 123 456', '(011) 4555-0100', '600.123.456', '+1/555/010-0100'])(
    'accepts %s',
    (phone) => expect(isPhoneNumber(phone)).toBe(true),
  );
  it.each(['12345', 'abc 123456', '+34 600 123 456 ext', '++34600123456', '600_123_456'])(
    'refuses %s',
    (phone) => expect(isPhoneNumber(phone)).toBe(false),
  );
});

describe('profileFormFromUser and toProfileChanges', () => {
  it('fills missing optional fields with empty text and sends every personal field', () => {
    const form = profileFormFromUser(appUser({ phone: null, location: 'Lima', bio: null }));
    expect(form).toEqual({
      firstName: 'Ana',
      lastName: 'García',
      phone: '',
      location: 'Lima',
      bio: '',
    });
    expect(toProfileChanges(form)).toEqual({
      firstName: 'Ana',
      lastName: 'García',
      phone: '',
      location: 'Lima',
      bio: '',
    });
  });
});

describe('avatarFileError', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp'])('takes a %s picture up to 2 MB', (type) => {
    expect(avatarFileError({ type, size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(avatarFileError({ type, size: 2 * 1024 * 1024 + 1 })).toBe('profileAvatarTooLarge');
  });

  it.each(['image/gif', 'image/svg+xml', 'application/pdf', ''])('refuses type "%s"', (type) => {
    expect(avatarFileError({ type, size: 10 })).toBe('profileAvatarType');
  });

  it('stays inside what the avatars bucket accepts', () => {
    expect(AVATAR_MAX_BYTES).toBe(2 * 1024 * 1024);
    for (const type of PROFILE_AVATAR_TYPES) expect(AVATAR_MIME_TYPES).toContain(type);
  });
});

describe('validateChangePassword', () => {
  const filled = {
    currentPassword: 'old-secret',
    newPassword: 'new-secret',
    confirmPassword: 'new-secret',
  };

  it('accepts a current password and a confirmed new one', () => {
    expect(validateChangePassword(filled)).toEqual({});
  });

  it('asks for every field', () => {
    expect(
      validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual({
      currentPassword: 'profileCurrentPasswordRequired',
      newPassword: 'passwordRequired',
      confirmPassword: 'confirmPasswordRequired',
    });
  });

  it('follows the sign-up rule: 6 characters, not only spaces, confirmed', () => {
    expect(
      validateChangePassword({ ...filled, newPassword: '12345', confirmPassword: '12345' }),
    ).toEqual({
      newPassword: 'passwordTooShort',
    });
    expect(
      validateChangePassword({ ...filled, newPassword: '      ', confirmPassword: '      ' }),
    ).toEqual({ newPassword: 'passwordBlank' });
    expect(validateChangePassword({ ...filled, confirmPassword: 'new-secreT' })).toEqual({
      confirmPassword: 'passwordsDoNotMatchReset',
    });
  });

  it('refuses the current password as the new one', () => {
    expect(
      validateChangePassword({
        currentPassword: 'same-one',
        newPassword: 'same-one',
        confirmPassword: 'same-one',
      }),
    ).toEqual({ newPassword: 'profilePasswordUnchanged' });
  });
});

describe('changePasswordFieldErrors', () => {
  it('a wrong current password belongs to its field', () => {
    const failure = fail('UPDATE_PASSWORD_ERROR', 'Invalid login credentials', {
      status: 400,
      code: 'invalid_credentials',
    });
    expect(changePasswordFieldErrors(failure.error)).toEqual({
      currentPassword: 'profileCurrentPasswordWrong',
    });
  });

  it('the same password again belongs to the new password', () => {
    const failure = fail('UPDATE_PASSWORD_ERROR', 'New password should be different', {
      status: 422,
      code: 'same_password',
    });
    expect(changePasswordFieldErrors(failure.error)).toEqual({
      newPassword: 'profilePasswordUnchanged',
    });
  });

  it('anything else is for the form as a whole', () => {
    expect(
      changePasswordFieldErrors(fail('UPDATE_PASSWORD_ERROR', 'Too many', { status: 429 }).error),
    ).toEqual({});
    expect(
      changePasswordFieldErrors(fail('UPDATE_PASSWORD_ERROR', 'Failed to fetch').error),
    ).toEqual({});
  });
});
