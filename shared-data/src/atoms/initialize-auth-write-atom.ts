import { atom } from 'jotai';
import type { Result } from '../result';
import { authService, twoFactorPendingError, type AuthSession } from '../services/auth';
import { twoFactorService } from '../services/two-factor';
import { initializeFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

/**
 * The stored session, unless it has not passed two-factor sign-in: aal1 of an account with an
 * authenticator app (authService.getSession fails with twoFactorPendingError), or an administrator or
 * teacher without one while the school requires it (one extra request, staff only).
 */
async function checkStoredSession(): Promise<Result<AuthSession | null>> {
  const result = await authService.getSession();
  if (!result.success || !result.data) return result;
  const { role } = result.data.user;
  if (role !== 'admin' && role !== 'teacher') return result;
  const next = await twoFactorService.nextStep(role);
  if (!next.success) return next;
  if (next.data.kind === 'none') return result;
  return twoFactorPendingError(next.data);
}

/** The start-up session check; `initialized` becomes true whatever the outcome. */
export const initializeAuthWriteAtom = atom(null, (_get, set) =>
  runAuthRequest(set, checkStoredSession, initializeFinished),
);
