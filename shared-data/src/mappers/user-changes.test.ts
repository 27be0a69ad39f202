// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toAdminCreateBody, toAdminUpdateBody, toUserWriteRow } from './user-changes';

describe('toUserWriteRow', () => {
  it.each([
    [{}, {}],
    [
      { firstName: ' Ana ', lastName: 'García ' },
      { first_name: 'Ana', last_name: 'García' },
    ],
    [
      { phone: '', location: '  ', bio: 'Hola' },
      { phone: null, location: null, bio: 'Hola' },
    ],
    [
      { role: 'teacher' as const, isActive: false },
      { role: 'teacher', is_active: false },
    ],
  ])('%j → %j', (changes, row) => {
    expect(toUserWriteRow(changes)).toEqual(row);
  });
});

describe('admin-users bodies', () => {
  it('create sends every field, blanks as null', () => {
    expect(
      toAdminCreateBody({
        email: 'A@school.test ',
        firstName: 'A',
        lastName: 'B',
        role: 'student',
      }),
    ).toEqual({
      action: 'create',
      email: 'A@school.test',
      firstName: 'A',
      lastName: 'B',
      role: 'student',
      phone: null,
      location: null,
      bio: null,
    });
  });

  it("create sends the account's language when one is given (issue 29 item 10)", () => {
    const base = { email: 'a@school.test', firstName: 'A', lastName: 'B', role: 'student' as const };
    expect(toAdminCreateBody({ ...base, language: 'es' })).toMatchObject({ language: 'es' });
    expect(toAdminCreateBody(base)).not.toHaveProperty('language');
  });

  it('update sends only what changed', () => {
    expect(toAdminUpdateBody('u-1', { lastName: ' B ', isActive: true })).toEqual({
      action: 'update',
      id: 'u-1',
      lastName: 'B',
      isActive: true,
    });
  });
});
