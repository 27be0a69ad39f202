// @vitest-environment node
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { authAtom } from './auth-atom';
import { initialAuthState } from './auth-transitions';
import { clearAuthErrorWriteAtom } from './clear-auth-error-write-atom';

describe('clearAuthErrorWriteAtom', () => {
  it('clears the stored error', () => {
    const store = createStore();
    store.set(authAtom, { ...initialAuthState, error: 'Invalid login credentials' });

    store.set(clearAuthErrorWriteAtom);

    expect(store.get(authAtom)).toEqual(initialAuthState);
  });
});
