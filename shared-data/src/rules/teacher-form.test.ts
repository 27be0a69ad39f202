// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AppUser } from '../mappers/user';
import { errorMessageKey } from './error-messages';
import {
  emptyTeacherForm,
  handoffTarget,
  handoffTargets,
  normalizeSpecializations,
  teacherFormFromTeacher,
  teacherMessageValues,
  toNewTeacherInput,
  toTeacherChanges,
  validateCourseHandoff,
  validateTeacherForm,
  type TeacherFormValues,
} from './teacher-form';

function form(overrides: Partial<TeacherFormValues> = {}): TeacherFormValues {
  return {
    firstName: 'Lucía',
    lastName: 'Martín',
    email: 'lucia@school.test',
    phone: '+34 611 234 567',
    location: 'Madrid',
    bio: 'DELE examiner.',
    specializations: ['Conversation', 'DELE Preparation'],
    language: '',
    ...overrides,
  };
}

const labels = (count: number) => Array.from({ length: count }, (_, index) => `Topic ${index + 1}`);

describe('validateTeacherForm', () => {
  it('accepts a complete teacher, and one with only names and email', () => {
    expect(validateTeacherForm(form(), 'create')).toEqual({});
    expect(
      validateTeacherForm(
        { ...emptyTeacherForm(), firstName: 'Ana', lastName: 'Gil', email: 'ana@school.test' },
        'create',
      ),
    ).toEqual({});
  });

  it('asks for first name, last name and email when adding', () => {
    expect(validateTeacherForm(emptyTeacherForm(), 'create')).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
      email: 'emailRequired',
    });
    expect(validateTeacherForm(form({ firstName: '   ', lastName: ' ' }), 'create')).toMatchObject({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
    });
  });

  it('refuses an email that is not an address, but not when editing (it cannot change)', () => {
    expect(validateTeacherForm(form({ email: 'lucia@' }), 'create')).toEqual({
      email: 'emailInvalid',
    });
    expect(validateTeacherForm(form({ email: '' }), 'edit')).toEqual({});
  });

  it('keeps each text within the length the database allows, counted in characters after trimming', () => {
    expect(validateTeacherForm(form({ firstName: 'ñ'.repeat(100) }), 'create')).toEqual({});
    expect(
      validateTeacherForm(
        form({
          firstName: 'a'.repeat(101),
          lastName: 'b'.repeat(101),
          location: 'c'.repeat(121),
          bio: 'd'.repeat(2001),
        }),
        'edit',
      ),
    ).toEqual({
      firstName: 'profileFirstNameTooLong',
      lastName: 'profileLastNameTooLong',
      location: 'profileLocationTooLong',
      bio: 'profileBioTooLong',
    });
    expect(validateTeacherForm(form({ bio: `  ${'d'.repeat(2000)}  ` }), 'edit')).toEqual({});
  });

  it('takes an optional phone of digits and separators, at most 40 characters', () => {
    expect(validateTeacherForm(form({ phone: '' }), 'create')).toEqual({});
    expect(validateTeacherForm(form({ phone: 'call me' }), 'create')).toEqual({
      phone: 'profilePhoneInvalid',
    });
    expect(validateTeacherForm(form({ phone: '1'.repeat(41) }), 'create')).toEqual({
      phone: 'profilePhoneTooLong',
    });
  });

  it('takes at most 10 specializations of at most 40 characters, after dropping blanks and repeats', () => {
    expect(validateTeacherForm(form({ specializations: labels(10) }), 'create')).toEqual({});
    expect(validateTeacherForm(form({ specializations: labels(11) }), 'create')).toEqual({
      specializations: 'teacherSpecializationsTooMany',
    });
    // Eleven entries, but one repeats another and one is blank: ten labels are saved.
    expect(
      validateTeacherForm(form({ specializations: [...labels(9), 'topic 1', '  '] }), 'create'),
    ).toEqual({});
    expect(validateTeacherForm(form({ specializations: ['x'.repeat(41)] }), 'create')).toEqual({
      specializations: 'teacherSpecializationTooLong',
    });
    expect(
      validateTeacherForm(form({ specializations: [` ${'x'.repeat(40)} `] }), 'create'),
    ).toEqual({});
  });
});

describe('teacherMessageValues', () => {
  it('names the limit each message speaks of', () => {
    expect(teacherMessageValues('bio')).toEqual({ max: 2000 });
    expect(teacherMessageValues('phone')).toEqual({ max: 40 });
    expect(teacherMessageValues('specializations')).toEqual({ max: 10, length: 40 });
  });
});

describe('normalizeSpecializations', () => {
  it('trims, collapses inner spaces and drops blanks and case-insensitive repeats, keeping the first', () => {
    expect(
      normalizeSpecializations([
        ' Business   Spanish ',
        'grammar',
        '',
        'Grammar',
        'business spanish',
      ]),
    ).toEqual(['Business Spanish', 'grammar']);
  });
});

