import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { usersService } from '../services/users';
import { appUser } from '../test-support/auth-fixtures';
import { deleteUserWriteAtom } from './delete-user-write-atom';
import { usersAtom } from './users-atom';

afterEach(() => vi.restoreAllMocks());

describe('deleteUserWriteAtom', () => {
  it('removes the deleted item by id', async () => {
    const data = null;
    const request = vi.spyOn(usersService, 'adminDelete').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' }), appUser({ id: 'b' })]);

    expect(await store.set(deleteUserWriteAtom, 'b')).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith('b');
    expect(store.get(usersAtom)).toEqual([appUser({ id: 'a' })]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(usersService, 'adminDelete').mockResolvedValue(failure);
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' })]);

    expect(await store.set(deleteUserWriteAtom, 'b')).toEqual(failure);
    expect(store.get(usersAtom)).toEqual([appUser({ id: 'a' })]);
  });
});
