import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { toPaged } from '../rules/paging';
import { usersService } from '../services/users';
import { appUser } from '../test-support/auth-fixtures';
import { fetchUsersWriteAtom } from './fetch-users-write-atom';
import { usersAtom } from './users-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchUsersWriteAtom', () => {
  it('replaces the list with the fetched page', async () => {
    const data = toPaged([appUser({ id: 'c' })], 1, 1, 10);
    const request = vi.spyOn(usersService, 'list').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' }), appUser({ id: 'b' })]);

    expect(await store.set(fetchUsersWriteAtom, { limit: 100 })).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ limit: 100 });
    expect(store.get(usersAtom)).toEqual([appUser({ id: 'c' })]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(usersService, 'list').mockResolvedValue(failure);
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' })]);

    expect(await store.set(fetchUsersWriteAtom, { limit: 100 })).toEqual(failure);
    expect(store.get(usersAtom)).toEqual([appUser({ id: 'a' })]);
  });
});
