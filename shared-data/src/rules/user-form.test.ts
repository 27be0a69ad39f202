// @vitest-environment node
import { describe, expect, it } from 'vitest';
// The texts live in shared-ui (shared-data renders nothing); this test only reads its catalogue.
import * as validationTexts from '../../../shared-ui/src/i18n/namespaces/validation';
import type { AppUser } from '../mappers/user';
import {
  USER_TEXT_LIMITS,
  emptyUserForm,
  toNewUserInput,
  toUserChanges,
  userFormFromUser,
  userTextLength,
  validateUserForm,
  type UserFormMessageKey,
  type UserFormValues,
} from './user-form';

const valid = (changes: Partial<UserFormValues> = {}): UserFormValues => ({
  firstName: 'Lucía',
  lastName: 'Ortega',
  email: 'lucia@school.test',
  role: 'teacher',
  phone: '',
  location: '',
  bio: '',
  language: '',
  ...changes,
});

const user: AppUser = {
  id: 'user-1',
  email: 'lucia@school.test',
  firstName: 'Lucía',
  lastName: 'Ortega',
  role: 'teacher',
  avatar: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastLogin: null,
  previousLogin: null,
  phone: '+34 600 111 222',
  location: null,
  bio: 'Teaches business Spanish.',
  isActive: true,
};

describe('validateUserForm', () => {
  it('accepts a complete form, optional fields empty', () => {
    expect(validateUserForm(valid(), 'create')).toEqual({});
    expect(validateUserForm(valid(), 'edit')).toEqual({});
  });

  it("names each missing field with the spec's message, and on create the form's own", () => {
    expect(validateUserForm(emptyUserForm(), 'create')).toEqual({
      firstName: 'userFirstNameRequired',
      lastName: 'userLastNameRequired',
      email: 'userEmailRequired',
      role: 'userRoleRequired',
      form: 'userAllFieldsRequired',
    });
  });

  it('asks for all fields when only one of the four is missing, on create', () => {
    expect(validateUserForm(valid({ role: '' }), 'create')).toEqual({
      role: 'userRoleRequired',
      form: 'userAllFieldsRequired',
    });
  });

  it('counts blanks as missing', () => {
    expect(validateUserForm(valid({ firstName: '   ', lastName: '\t' }), 'create')).toMatchObject({
      firstName: 'userFirstNameRequired',
      lastName: 'userLastNameRequired',
      form: 'userAllFieldsRequired',
    });
  });

  it('does not check the email when editing (it cannot change)', () => {
    expect(validateUserForm(valid({ email: '' }), 'edit')).toEqual({});
    expect(validateUserForm(valid({ firstName: '' }), 'edit')).toEqual({
      firstName: 'userFirstNameRequired',
    });
  });

  it('refuses an email without the name@domain.tld shape', () => {
    for (const email of ['lucia', 'lucia@school', 'lu cia@school.test', '@school.test']) {
      expect(validateUserForm(valid({ email }), 'create').email).toBe('userEmailInvalid');
    }
  });

  it('refuses a role that is not one of the three', () => {
    expect(
      validateUserForm(valid({ role: 'owner' as UserFormValues['role'] }), 'create').role,
    ).toBe('userRoleInvalid');
  });

  it('holds every text to the users table limit, counted in characters after trimming', () => {
    const at = (count: number) => 'ñ'.repeat(count);
    expect(
      validateUserForm(
        valid({
          firstName: at(100),
          lastName: ` ${at(100)} `,
          phone: at(40),
          location: at(120),
          bio: at(2000),
        }),
        'create',
      ),
    ).toEqual({});
    expect(
      validateUserForm(
        valid({
          firstName: at(101),
          lastName: at(101),
          phone: at(41),
          location: at(121),
          bio: at(2001),
        }),
        'create',
      ),
    ).toEqual({
      firstName: 'userTextTooLong',
      lastName: 'userTextTooLong',
      phone: 'userTextTooLong',
      location: 'userTextTooLong',
      bio: 'userTextTooLong',
    });
    // An emoji is one character to the database.
    expect(userTextLength('😀'.repeat(40))).toBe(40);
    expect(USER_TEXT_LIMITS).toEqual({
      firstName: 100,
      lastName: 100,
      email: 255,
      phone: 40,
      location: 120,
      bio: 2000,
    });
  });
});

describe('the user form messages', () => {
  const keys: UserFormMessageKey[] = [
    'userFirstNameRequired',
    'userLastNameRequired',
    'userEmailRequired',
    'userRoleRequired',
    'userAllFieldsRequired',
    'userEmailInvalid',
    'userRoleInvalid',
    'userTextTooLong',
  ];

  it('exist in both languages', () => {
    for (const key of keys) {
      expect(validationTexts.en[key]).toBeTruthy();
      expect(validationTexts.es[key]).toBeTruthy();
    }
  });

  it("are the spec's texts in Spanish", () => {
    expect(validationTexts.es.userFirstNameRequired).toBe('Nombre requerido');
    expect(validationTexts.es.userLastNameRequired).toBe('Apellido requerido');
    expect(validationTexts.es.userEmailRequired).toBe('Email requerido');
    expect(validationTexts.es.userRoleRequired).toBe('Rol requerido');
    expect(validationTexts.es.userAllFieldsRequired).toBe('Todos los campos son obligatorios');
  });
});

describe('the language of a new account (issue 29 item 10)', () => {
  it('is sent as chosen, and left to the server (the school default) when none is', () => {
    expect(toNewUserInput(valid({ language: 'es' })).language).toBe('es');
    expect(toNewUserInput(valid({ language: 'en' })).language).toBe('en');
    expect(toNewUserInput(valid({ language: '' })).language).toBeUndefined();
  });

  it('starts unchosen, and is not part of editing (only the owner changes it)', () => {
    expect(emptyUserForm().language).toBe('');
    expect(userFormFromUser(user).language).toBe('');
    expect(toUserChanges(valid({ language: 'es' }), user)).not.toHaveProperty('language');
  });
});

describe('what the form sends', () => {
  it('creates with trimmed names and email, optional blanks as null', () => {
    expect(
      toNewUserInput(
        valid({ firstName: ' Lucía ', email: ' lucia@school.test ', phone: '  ', bio: ' Hi ' }),
      ),
    ).toEqual({
      email: 'lucia@school.test',
      firstName: 'Lucía',
      lastName: 'Ortega',
      role: 'teacher',
      phone: null,
      location: null,
      bio: 'Hi',
    });
  });

  it('fills the edit form from the user, absent fields as empty text', () => {
    expect(userFormFromUser(user)).toEqual({
      firstName: 'Lucía',
      lastName: 'Ortega',
      email: 'lucia@school.test',
      role: 'teacher',
      phone: '+34 600 111 222',
      location: '',
      bio: 'Teaches business Spanish.',
      language: '',
    });
  });

  it('edits names and personal fields, never the email, and the role only when it changed', () => {
    const unchanged = toUserChanges(userFormFromUser(user), user);
    expect(unchanged).toEqual({
      firstName: 'Lucía',
      lastName: 'Ortega',
      phone: '+34 600 111 222',
      location: null,
      bio: 'Teaches business Spanish.',
    });
    expect(unchanged).not.toHaveProperty('email');
    expect(unchanged).not.toHaveProperty('role');

    const promoted = toUserChanges(
      { ...userFormFromUser(user), role: 'admin', email: 'other@school.test', bio: '' },
      user,
    );
    expect(promoted).toMatchObject({ role: 'admin', bio: null });
    expect(promoted).not.toHaveProperty('email');
  });
});
