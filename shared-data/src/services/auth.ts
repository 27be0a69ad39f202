import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import {
  hasSessionToRecover,
  isDataClientLoaded,
  loadDataClient,
  takeRetryAfterSeconds,
  whenDataClientLoaded,
} from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import {
  toAppUser,
  toNewProfileRow,
  USER_COLUMNS,
  type AppUser,
  type UserRow,
} from '../mappers/user';
import { AUTH_STORAGE_KEY, rememberMeStorage } from '@portal/shared-data/session';
import { fail, fromAuthError, fromPostgrestError, ok, settle, type Result } from '../result';
import { usersService } from './users';

export type AuthTokens = { token: string; refreshToken: string };
/** A signed-in user: the `public.users` profile plus the session tokens. */
export type AuthSession = AuthTokens & { user: AppUser };

export type SignInInput = { email: string; password: string; remember: boolean };
export type SignUpInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The sign-up page's language: stored on the profile, so the account keeps it (and its mail uses it). */
  language?: 'en' | 'es';
};
/** The profile's password change: the current password proves who asks (the server checks it). */
export type ChangePasswordInput = { currentPassword: string; newPassword: string };

export type AuthEvent = AuthChangeEvent;
/** `tokens` is null when the event carries no session (e.g. SIGNED_OUT). */
export type AuthEventListener = (event: AuthEvent, tokens: AuthTokens | null) => void;

// No fixed product text exists for these two; the provider's message is used whenever it has one.
const LOGOUT_FAILED = 'Logout failed';
const UNIQUE_VIOLATION = '23505';

function tokensOf(session: Session): AuthTokens {
  return { token: session.access_token, refreshToken: session.refresh_token };
}

async function createProfile(account: User): Promise<Result<AppUser>> {
  const { data, error } = await (
    await loadDataClient()
  )
    .from('users')
    .insert(toNewProfileRow(account))
    .select(USER_COLUMNS)
    .single<UserRow>();
  if (!error) return ok(toAppUser(data));
  // The sign-up trigger created the row between our read and this insert: read it again.
  if (error.code === UNIQUE_VIOLATION) {
    const again = await usersService.getProfile(account.id);
    if (again.success && again.data) return ok(again.data);
  }
  return fromPostgrestError('PROFILE_CREATE_ERROR', error, ERROR_MESSAGES.getUserFailed);
}

/** The account's profile; a missing row is created as student from the sign-up metadata. */
async function loadProfile(account: User): Promise<Result<AppUser>> {
  const found = await usersService.getProfile(account.id);
  if (!found.success) return fail('GET_USER_ERROR', found.error.message, found.error.details);
  return found.data ? ok(found.data) : createProfile(account);
}

/**
 * The failure of a session that still owes its second step (AUTH_ERROR whose details carry the step):
 * the page is not signed in until it passes it.
 */
export function twoFactorPendingError(
  step: { kind: 'verify'; factorId: string } | { kind: 'enroll' },
): Result<never> {
  return fail('AUTH_ERROR', 'Two-factor sign-in is required for this account', {
    twoFactorStep: step,
  });
}

/**
 * The failure of a session whose account must choose its own password first (its password was set by
 * an administrator: app metadata `must_change_password`). The database refuses such a session
 * everything (docs/security.md), so the page is not signed in until the password is changed.
 */
export function passwordChangePendingError(): Result<never> {
  return fail('AUTH_ERROR', 'Choose your own password first', { passwordChangeRequired: true });
}

/**
 * A session whose account has a verified authenticator app but that has not passed its code (aal1)
 * is not a signed-in page: the database shows such a session nothing. Fails with
 * twoFactorPendingError({ kind: 'verify', factorId }) instead of loading the profile.
 */
async function toAuthSession(session: Session): Promise<Result<AuthSession>> {
  const factor = (session.user.factors ?? []).find(
    (candidate) => candidate.factor_type === 'totp' && candidate.status === 'verified',
  );
  if (factor) {
    const { data: level } = await (
      await loadDataClient()
    ).auth.mfa.getAuthenticatorAssuranceLevel();
    if (level?.currentLevel !== 'aal2') {
      return twoFactorPendingError({ kind: 'verify', factorId: factor.id });
    }
  }
  if (session.user.app_metadata?.must_change_password === true) return passwordChangePendingError();
  const profile = await loadProfile(session.user);
  return profile.success ? ok({ ...tokensOf(session), user: profile.data }) : profile;
}

