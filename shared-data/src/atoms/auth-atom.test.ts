// @vitest-environment node
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { appUser } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { currentRoleAtom } from './current-role-atom';

describe('authAtom', () => {
  it('starts signed out and not yet initialised', () => {
    expect(createStore().get(authAtom)).toEqual({
      user: null,
      token: null,
      refreshToken: null,
      isLoading: false,
      error: null,
      initialized: false,
      sessionCheckFailure: null,
      twoFactorPending: null,
    });
  });
});

describe('currentRoleAtom', () => {
  it("follows the signed-in user's role", () => {
    const store = createStore();
    expect(store.get(currentRoleAtom)).toBeNull();

    store.set(authAtom, { ...initialAuthState, user: appUser({ role: 'teacher' }) });
    expect(store.get(currentRoleAtom)).toBe('teacher');

    store.set(authAtom, initialAuthState);
    expect(store.get(currentRoleAtom)).toBeNull();
  });
});
