// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureDataClient, resetDataClientForTests } from '../client';
import { userRow } from '../test-support/fake-supabase';
import { isFirstVisit, toAppUser, toNewProfileRow, toRole } from './user';

const PROJECT = 'https://project.test';
const ID = '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';

beforeEach(() => {
  configureDataClient({
    supabaseUrl: PROJECT,
    supabaseAnonKey: 'anon',
    apiProvider: 'supabase',
    remotes: { student: '/s.json', teacher: '/t.json', admin: '/a.json' },
  });
});
afterEach(() => resetDataClientForTests());

describe('toAppUser', () => {
  it('maps a snake_case row to the UI shape', () => {
    const row = userRow({
      id: ID,
      role: 'admin',
      avatar_url: `${ID}/1700000000000-k3j9x2ab.png`,
      phone: '+54 11 5555',
      location: 'Buenos Aires',
      bio: 'Hola',
      is_active: false,
      last_sign_in_at: '2025-03-01T10:00:00Z',
    });

    expect(toAppUser(row)).toEqual({
      id: ID,
      email: 'ana@school.test',
      firstName: 'Ana',
      lastName: 'García',
      role: 'admin',
      avatar: `${PROJECT}/storage/v1/object/public/avatars/${ID}/1700000000000-k3j9x2ab.png`,
      createdAt: '2025-01-01T00:00:00Z',
      lastLogin: '2025-03-01T10:00:00Z',
      previousLogin: null,
      phone: '+54 11 5555',
      location: 'Buenos Aires',
      bio: 'Hola',
      isActive: false,
    });
  });

  it('shows no picture for a stored address, whatever its host (the database holds object names)', () => {
    for (const avatar_url of [
      'https://evil.example/storage/v1/object/public/avatars/' + ID + '/a.png',
      `${PROJECT}/storage/v1/object/public/avatars/${ID}/a.png`,
      null,
    ]) {
      expect(toAppUser(userRow({ id: ID, avatar_url })).avatar).toBeNull();
    }
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

describe('isFirstVisit', () => {
  it('is a first visit while the database has no sign-in before the current one', () => {
    const first = toAppUser(userRow({ last_sign_in_at: '2026-03-01T10:00:00Z' }));
    expect(first.previousLogin).toBeNull();
    expect(isFirstVisit(first)).toBe(true);
    const back = toAppUser(
      userRow({
        last_sign_in_at: '2026-03-02T10:00:00Z',
        previous_sign_in_at: '2026-03-01T10:00:00Z',
      }),
    );
    expect(back.previousLogin).toBe('2026-03-01T10:00:00Z');
    expect(isFirstVisit(back)).toBe(false);
    expect(isFirstVisit(null)).toBe(false);
  });
});
