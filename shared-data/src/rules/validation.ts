import type { ClassFormMessageKey } from './class-form';
import type { CourseFormMessageKey } from './course-form';
import type { MaterialFormMessageKey } from './material-form';

/** Password minimum 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

/** First and last name: the users table refuses more (`char_length(...) <= 100`). */
export const NAME_MAX_LENGTH = 100;

/** The email shape the forms accept: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** I18n keys in the `validation` namespace; shared-ui holds their texts. */
export type ValidationMessageKey =
  | ClassFormMessageKey
  | CourseFormMessageKey
  | MaterialFormMessageKey
  | 'emailRequired'
  | 'emailInvalid'
  | 'emailInvalidForgot'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'passwordBlank'
  | 'firstNameRequired'
  | 'lastNameRequired'
  | 'passwordsDoNotMatch'
  | 'confirmPasswordRequired'
  | 'passwordsDoNotMatchReset';

/** Field name → message key, only for fields that fail. */
export type ValidationErrors<Field extends string> = Partial<Record<Field, ValidationMessageKey>>;

export type SignInValues = { email: string; password: string };
export type ForgotPasswordValues = { email: string };
export type SignUpValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
};
export type ResetPasswordValues = { password: string; confirmPassword: string };

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function hasValidationErrors(errors: ValidationErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

function emailError(
  email: string,
  invalidKey: 'emailInvalid' | 'emailInvalidForgot',
): ValidationMessageKey | undefined {
  if (email.trim() === '') return 'emailRequired';
  return isValidEmail(email) ? undefined : invalidKey;
}

// Passwords are not trimmed: spaces are legitimate password characters.
function passwordError(password: string): ValidationMessageKey | undefined {
  if (password === '') return 'passwordRequired';
  return password.length < PASSWORD_MIN_LENGTH ? 'passwordTooShort' : undefined;
}

/**
 * A new password (sign-up, reset) may contain spaces but not only spaces. Sign-in keeps the plain
 * rule: it must accept whatever password an account already has.
 */
function newPasswordError(password: string): ValidationMessageKey | undefined {
  if (password !== '' && password.trim() === '') return 'passwordBlank';
  return passwordError(password);
}

function requiredText<Key extends ValidationMessageKey>(value: string, key: Key): Key | undefined {
  return value.trim() === '' ? key : undefined;
}

/** Keeps only the failing fields, so `{}` means valid. */
function compact<Field extends string>(
  errors: Record<Field, ValidationMessageKey | undefined>,
): ValidationErrors<Field> {
  const failing: ValidationErrors<Field> = {};
  for (const field of Object.keys(errors) as Field[]) {
    const key = errors[field];
    if (key) failing[field] = key;
  }
  return failing;
}

export function validateSignIn({
  email,
  password,
}: SignInValues): ValidationErrors<keyof SignInValues> {
  return compact({ email: emailError(email, 'emailInvalid'), password: passwordError(password) });
}

export function validateForgotPassword({
  email,
}: ForgotPasswordValues): ValidationErrors<keyof ForgotPasswordValues> {
  return compact({ email: emailError(email, 'emailInvalidForgot') });
}

export function validateSignUp(values: SignUpValues): ValidationErrors<keyof SignUpValues> {
  return compact({
    firstName: requiredText(values.firstName, 'firstNameRequired'),
    lastName: requiredText(values.lastName, 'lastNameRequired'),
    email: emailError(values.email, 'emailInvalid'),
    password: newPasswordError(values.password),
    confirmPassword: values.confirmPassword === values.password ? undefined : 'passwordsDoNotMatch',
  });
}

export function validateResetPassword({
  password,
  confirmPassword,
}: ResetPasswordValues): ValidationErrors<keyof ResetPasswordValues> {
  let confirmError: ValidationMessageKey | undefined;
  if (confirmPassword === '') confirmError = 'confirmPasswordRequired';
  else if (confirmPassword !== password) confirmError = 'passwordsDoNotMatchReset';
  return compact({ password: newPasswordError(password), confirmPassword: confirmError });
}
