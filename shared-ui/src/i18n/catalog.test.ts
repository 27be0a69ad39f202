import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, missingKeys, type Messages } from './catalog';
import { kitMessages } from './messages';

function leaves(messages: Messages): string[] {
  return Object.values(messages).flatMap((value) =>
    typeof value === 'string' ? [value] : leaves(value),
  );
}

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

describe.each(Object.entries(kitMessages))('the %s catalog', (_namespace, catalog) => {
  it('has the same keys in English and Spanish', () => {
    expect(missingKeys(catalog.en, catalog.es)).toEqual([]);
    expect(missingKeys(catalog.es, catalog.en)).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('has no empty text in %s', (lng) => {
    expect(leaves(catalog[lng]).filter((text) => text.trim() === '')).toEqual([]);
  });
});

describe('validation messages', () => {
  it('keep the spec wording in English, exactly these keys', () => {
    expect(kitMessages.validation.en).toEqual({
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
