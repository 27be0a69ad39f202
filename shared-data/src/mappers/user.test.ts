// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { userRow } from '../test-support/fake-supabase';
import { toAppUser, toNewProfileRow, toRole } from './user';

describe('toAppUser', () => {
  it('maps a snake_case row to the UI shape', () => {
    const row = userRow({
      id: 'u-1',
      role: 'admin',
      avatar_url: 'https://cdn.test/a.png',
      phone: '+54 11 5555',
      location: 'Buenos Aires',
      bio: 'Hola',
      is_active: false,
      last_sign_in_at: '2025-03-01T10:00:00Z',
    });

    expect(toAppUser(row)).toEqual({
      id: 'u-1',
      email: 'ana@school.test',
      firstName: 'Ana',
      lastName: 'García',
      role: 'admin',
      avatar: 'https://cdn.test/a.png',
      createdAt: '2025-01-01T00:00:00Z',
      lastLogin: '2025-03-01T10:00:00Z',
      phone: '+54 11 5555',
      location: 'Buenos Aires',
      bio: 'Hola',
      isActive: false,
    });
  });

  it('fills missing names with empty text and treats a null is_active as active', () => {
    const user = toAppUser(userRow({ first_name: null, last_name: null, is_active: null }));

    expect(user).toMatchObject({ firstName: '', lastName: '', isActive: true, lastLogin: null });
  });
});

describe('toRole', () => {
  it.each([
    ['student', 'student'],
    ['teacher', 'teacher'],
    ['admin', 'admin'],
    ['Admin', 'student'],
    ['superuser', 'student'],
    [null, 'student'],
    [undefined, 'student'],
  ])('maps %j to %s', (value, role) => {
    expect(toRole(value)).toBe(role);
  });
});

describe('toNewProfileRow', () => {
  it('takes the names from the metadata and always makes a student', () => {
    expect(
      toNewProfileRow({
        id: 'u-9',
        email: 'luis@school.test',
        user_metadata: { first_name: ' Luis ', last_name: 'Pérez', role: 'admin' },
      }),
    ).toEqual({
      id: 'u-9',
      email: 'luis@school.test',
      first_name: 'Luis',
      last_name: 'Pérez',
      role: 'student',
    });
  });

  it('defaults missing names and email to empty text', () => {
    expect(toNewProfileRow({ id: 'u-9', user_metadata: { first_name: 7 } })).toEqual({
      id: 'u-9',
      email: '',
      first_name: '',
      last_name: '',
      role: 'student',
    });
  });
});
