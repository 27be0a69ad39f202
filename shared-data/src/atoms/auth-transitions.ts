import { ERROR_MESSAGES } from '../errors';
import type { AppUser } from '../mappers/user';
import type { Result, ServiceError } from '../result';
import type { AuthEvent, AuthSession, AuthTokens } from '../services/auth';

/** The second step a stored session still owes before the page counts as signed in. */
export type PendingTwoFactorStep = { kind: 'verify'; factorId: string } | { kind: 'enroll' };

export type AuthState = {
  user: AppUser | null;
  token: string | null;
  refreshToken: string | null;
  isLoading: boolean;
  error: string | null;
  /** False until the start-up session check has finished (the shell shows a spinner). */
  initialized: boolean;
  /**
   * Set when the start-up check could not reach the server (network, 5xx): the stored session is
   * kept, so the shell shows this failure with Try again instead of the sign-in page.
   */
  sessionCheckFailure: ServiceError | null;
  /**
   * Set at start-up when the stored session has not passed two-factor sign-in (aal1 of an account with
   * an authenticator app, or staff who must set one up first): the page is signed out and the sign-in
   * page shows this step. Cleared by any sign-in or sign-out.
   */
  twoFactorPending: PendingTwoFactorStep | null;
};

export const initialAuthState: AuthState = {
  user: null,
  token: null,
  refreshToken: null,
  isLoading: false,
  error: null,
  initialized: false,
  sessionCheckFailure: null,
  twoFactorPending: null,
};

// The auth state transitions (docs/product-rules.md "Session") as pure functions, so they are tested without a network.

/** Every request sets loading and clears the previous error. */
export function requestStarted(state: AuthState): AuthState {
  return { ...state, isLoading: true, error: null };
}

function failed(state: AuthState, message: string): AuthState {
  return { ...state, isLoading: false, error: message };
}

function withSession(state: AuthState, session: AuthSession): AuthState {
  const { user, token, refreshToken } = session;
  return { ...state, user, token, refreshToken, isLoading: false, error: null, twoFactorPending: null };
}

function withoutSession(state: AuthState): AuthState {
  return { ...state, user: null, token: null, refreshToken: null, isLoading: false, twoFactorPending: null };
}

/** The step of a failure made by twoFactorPendingError (services/auth); null for any other. */
export function pendingTwoFactorStep(error: ServiceError): PendingTwoFactorStep | null {
  if (error.code !== 'AUTH_ERROR' || typeof error.details !== 'object' || error.details === null) return null;
  const step = (error.details as { twoFactorStep?: PendingTwoFactorStep }).twoFactorStep;
  return step && (step.kind === 'enroll' || (step.kind === 'verify' && typeof step.factorId === 'string'))
    ? step
    : null;
}

/** True for a failure made by passwordChangePendingError (services/auth). */
export function isPasswordChangePending(error: ServiceError): boolean {
  return (
    error.code === 'AUTH_ERROR' &&
    typeof error.details === 'object' &&
    error.details !== null &&
    (error.details as { passwordChangeRequired?: unknown }).passwordChangeRequired === true
  );
}

/** Provider codes that mean "this session is no longer valid" (GoTrue, PostgREST's JWT errors). */
const SESSION_REJECTED_CODES = new Set([
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_not_found',
  'session_expired',
  'bad_jwt',
  'invalid_grant',
  'user_not_found',
  'user_banned',
  'PGRST301',
  'PGRST302',
  'PGRST303',
]);

/**
 * True when the server looked at the session and refused it (invalid or expired refresh token,
 * 401/403). Anything else (offline, 5xx, a timeout) says nothing about the session itself.
 */
export function isSessionRejected(error: ServiceError): boolean {
  const details =
    typeof error.details === 'object' && error.details !== null
      ? (error.details as Record<string, unknown>)
      : {};
  if (details.status === 401 || details.status === 403) return true;
  return typeof details.code === 'string' && SESSION_REJECTED_CODES.has(details.code);
}

/**
 * Only a rejected session signs the page out. When the server cannot be reached the stored
 * session stays (supabase-js keeps it too) and the failure is recorded for the shell to show
 * with Try again, which runs this check again.
 */
export function initializeFinished(
  state: AuthState,
  result: Result<AuthSession | null>,
): AuthState {
  if (!result.success) {
    // A stored session that must first choose its password is not signed in: signing in again with
    // the one-time password leads to that step.
    if (isPasswordChangePending(result.error)) {
      return { ...withoutSession(state), error: null, initialized: true, sessionCheckFailure: null };
    }
    const pending = pendingTwoFactorStep(result.error);
    if (pending) {
      return {
        ...withoutSession(state),
        error: null,
        initialized: true,
        sessionCheckFailure: null,
        twoFactorPending: pending,
      };
    }
    if (!isSessionRejected(result.error)) {
      return {
        ...state,
        isLoading: false,
        error: ERROR_MESSAGES.initializeAuthFailed,
        initialized: true,
        sessionCheckFailure: result.error,
      };
    }
    return {
      ...withoutSession(state),
      error: ERROR_MESSAGES.initializeAuthFailed,
      initialized: true,
      sessionCheckFailure: null,
    };
  }
  const next = result.data ? withSession(state, result.data) : withoutSession(state);
  return { ...next, initialized: true, sessionCheckFailure: null };
}

export function loginFinished(state: AuthState, result: Result<AuthSession>): AuthState {
  return result.success ? withSession(state, result.data) : failed(state, result.error.message);
}

/** A sign-up waiting for email confirmation has no session yet: nothing to store. */
export function registerFinished(state: AuthState, result: Result<AuthSession | null>): AuthState {
  if (!result.success) return failed(state, result.error.message);
  return result.data ? withSession(state, result.data) : { ...state, isLoading: false };
}

/**
 * The user and tokens go whatever the server said; a server failure is not shown,
 * because this page is signed out either way.
 */
export function logoutFinished(state: AuthState): AuthState {
  return { ...withoutSession(state), error: null };
}

/** Reset request and password update only toggle loading and error. */
export function passwordRequestFinished(state: AuthState, result: Result<unknown>): AuthState {
  return result.success ? { ...state, isLoading: false } : failed(state, result.error.message);
}

/**
 * A password change re-authenticates first, which gives the page a new session: keep its tokens.
 * A failure only records its message, like the other password requests.
 */
export function passwordChangeFinished(state: AuthState, result: Result<AuthTokens>): AuthState {
  if (!result.success) return failed(state, result.error.message);
  return { ...state, ...result.data, isLoading: false, error: null };
}

/**
 * The signed-in user's profile was saved or read again (name, avatar …): the sidebar and every
 * screen reading the session show it at once. A profile of anyone else is ignored.
 */
export function profileUpdated(state: AuthState, user: AppUser): AuthState {
  return state.user && state.user.id === user.id ? { ...state, user } : state;
}

/**
 * Keeps the atom in step with supabase-js: its background refresh replaces the tokens, and a
 * sign-out in another tab (or an expired refresh token) ends this page's session.
 */
export function authEventReceived(
  state: AuthState,
  event: AuthEvent,
  tokens: AuthTokens | null,
): AuthState {
  if (event === 'SIGNED_OUT') {
    return { ...state, user: null, token: null, refreshToken: null };
  }
  if (event === 'TOKEN_REFRESHED' && tokens && state.user) return { ...state, ...tokens };
  return state;
}
