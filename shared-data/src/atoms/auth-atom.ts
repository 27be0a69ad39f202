import { atom } from 'jotai';
import { initialAuthState, type AuthState } from './auth-transitions';

/** The page's auth state; one instance because shared-data is a Module Federation singleton. */
export const authAtom = atom<AuthState>(initialAuthState);