/** "Remember me" decides where the session is kept: localStorage, or sessionStorage only. */
async function signIn({ email, password, remember }: SignInInput): Promise<Result<AuthSession>> {
  return settle('LOGIN_ERROR', ERROR_MESSAGES.loginFailed, async () => {
    rememberMeStorage.setRememberMe(remember);
    const { data, error } = await (
      await loadDataClient()
    ).auth.signInWithPassword({
      email: email.trim(),
      password,
    });
    if (error || !data.session) {
      const failure = fromAuthError('LOGIN_ERROR', error, ERROR_MESSAGES.loginFailed);
      // A lockout (429): how long the server says to wait, so the form can say it.
      const retryAfterSeconds = error?.status === 429 ? takeRetryAfterSeconds() : null;
      return retryAfterSeconds === null
        ? failure
        : fail(failure.error.code, failure.error.message, {
            ...(failure.error.details as object | undefined),
            retryAfterSeconds,
          });
    }
    return toAuthSession(data.session);
  });
}

/**
 * Registers a student (the role sent is always student; the server enforces it too). Resolves to
 * null when the project requires email confirmation before the first session.
 */
async function signUp({
  email,
  password,
  firstName,
  lastName,
  language,
}: SignUpInput): Promise<Result<AuthSession | null>> {
  return settle('REGISTER_ERROR', ERROR_MESSAGES.registrationFailed, async () => {
    const { data, error } = await (
      await loadDataClient()
    ).auth.signUp({
      email: email.trim(),
      password,
      options: {
        data: {
          first_name: firstName.trim(),
          last_name: lastName.trim(),
          role: 'student',
          ...(language ? { language } : {}),
        },
      },
    });
    if (error) return fromAuthError('REGISTER_ERROR', error, ERROR_MESSAGES.registrationFailed);
    return data.session ? toAuthSession(data.session) : ok(null);
  });
}

/** Ends this browser's session; the local session and token mirrors go even if the server fails. */
async function signOut(): Promise<Result<null>> {
  const result = await settle('LOGOUT_ERROR', LOGOUT_FAILED, async () => {
    const { error } = await (await loadDataClient()).auth.signOut({ scope: 'local' });
    return error ? fromAuthError('LOGOUT_ERROR', error, LOGOUT_FAILED) : ok(null);
  });
  // supabase-js keeps the stored session when the server call fails; it reads storage on every
  // call, so removing the key signs this page out.
  if (!result.success) rememberMeStorage.removeItem(AUTH_STORAGE_KEY);
  return result;
}

/** The stored session (refreshed by supabase-js when expired) with its profile; null when none. */
async function getSession(): Promise<Result<AuthSession | null>> {
  return settle('GET_SESSION_ERROR', ERROR_MESSAGES.authenticationFailed, async () => {
    // Nothing stored and no session in the address: nothing supabase-js could find, so the sign-in
    // page does not wait for it to load.
    if (!isDataClientLoaded() && !hasSessionToRecover()) return ok(null);
    const { data, error } = await (await loadDataClient()).auth.getSession();
    if (error) {
      return fromAuthError('GET_SESSION_ERROR', error, ERROR_MESSAGES.authenticationFailed);
    }
    return data.session ? toAuthSession(data.session) : ok(null);
  });
}

/** The signed-in user's profile, with the account verified by the auth server. */
async function getCurrentUser(): Promise<Result<AppUser>> {
  return settle('GET_USER_ERROR', ERROR_MESSAGES.getUserFailed, async () => {
    const { data, error } = await (await loadDataClient()).auth.getUser();
    if (error && error.name !== 'AuthSessionMissingError') {
      return fromAuthError('GET_USER_ERROR', error, ERROR_MESSAGES.getUserFailed);
    }
    if (!data.user) return fail('NO_USER', ERROR_MESSAGES.noAuthenticatedUser);
    return loadProfile(data.user);
  });
}

/** Exchanges the stored refresh token for new tokens. */
async function refreshSession(): Promise<Result<AuthTokens>> {
  return settle('REFRESH_ERROR', ERROR_MESSAGES.tokenRefreshFailed, async () => {
    const { refreshToken } = rememberMeStorage.readTokens();
    if (!refreshToken) return fail('REFRESH_ERROR', ERROR_MESSAGES.noRefreshToken);
    const { data, error } = await (
      await loadDataClient()
    ).auth.refreshSession({ refresh_token: refreshToken });
    if (error || !data.session) {
      return fromAuthError('REFRESH_ERROR', error, ERROR_MESSAGES.tokenRefreshFailed);
    }
    return ok(tokensOf(data.session));
  });
}

/**
 * Refreshes the session when its tokens were issued more than `maxAgeMs` ago. The auth server ends a
 * session that has not refreshed within System Settings' session timeout (docs/security.md), while
 * supabase-js refreshes only shortly before the access token expires; the signed-in layout calls this
 * on input, so a session in use stays fresh. Failures are left to supabase-js's own refresh.
 */
async function refreshWhenOlderThan(maxAgeMs: number): Promise<void> {
  await settle('REFRESH_ERROR', ERROR_MESSAGES.tokenRefreshFailed, async () => {
    const auth = (await loadDataClient()).auth;
    const { data } = await auth.getSession();
    const session = data.session;
    if (!session?.expires_at || !session.expires_in) return ok(null);
    const issuedAtMs = (session.expires_at - session.expires_in) * 1000;
    if (Date.now() - issuedAtMs <= maxAgeMs) return ok(null);
    await auth.refreshSession();
    return ok(null);
  });
}

