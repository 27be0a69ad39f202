import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { usersService } from '../services/users';
import { appUser } from '../test-support/auth-fixtures';
import { updateUserWriteAtom } from './update-user-write-atom';
import { usersAtom } from './users-atom';

afterEach(() => vi.restoreAllMocks());

describe('updateUserWriteAtom', () => {
  it('replaces the updated item by id', async () => {
    const data = { ...appUser({ id: 'b' }), firstName: 'Changed' };
    const request = vi.spyOn(usersService, 'adminUpdate').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' }), appUser({ id: 'b' })]);

    expect(await store.set(updateUserWriteAtom, { id: 'b', changes: { role: 'admin' } })).toEqual(
      ok(data),
    );
    expect(request).toHaveBeenCalledWith('b', { role: 'admin' });
    expect(store.get(usersAtom)).toEqual([appUser({ id: 'a' }), data]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(usersService, 'adminUpdate').mockResolvedValue(failure);
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' })]);

    expect(await store.set(updateUserWriteAtom, { id: 'b', changes: { role: 'admin' } })).toEqual(
      failure,
    );
    expect(store.get(usersAtom)).toEqual([appUser({ id: 'a' })]);
  });
});
