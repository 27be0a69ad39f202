import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { usersService } from '../services/users';
import { appUser } from '../test-support/auth-fixtures';
import { fetchTeachersWriteAtom } from './fetch-teachers-write-atom';
import { usersAtom } from './users-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchTeachersWriteAtom', () => {
  it('merges the fetched users, replacing equal ids', async () => {
    const data = [{ ...appUser({ id: 'b' }), firstName: 'Changed' }, appUser({ id: 'c' })];
    const request = vi.spyOn(usersService, 'listTeachers').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' }), appUser({ id: 'b' })]);

    expect(await store.set(fetchTeachersWriteAtom)).toEqual(ok(data));
    expect(request).toHaveBeenCalledTimes(1);
    expect(store.get(usersAtom)).toEqual([
      appUser({ id: 'a' }),
      { ...appUser({ id: 'b' }), firstName: 'Changed' },
      appUser({ id: 'c' }),
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(usersService, 'listTeachers').mockResolvedValue(failure);
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' })]);

    expect(await store.set(fetchTeachersWriteAtom)).toEqual(failure);
    expect(store.get(usersAtom)).toEqual([appUser({ id: 'a' })]);
  });
});
