// @vitest-environment node
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { appUser } from '../test-support/auth-fixtures';
import { authAtom } from './auth-atom';
import { authEventWriteAtom } from './auth-event-write-atom';
import { initialAuthState } from './auth-transitions';

const signedIn = { ...initialAuthState, user: appUser(), token: 'a1', refreshToken: 'r1' };

describe('authEventWriteAtom', () => {
  it('applies background token refreshes', () => {
    const store = createStore();
    store.set(authAtom, signedIn);

    store.set(authEventWriteAtom, {
      event: 'TOKEN_REFRESHED',
      tokens: { token: 'a2', refreshToken: 'r2' },
    });

    expect(store.get(authAtom)).toEqual({ ...signedIn, token: 'a2', refreshToken: 'r2' });
  });

  it('signs the page out on SIGNED_OUT', () => {
    const store = createStore();
    store.set(authAtom, signedIn);

    store.set(authEventWriteAtom, { event: 'SIGNED_OUT', tokens: null });

    expect(store.get(authAtom)).toEqual(initialAuthState);
  });
});
