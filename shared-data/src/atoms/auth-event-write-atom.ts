import { atom } from 'jotai';
import type { AuthEvent, AuthTokens } from '../services/auth';
import { authAtom } from '@portal/shared-data/session';
import { authEventReceived } from './auth-transitions';

export type AuthEventUpdate = { event: AuthEvent; tokens: AuthTokens | null };

/** Feed `authService.onAuthEvent` into this so background refreshes and other tabs are seen. */
export const authEventWriteAtom = atom(null, (_get, set, { event, tokens }: AuthEventUpdate) =>
  set(authAtom, (state) => authEventReceived(state, event, tokens)),
);