/** Sends the reset email; the link returns to `redirectTo` (the portal's /reset-password). */
async function requestPasswordReset(email: string, redirectTo: string): Promise<Result<null>> {
  return settle('RESET_PASSWORD_ERROR', ERROR_MESSAGES.passwordResetFailed, async () => {
    const { error } = await (
      await loadDataClient()
    ).auth.resetPasswordForEmail(email.trim(), { redirectTo });
    return error
      ? fromAuthError('RESET_PASSWORD_ERROR', error, ERROR_MESSAGES.passwordResetFailed)
      : ok(null);
  });
}

/** Sets a new password for the current (e.g. PASSWORD_RECOVERY) session. */
async function updatePassword(newPassword: string): Promise<Result<null>> {
  return settle('UPDATE_PASSWORD_ERROR', ERROR_MESSAGES.passwordUpdateFailed, async () => {
    const { error } = await (await loadDataClient()).auth.updateUser({ password: newPassword });
    return error
      ? fromAuthError('UPDATE_PASSWORD_ERROR', error, ERROR_MESSAGES.passwordUpdateFailed)
      : ok(null);
  });
}

/**
 * Changes the signed-in user's password with the current one, in one request: the auth server
 * requires the current password outside a recovery session (GoTrue's
 * update_password_require_current_password, docs/security.md "Changing a password") and answers
 * current_password_invalid when it is wrong. The page keeps its own session, so one that passed
 * two-factor stays aal2, which GoTrue requires to change the password of an account with two-factor
 * on; the change ends every other session of the account. Resolves to the page's tokens after the
 * change, so the session state can keep them.
 */
async function changePassword({
  currentPassword,
  newPassword,
}: ChangePasswordInput): Promise<Result<AuthTokens>> {
  return settle('UPDATE_PASSWORD_ERROR', ERROR_MESSAGES.passwordUpdateFailed, async () => {
    const auth = (await loadDataClient()).auth;
    const { error } = await auth.updateUser({
      password: newPassword,
      current_password: currentPassword,
    });
    if (error) {
      return fromAuthError('UPDATE_PASSWORD_ERROR', error, ERROR_MESSAGES.passwordUpdateFailed);
    }
    const { data } = await auth.getSession();
    if (!data.session)
      return fromAuthError('UPDATE_PASSWORD_ERROR', null, ERROR_MESSAGES.passwordUpdateFailed);
    return ok(tokensOf(data.session));
  });
}

/** GoTrue's recovery session: opened from a mailed link or code (its IsRecovery counts these). */
const RECOVERY_METHODS = new Set(['recovery', 'otp', 'magiclink']);

/**
 * Whether the current session was opened from a password reset mail, the only session in which the
 * server accepts a new password without the current one (/reset-password shows its form only then).
 * Read from the access token's `amr` claim, which supabase-js decodes.
 */
async function isRecoverySession(): Promise<boolean> {
  const result = await settle(
    'GET_SESSION_ERROR',
    ERROR_MESSAGES.authenticationFailed,
    async () => {
      const { data } = await (await loadDataClient()).auth.mfa.getAuthenticatorAssuranceLevel();
      // An entry is { method, timestamp }, or the method alone in the RFC 8176 form.
      const methods = (data?.currentAuthenticationMethods ?? []).map((entry) =>
        typeof entry === 'string' ? entry : entry.method,
      );
      return ok(methods.some((method) => RECOVERY_METHODS.has(method)));
    },
  );
  return result.success && result.data;
}

/**
 * Subscribes to auth events (PASSWORD_RECOVERY, TOKEN_REFRESHED, SIGNED_OUT …); returns the
 * unsubscribe. Listeners run inside supabase-js: defer further auth calls (setTimeout) from them.
 */
function onAuthEvent(listener: AuthEventListener): () => void {
  let unsubscribe: (() => void) | null = null;
  // Before supabase-js has loaded there is nothing to hear: the subscription starts when it loads.
  const cancel = whenDataClientLoaded((client) => {
    const { data } = client.auth.onAuthStateChange((event, session) =>
      listener(event, session ? tokensOf(session) : null),
    );
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => {
    cancel();
    unsubscribe?.();
  };
}

/**
 * Starts loading supabase-js without waiting for it (a visitor has begun to fill in the sign-in or
 * sign-up form), so signing in does not wait for the download.
 */
function prepare(): void {
  void loadDataClient().catch(() => undefined);
}

export const authService = {
  signIn,
  signUp,
  signOut,
  getSession,
  getCurrentUser,
  refreshSession,
  refreshWhenOlderThan,
  requestPasswordReset,
  updatePassword,
  changePassword,
  isRecoverySession,
  onAuthEvent,
  prepare,
};