describe('what the form sends', () => {
  it('adds a teacher with trimmed values, blanks as null and clean specializations', () => {
    expect(
      toNewTeacherInput(
        form({
          firstName: ' Lucía ',
          email: ' lucia@school.test ',
          phone: ' ',
          specializations: ['Conversation ', 'conversation', 'DELE'],
        }),
      ),
    ).toEqual({
      email: 'lucia@school.test',
      firstName: 'Lucía',
      lastName: 'Martín',
      phone: null,
      location: 'Madrid',
      bio: 'DELE examiner.',
      specializations: ['Conversation', 'DELE'],
    });
  });

  it("sends the welcome email's language when one is chosen, else none (the school's default)", () => {
    expect(toNewTeacherInput(form({ language: 'es' }))).toMatchObject({ language: 'es' });
    expect(toNewTeacherInput(form({ language: '' }))).not.toHaveProperty('language');
  });

  it('saves names, personal fields and specializations, never the email', () => {
    const changes = toTeacherChanges(form({ bio: '', email: 'other@school.test' }));
    expect(changes).toEqual({
      firstName: 'Lucía',
      lastName: 'Martín',
      phone: '+34 611 234 567',
      location: 'Madrid',
      bio: null,
      specializations: ['Conversation', 'DELE Preparation'],
    });
    expect(changes).not.toHaveProperty('email');
  });

  it('fills the edit form from a teacher', () => {
    const teacher: AppUser & { specializations: string[] } = {
      id: 't-1',
      email: 'daniel@school.test',
      firstName: 'Daniel',
      lastName: 'Ortega',
      role: 'teacher',
      avatar: null,
      createdAt: '2025-01-01T00:00:00Z',
      lastLogin: null,
      previousLogin: null,
      phone: null,
      location: 'Valencia',
      bio: null,
      isActive: true,
      specializations: ['Business Spanish'],
    };
    expect(teacherFormFromTeacher(teacher)).toEqual({
      firstName: 'Daniel',
      lastName: 'Ortega',
      email: 'daniel@school.test',
      phone: '',
      location: 'Valencia',
      bio: '',
      specializations: ['Business Spanish'],
      // Not edited here: afterwards only the teacher changes their language.
      language: '',
    });
  });
});

describe('what happens to the courses', () => {
  it('needs the new teacher only when the courses move', () => {
    expect(validateCourseHandoff({ handoff: 'reassign', reassignTo: null })).toEqual({
      reassignTo: 'teacherReassignTargetRequired',
    });
    expect(validateCourseHandoff({ handoff: 'reassign', reassignTo: 't-2' })).toEqual({});
    expect(validateCourseHandoff({ handoff: 'unassign', reassignTo: null })).toEqual({});
    expect(validateCourseHandoff({ handoff: 'keep', reassignTo: null })).toEqual({});
  });

  it('offers the other active teachers, by name (the email for a teacher without one)', () => {
    const teacher = (id: string, firstName: string, lastName: string, isActive = true) => ({
      id,
      firstName,
      lastName,
      email: `${id}@school.test`,
      isActive,
    });
    expect(
      handoffTargets(
        [
          teacher('t-ana', 'Ana', 'Gil'),
          teacher('t-olga', 'Olga', 'Vidal', false),
          teacher('t-daniel', 'Daniel', 'Ortega'),
          teacher('t-nameless', '', ''),
          teacher('t-bea', 'Beatriz', 'Soto'),
        ],
        't-ana',
      ),
    ).toEqual([
      { value: 't-bea', label: 'Beatriz Soto' },
      { value: 't-daniel', label: 'Daniel Ortega' },
      { value: 't-nameless', label: 't-nameless@school.test' },
    ]);
  });

  it('sends the chosen teacher only when the courses move', () => {
    expect(handoffTarget({ handoff: 'reassign', reassignTo: 't-2' })).toBe('t-2');
    expect(handoffTarget({ handoff: 'unassign', reassignTo: 't-2' })).toBeNull();
    expect(handoffTarget({ handoff: 'keep', reassignTo: 't-2' })).toBeNull();
  });
});

describe("the database's refusals of a teacher save", () => {
  it('reads the specialization checks and the reassign refusal as their own messages', () => {
    const failure = (message: string, details?: unknown) => ({
      code: 'UPDATE_USERS_ERROR' as const,
      message,
      details,
    });
    expect(
      errorMessageKey(
        failure(
          'new row for relation "users" violates check constraint "users_specializations_count"',
        ),
      ),
    ).toBe('teacherSpecializationsTooMany');
    expect(
      errorMessageKey(
        failure(
          'new row for relation "users" violates check constraint "users_specializations_items"',
        ),
      ),
    ).toBe('teacherSpecializationInvalid');
    expect(
      errorMessageKey(failure('Courses can only be reassigned to another active teacher')),
    ).toBe('reassignTargetInvalid');
    expect(
      errorMessageKey(failure('anything', { status: 400, code: 'REASSIGN_TARGET_INVALID' })),
    ).toBe('reassignTargetInvalid');
    expect(errorMessageKey(failure('x', { status: 500, code: 'FILES_NOT_REMOVED' }))).toBe(
      'filesNotRemoved',
    );
  });
});
