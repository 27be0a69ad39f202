import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { usersService } from '../services/users';
import { appUser } from '../test-support/auth-fixtures';
import { createUserWriteAtom } from './create-user-write-atom';
import { usersAtom } from './users-atom';

afterEach(() => vi.restoreAllMocks());

describe('createUserWriteAtom', () => {
  it('appends the created user', async () => {
    const data = { user: appUser({ id: 'c' }), temporaryPassword: 'Xk3!pQ9z' };
    const request = vi.spyOn(usersService, 'adminCreate').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' }), appUser({ id: 'b' })]);

    expect(
      await store.set(createUserWriteAtom, {
        email: 'c@school.test',
        firstName: 'C',
        lastName: 'D',
        role: 'teacher',
      }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({
      email: 'c@school.test',
      firstName: 'C',
      lastName: 'D',
      role: 'teacher',
    });
    expect(store.get(usersAtom)).toEqual([
      appUser({ id: 'a' }),
      appUser({ id: 'b' }),
      appUser({ id: 'c' }),
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(usersService, 'adminCreate').mockResolvedValue(failure);
    const store = createStore();
    store.set(usersAtom, [appUser({ id: 'a' })]);

    expect(
      await store.set(createUserWriteAtom, {
        email: 'c@school.test',
        firstName: 'C',
        lastName: 'D',
        role: 'teacher',
      }),
    ).toEqual(failure);
    expect(store.get(usersAtom)).toEqual([appUser({ id: 'a' })]);
  });
});
