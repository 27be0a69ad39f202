import { atom } from 'jotai';
import { ok } from '../result';
import type { AuthSession } from '../services/auth';
import { authAtom } from '@portal/shared-data/session';
import { loginFinished } from './auth-transitions';

/**
 * Completes a sign-in that needed a second step (an authenticator code, or enrolling one): the session
 * from the password step, with the tokens of the aal2 session when a code was verified, becomes the
 * page's session. Until then the page stays signed out (the password step does not touch authAtom).
 */
export const twoFactorSignInWriteAtom = atom(null, (_get, set, session: AuthSession) =>
  set(authAtom, (state) => loginFinished(state, ok(session))),
);
