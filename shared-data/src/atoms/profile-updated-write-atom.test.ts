// @vitest-environment node
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { appUser } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { profileUpdatedWriteAtom } from './profile-updated-write-atom';

const signedIn = { ...initialAuthState, user: appUser(), token: 'a1', refreshToken: 'r1' };

describe('profileUpdatedWriteAtom', () => {
  it("replaces the signed-in user's profile and keeps the session", () => {
    const store = createStore();
    store.set(authAtom, signedIn);
    const saved = appUser({ firstName: 'Lucía', avatar: 'https://cdn.test/a.png?v=2' });

    store.set(profileUpdatedWriteAtom, saved);

    expect(store.get(authAtom)).toEqual({ ...signedIn, user: saved });
  });

  it("ignores another person's profile and a signed-out page", () => {
    const store = createStore();
    store.set(authAtom, signedIn);
    store.set(profileUpdatedWriteAtom, appUser({ id: 'someone-else', firstName: 'Eve' }));
    expect(store.get(authAtom)).toEqual(signedIn);

    store.set(authAtom, initialAuthState);
    store.set(profileUpdatedWriteAtom, appUser());
    expect(store.get(authAtom)).toEqual(initialAuthState);
  });
});
