// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { missingKeys, withManyForms } from './catalog';
import { kitMessages } from './messages';

describe('missingKeys', () => {
  it('lists nested keys the candidate lacks, as dotted paths', () => {
    const en = { a: 'A', group: { b: 'B', c: 'C' } };
    const es = { a: 'A', group: { b: 'B' } };
    expect(missingKeys(en, es)).toEqual(['group.c']);
    expect(missingKeys(es, en)).toEqual([]);
  });

  it('treats a text where a group is expected (and the reverse) as missing', () => {
    expect(missingKeys({ a: { b: 'B' } }, { a: 'A' })).toEqual(['a']);
    expect(missingKeys({ a: 'A' }, { a: { b: 'B' } })).toEqual(['a']);
  });
});

describe('withManyForms', () => {
  it('gives every _other form a _many twin, in nested groups too, keeping a _many already written', () => {
    const es = {
      course_one: '{{count}} curso',
      course_other: '{{count}} cursos',
      group: { class_one: '{{count}} clase', class_other: '{{count}} clases' },
      student_other: '{{count}} estudiantes',
      student_many: '{{count}} de estudiantes',
      title: 'Cursos',
    };
    expect(withManyForms(es)).toEqual({
      ...es,
      course_many: '{{count}} cursos',
      group: { ...es.group, class_many: '{{count}} clases' },
    });
  });
});

describe('validation messages', () => {
  it('keep the spec wording in English', () => {
    expect(kitMessages.validation.en).toMatchObject({
      emailRequired: 'Email is required',
      emailInvalid: 'Email is invalid',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 6 characters',
      emailInvalidForgot: 'Please enter a valid email address',
      firstNameRequired: 'First name is required',
      lastNameRequired: 'Last name is required',
      passwordsDoNotMatch: 'Passwords do not match',
      confirmPasswordRequired: 'Please confirm your password',
      passwordsDoNotMatchReset: 'Passwords do not match.',
    });
  });

  it('are translated, not copied, in Spanish', () => {
    const { en, es } = kitMessages.validation;
    const copied = Object.keys(en).filter(
      (key) => en[key as keyof typeof en] === es[key as keyof typeof es],
    );
    expect(copied).toEqual([]);
  });
});

describe('common messages', () => {
  it('carry the spec texts the kit shows', () => {
    expect(kitMessages.common.en.sectionUnavailable.title).toBe('This section is unavailable');
    expect(kitMessages.common.en.retry).toBe('Retry');
    expect(kitMessages.common.en.tryAgain).toBe('Try again');
  });
});
