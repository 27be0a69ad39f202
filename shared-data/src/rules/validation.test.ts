// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  hasValidationErrors,
  isValidEmail,
  PASSWORD_MIN_LENGTH,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
} from './validation';

describe('isValidEmail', () => {
  it.each([
    ['ana@school.test', true],
    ['ana.garcia+es@mail.school.co.uk', true],
    ['  ana@school.test  ', true],
    ['', false],
    ['ana', false],
    ['ana@school', false],
    ['@school.test', false],
    ['ana@.test', false],
    ['ana @school.test', false],
    ['ana@@school.test', false],
    ['ana@school.', false],
  ])('%j → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('exports the pattern it uses', () => {
    expect(EMAIL_PATTERN.test('a@b.co')).toBe(true);
  });
});

describe('validateSignIn', () => {
  it('has a 6-character password minimum', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
  });

  it.each([
    [{ email: 'ana@school.test', password: 'secret' }, {}],
    [
      { email: '', password: '' },
      { email: 'emailRequired', password: 'passwordRequired' },
    ],
    [{ email: '   ', password: 'secret' }, { email: 'emailRequired' }],
    [{ email: 'ana@school', password: 'secret' }, { email: 'emailInvalid' }],
    [{ email: 'ana@school.test', password: '12345' }, { password: 'passwordTooShort' }],
    [{ email: 'ana@school.test', password: '123456' }, {}],
    [{ email: 'ana@school.test', password: '      ' }, {}],
    [
      { email: 'nope', password: 'abc' },
      { email: 'emailInvalid', password: 'passwordTooShort' },
    ],
  ])('%j → %j', (values, errors) => {
    expect(validateSignIn(values)).toEqual(errors);
  });
});

describe('validateForgotPassword', () => {
  it.each([
    [{ email: 'ana@school.test' }, {}],
    [{ email: '' }, { email: 'emailRequired' }],
    [{ email: ' ' }, { email: 'emailRequired' }],
    [{ email: 'ana@' }, { email: 'emailInvalidForgot' }],
  ])('%j → %j', (values, errors) => {
    expect(validateForgotPassword(values)).toEqual(errors);
  });
});

describe('validateSignUp', () => {
  const valid = {
    firstName: 'Ana',
    lastName: 'García',
    email: 'ana@school.test',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it.each([
    [{}, {}],
    [{ firstName: '' }, { firstName: 'firstNameRequired' }],
    [{ firstName: '  ' }, { firstName: 'firstNameRequired' }],
    [{ lastName: '' }, { lastName: 'lastNameRequired' }],
    [{ email: '' }, { email: 'emailRequired' }],
    [{ email: 'ana.school.test' }, { email: 'emailInvalid' }],
    [{ password: '', confirmPassword: '' }, { password: 'passwordRequired' }],
    [{ password: 'abc', confirmPassword: 'abc' }, { password: 'passwordTooShort' }],
    [{ password: '      ', confirmPassword: '      ' }, { password: 'passwordBlank' }],
    [{ password: ' \t  \n  ', confirmPassword: ' \t  \n  ' }, { password: 'passwordBlank' }],
    [{ password: '  ', confirmPassword: '  ' }, { password: 'passwordBlank' }],
    [{ password: ' se cret ', confirmPassword: ' se cret ' }, {}],
    [{ confirmPassword: 'secret2' }, { confirmPassword: 'passwordsDoNotMatch' }],
    [{ confirmPassword: '' }, { confirmPassword: 'passwordsDoNotMatch' }],
    [
      { firstName: '', lastName: '', email: '', password: '', confirmPassword: 'x' },
      {
        firstName: 'firstNameRequired',
        lastName: 'lastNameRequired',
        email: 'emailRequired',
        password: 'passwordRequired',
        confirmPassword: 'passwordsDoNotMatch',
      },
    ],
  ])('%j → %j', (changes, errors) => {
    expect(validateSignUp({ ...valid, ...changes })).toEqual(errors);
  });
});

describe('validateResetPassword', () => {
  it.each([
    [{ password: 'secret1', confirmPassword: 'secret1' }, {}],
    [
      { password: '', confirmPassword: '' },
      { password: 'passwordRequired', confirmPassword: 'confirmPasswordRequired' },
    ],
    [{ password: 'secret1', confirmPassword: '' }, { confirmPassword: 'confirmPasswordRequired' }],
    [{ password: 'abc', confirmPassword: 'abc' }, { password: 'passwordTooShort' }],
    [{ password: '      ', confirmPassword: '      ' }, { password: 'passwordBlank' }],
    [{ password: '        ', confirmPassword: '        ' }, { password: 'passwordBlank' }],
    [{ password: '  secret  ', confirmPassword: '  secret  ' }, {}],
    [
      { password: 'secret1', confirmPassword: 'secret2' },
      { confirmPassword: 'passwordsDoNotMatchReset' },
    ],
    [
      { password: '', confirmPassword: 'secret1' },
      { password: 'passwordRequired', confirmPassword: 'passwordsDoNotMatchReset' },
    ],
  ])('%j → %j', (values, errors) => {
    expect(validateResetPassword(values)).toEqual(errors);
  });
});

describe('hasValidationErrors', () => {
  it.each([
    [{}, false],
    [{ email: undefined }, false],
    [{ email: 'emailRequired' as const }, true],
  ])('%j → %s', (errors, expected) => {
    expect(hasValidationErrors(errors)).toBe(expected);
  });
});
