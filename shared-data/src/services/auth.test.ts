import { describe, expect, it, vi } from 'vitest';
import {
  AUTH_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
} from '../remember-me-storage';
import {
  authUserBody,
  installFakeSupabase,
  sessionBody,
  userRow,
  type FakeAccount,
} from '../test-support/fake-supabase';
import { authService, type AuthTokens } from './auth';

const fake = installFakeSupabase();
const account: FakeAccount = {
  id: 'user-1',
  email: 'ana@school.test',
  metadata: { first_name: 'Ana', last_name: 'García', role: 'admin' },
};
const row = userRow({ id: account.id, email: account.email, role: 'teacher' });

function routeProfile(rows: unknown[]) {
  fake.on('GET', '/rest/v1/users', { body: rows });
}

function routeSignIn(label = 'first') {
  fake.on('POST', '/auth/v1/token?grant_type=password', { body: sessionBody(account, label) });
}

async function signedIn(remember = true) {
  routeSignIn();
  routeProfile([row]);
  const result = await authService.signIn({ email: account.email, password: 'secret1', remember });
  expect(result.success).toBe(true);
  fake.reset();
}

describe('authService.signIn', () => {
  it('returns the profile and tokens and keeps them in localStorage when remembered', async () => {
    routeSignIn();
    routeProfile([row]);

    const result = await authService.signIn({
      email: '  ana@school.test ',
      password: 'secret1',
      remember: true,
    });

    const session = sessionBody(account);
    expect(result).toEqual({
      success: true,
      data: {
        token: session.access_token,
        refreshToken: 'refresh-first',
        user: expect.objectContaining({ id: 'user-1', role: 'teacher', firstName: 'Ana' }),
      },
    });
    expect(fake.requestsTo('POST', '/auth/v1/token')[0]?.body).toMatchObject({
      email: 'ana@school.test',
      password: 'secret1',
    });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toContain('refresh-first');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(session.access_token);
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-first');
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('does not load the profile of an account that must choose its own password first', async () => {
    const session = sessionBody(account);
    fake.on('POST', '/auth/v1/token?grant_type=password', {
      body: {
        ...session,
        user: { ...session.user, app_metadata: { provider: 'email', must_change_password: true } },
      },
    });
    routeProfile([row]);

    const result = await authService.signIn({ email: account.email, password: 'One-Time-1', remember: true });

    expect(result).toMatchObject({
      success: false,
      error: { code: 'AUTH_ERROR', details: { passwordChangeRequired: true } },
    });
    // The database would refuse the read (PT403): it is not even tried.
    expect(fake.requestsTo('GET', '/rest/v1/users')).toHaveLength(0);
  });

  it('keeps the session in sessionStorage only when not remembered', async () => {
    routeSignIn();
    routeProfile([row]);

    await authService.signIn({ email: account.email, password: 'secret1', remember: false });

    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toContain('refresh-first');
    expect(sessionStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-first');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("passes the server's message through for wrong credentials", async () => {
    fake.on('POST', '/auth/v1/token', {
      status: 400,
      body: { code: 'invalid_credentials', msg: 'Invalid login credentials' },
    });

    const result = await authService.signIn({
      email: account.email,
      password: 'nope12',
      remember: true,
    });

    expect(result).toEqual({
      success: false,
      error: {
        code: 'LOGIN_ERROR',
        message: 'Invalid login credentials',
        details: expect.objectContaining({ status: 400 }),
      },
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('passes a rate-limit message through with its status', async () => {
    fake.on('POST', '/auth/v1/token', {
      status: 429,
      body: { code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
    });

    const result = await authService.signIn({
      email: account.email,
      password: 'secret1',
      remember: true,
    });

    expect(result).toMatchObject({
      success: false,
      error: {
        code: 'LOGIN_ERROR',
        message: 'Request rate limit reached',
        details: { status: 429 },
      },
    });
  });

  it('resolves to a failure instead of throwing when the server is unreachable', async () => {
    fake.on('POST', '/auth/v1/token', { networkError: true });
    // auth-js logs the fetch failure itself.
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const result = await authService.signIn({
      email: account.email,
      password: 'secret1',
      remember: true,
    });

    expect(result).toMatchObject({
      success: false,
      error: { code: 'LOGIN_ERROR', message: 'Failed to fetch' },
    });
  });

  it('creates a missing profile row as student from the sign-up metadata', async () => {
    routeSignIn();
    routeProfile([]);
    fake.on('POST', '/rest/v1/users', (request) => ({
      status: 201,
      body: userRow({ ...(request.body as object) }),
    }));

    const result = await authService.signIn({
      email: account.email,
      password: 'secret1',
      remember: true,
    });

    expect(fake.requestsTo('POST', '/rest/v1/users')[0]?.body).toEqual({
      id: 'user-1',
      email: 'ana@school.test',
      first_name: 'Ana',
      last_name: 'García',
      role: 'student',
    });
    expect(result).toMatchObject({
      success: true,
      data: { user: { role: 'student', lastName: 'García' } },
    });
  });

  it('reads the row again when the sign-up trigger created it meanwhile', async () => {
    routeSignIn();
    let reads = 0;
    fake.on('GET', '/rest/v1/users', () => ({ body: reads++ === 0 ? [] : [row] }));
    fake.on('POST', '/rest/v1/users', {
      status: 409,
      body: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "users_pkey"',
      },
    });

    const result = await authService.signIn({
      email: account.email,
      password: 'secret1',
      remember: true,
    });

    expect(result).toMatchObject({ success: true, data: { user: { role: 'teacher' } } });
  });

  it('reports a profile that cannot be created', async () => {
    routeSignIn();
    routeProfile([]);
    fake.on('POST', '/rest/v1/users', {
      status: 403,
      body: {
        code: '42501',
        message: 'new row violates row-level security policy for table "users"',
      },
    });

    const result = await authService.signIn({
      email: account.email,
      password: 'secret1',
      remember: true,
    });

    expect(result).toMatchObject({
      success: false,
      error: { code: 'PROFILE_CREATE_ERROR', details: { code: '42501' } },
    });
  });

  it('reports a profile that cannot be read', async () => {
    routeSignIn();
    fake.on('GET', '/rest/v1/users', {
      status: 500,
      body: { code: 'XX000', message: 'database is down' },
    });

    const result = await authService.signIn({
      email: account.email,
      password: 'secret1',
      remember: true,
    });

    expect(result).toMatchObject({
      success: false,
      error: { code: 'GET_USER_ERROR', message: 'database is down' },
    });
  });
});

describe('authService.signUp', () => {
  const input = {
    email: ' new@school.test',
    password: 'secret1',
    firstName: ' Luis ',
    lastName: 'Pérez',
  };

  it('always sends role student with the names', async () => {
    fake.on('POST', '/auth/v1/signup', {
      body: authUserBody({ id: 'user-2', email: 'new@school.test' }),
    });

    const result = await authService.signUp(input);

    expect(fake.requestsTo('POST', '/auth/v1/signup')[0]?.body).toMatchObject({
      email: 'new@school.test',
      password: 'secret1',
      data: { first_name: 'Luis', last_name: 'Pérez', role: 'student' },
    });
    // No session: the project asks for email confirmation first.
    expect(result).toEqual({ success: true, data: null });
  });

  it('returns the new session and profile when the account is usable at once', async () => {
    const newAccount = { id: 'user-2', email: 'new@school.test' };
    fake.on('POST', '/auth/v1/signup', { body: sessionBody(newAccount) });
    routeProfile([userRow({ ...newAccount, first_name: 'Luis', last_name: 'Pérez' })]);

    const result = await authService.signUp(input);

    expect(result).toMatchObject({
      success: true,
      data: { refreshToken: 'refresh-first', user: { id: 'user-2', firstName: 'Luis' } },
    });
  });

  it("passes the server's message through", async () => {
    fake.on('POST', '/auth/v1/signup', {
      status: 422,
      body: { code: 'user_already_exists', msg: 'User already registered' },
    });

    const result = await authService.signUp(input);

    expect(result).toMatchObject({
      success: false,
      error: { code: 'REGISTER_ERROR', message: 'User already registered' },
    });
  });
});

describe('authService.signOut', () => {
  it('ends this session on the server and removes the session and token mirrors', async () => {
    await signedIn();
    fake.on('POST', '/auth/v1/logout', { status: 204 });

    const result = await authService.signOut();

    expect(result).toEqual({ success: true, data: null });
    expect(fake.requestsTo('POST', '/auth/v1/logout')[0]?.query.get('scope')).toBe('local');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    await signedIn(false);
    fake.on('POST', '/auth/v1/logout', { networkError: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const result = await authService.signOut();

    expect(result).toMatchObject({ success: false, error: { code: 'LOGOUT_ERROR' } });
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(await authService.getSession()).toEqual({ success: true, data: null });
  });
});

describe('authService.getSession', () => {
  it('is null without a stored session', async () => {
    expect(await authService.getSession()).toEqual({ success: true, data: null });
  });

  it('returns the stored session with its profile', async () => {
    await signedIn();
    routeProfile([row]);

    const result = await authService.getSession();

    expect(result).toMatchObject({
      success: true,
      data: { refreshToken: 'refresh-first', user: { id: 'user-1', role: 'teacher' } },
    });
  });
});

describe('authService.getCurrentUser', () => {
  it('fails with NO_USER when nobody is signed in', async () => {
    expect(await authService.getCurrentUser()).toEqual({
      success: false,
      error: { code: 'NO_USER', message: 'No authenticated user' },
    });
  });

  it('verifies the account with the server and returns the profile', async () => {
    await signedIn();
    fake.on('GET', '/auth/v1/user', { body: authUserBody(account) });
    routeProfile([row]);

    const result = await authService.getCurrentUser();

    expect(result).toMatchObject({ success: true, data: { id: 'user-1', role: 'teacher' } });
    expect(fake.requestsTo('GET', '/auth/v1/user')).toHaveLength(1);
  });
});

describe('authService.refreshWhenOlderThan', () => {
  const MINUTE = 60_000;

  /** Signed in with tokens issued `minutes` ago. */
  async function signedInAgo(minutes: number) {
    const body = sessionBody(account);
    fake.on('POST', '/auth/v1/token?grant_type=password', {
      body: { ...body, expires_at: body.expires_at - minutes * 60 },
    });
    routeProfile([row]);
    expect(
      (await authService.signIn({ email: account.email, password: 'x', remember: true })).success,
    ).toBe(true);
    fake.reset();
  }

  it('refreshes tokens issued longer ago than the limit', async () => {
    await signedInAgo(16);
    fake.on('POST', '/auth/v1/token?grant_type=refresh_token', {
      body: sessionBody(account, 'second'),
    });

    await authService.refreshWhenOlderThan(15 * MINUTE);

    expect(fake.requestsTo('POST', '/auth/v1/token')).toHaveLength(1);
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-second');
  });

  it('leaves younger tokens alone', async () => {
    await signedInAgo(14);

    await authService.refreshWhenOlderThan(15 * MINUTE);

    expect(fake.requests).toHaveLength(0);
  });

  it('does nothing without a session', async () => {
    await authService.refreshWhenOlderThan(15 * MINUTE);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('authService.refreshSession', () => {
  it('fails when no refresh token is stored', async () => {
    expect(await authService.refreshSession()).toEqual({
      success: false,
      error: { code: 'REFRESH_ERROR', message: 'No refresh token available' },
    });
  });

  it('exchanges the stored refresh token and updates the mirrors', async () => {
    await signedIn();
    const renewed = sessionBody(account, 'second');
    fake.on('POST', '/auth/v1/token?grant_type=refresh_token', { body: renewed });

    const result = await authService.refreshSession();

    expect(fake.requestsTo('POST', '/auth/v1/token')[0]?.body).toEqual({
      refresh_token: 'refresh-first',
    });
    expect(result).toEqual({
      success: true,
      data: { token: renewed.access_token, refreshToken: 'refresh-second' },
    });
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-second');
  });

  it("reports the server's refusal", async () => {
    await signedIn();
    fake.on('POST', '/auth/v1/token?grant_type=refresh_token', {
      status: 400,
      body: {
        code: 'refresh_token_not_found',
        msg: 'Invalid Refresh Token: Refresh Token Not Found',
      },
    });

    const result = await authService.refreshSession();

    expect(result).toMatchObject({
      success: false,
      error: { code: 'REFRESH_ERROR', message: 'Invalid Refresh Token: Refresh Token Not Found' },
    });
  });
});

describe('authService password reset', () => {
  it('asks for the reset email with the redirect back to the portal', async () => {
    fake.on('POST', '/auth/v1/recover', { body: {} });

    const result = await authService.requestPasswordReset(
      ' ana@school.test ',
      'http://localhost:3000/reset-password',
    );

    expect(result).toEqual({ success: true, data: null });
    const [request] = fake.requestsTo('POST', '/auth/v1/recover');
    expect(request?.body).toMatchObject({ email: 'ana@school.test' });
    expect(request?.query.get('redirect_to')).toBe('http://localhost:3000/reset-password');
  });

  it('falls back to "Password reset failed" when the server gives no message', async () => {
    fake.on('POST', '/auth/v1/recover', { status: 503 });

    const result = await authService.requestPasswordReset('ana@school.test', '/reset-password');

    expect(result).toMatchObject({
      success: false,
      error: { code: 'RESET_PASSWORD_ERROR', message: 'Password reset failed' },
    });
  });

  it('sets the new password for the current session', async () => {
    await signedIn();
    fake.on('PUT', '/auth/v1/user', { body: authUserBody(account) });

    const result = await authService.updatePassword('brand-new');

    expect(result).toEqual({ success: true, data: null });
    expect(fake.requestsTo('PUT', '/auth/v1/user')[0]?.body).toMatchObject({
      password: 'brand-new',
    });
  });

  it('reports a refused password update', async () => {
    await signedIn();
    fake.on('PUT', '/auth/v1/user', {
      status: 422,
      body: {
        code: 'same_password',
        msg: 'New password should be different from the old password.',
      },
    });

    const result = await authService.updatePassword('secret1');

    expect(result).toMatchObject({
      success: false,
      error: {
        code: 'UPDATE_PASSWORD_ERROR',
        message: 'New password should be different from the old password.',
      },
    });
  });

  it('fails without a session instead of throwing', async () => {
    const result = await authService.updatePassword('brand-new');

    expect(result).toMatchObject({ success: false, error: { code: 'UPDATE_PASSWORD_ERROR' } });
  });
});

describe('authService.changePassword', () => {
  const input = { currentPassword: 'secret1', newPassword: 'brand-new' };

  it('sends the current password with the new one on the page’s own session, and nothing else', async () => {
    await signedIn();
    fake.on('PUT', '/auth/v1/user', { body: authUserBody(account) });

    const result = await authService.changePassword(input);

    // The page keeps its session (a two-factor one stays aal2); the server checks the current password.
    expect(result).toEqual({
      success: true,
      data: { token: sessionBody(account, 'first').access_token, refreshToken: 'refresh-first' },
    });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'PUT /auth/v1/user',
    ]);
    const [update] = fake.requests;
    expect(update?.body).toMatchObject({ password: 'brand-new', current_password: 'secret1' });
    expect(update?.headers.get('authorization')).toBe(
      `Bearer ${sessionBody(account, 'first').access_token}`,
    );
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-first');
  });

  it('a wrong current password fails with the server’s code and keeps the session', async () => {
    await signedIn();
    fake.on('PUT', '/auth/v1/user', {
      status: 400,
      body: {
        error_code: 'current_password_invalid',
        msg: 'Current password required when setting new password.',
      },
    });

    const result = await authService.changePassword(input);

    expect(result).toMatchObject({
      success: false,
      error: {
        code: 'UPDATE_PASSWORD_ERROR',
        details: { status: 400, code: 'current_password_invalid' },
      },
    });
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-first');
  });

  it('reports any other refused update', async () => {
    await signedIn();
    fake.on('PUT', '/auth/v1/user', {
      status: 422,
      body: { error_code: 'weak_password', msg: 'Password is too weak' },
    });

    expect(await authService.changePassword(input)).toMatchObject({
      success: false,
      error: { code: 'UPDATE_PASSWORD_ERROR', details: { status: 422, code: 'weak_password' } },
    });
  });

  it('fails instead of throwing when the server cannot be reached', async () => {
    await signedIn();
    fake.on('PUT', '/auth/v1/user', { networkError: true });

    expect(await authService.changePassword(input)).toMatchObject({
      success: false,
      error: { code: 'UPDATE_PASSWORD_ERROR' },
    });
  });
});

describe('authService.isRecoverySession', () => {
  it('is false for a password sign-in', async () => {
    await signedIn();
    expect(await authService.isRecoverySession()).toBe(false);
  });

  it('is true for a session opened from a mailed link or code (amr recovery or otp, as GoTrue counts it)', async () => {
    for (const method of ['recovery', 'otp']) {
      fake.on('POST', '/auth/v1/token?grant_type=password', {
        body: sessionBody(account, method, { amr: [{ method, timestamp: 1 }] }),
      });
      routeProfile([row]);
      expect(
        (await authService.signIn({ email: account.email, password: 'x', remember: true })).success,
      ).toBe(true);
      fake.reset();
      expect(await authService.isRecoverySession()).toBe(true);
    }
  });

  it('is false without a session', async () => {
    expect(await authService.isRecoverySession()).toBe(false);
  });
});

describe('authService.onAuthEvent', () => {
  it('reports events with their tokens until unsubscribed', async () => {
    const events: Array<[string, AuthTokens | null]> = [];
    const unsubscribe = authService.onAuthEvent((event, tokens) => events.push([event, tokens]));
    await vi.waitFor(() => expect(events.map(([event]) => event)).toContain('INITIAL_SESSION'));

    await signedIn();
    expect(events).toContainEqual([
      'SIGNED_IN',
      expect.objectContaining({ refreshToken: 'refresh-first' }),
    ]);

    unsubscribe();
    fake.on('POST', '/auth/v1/logout', { status: 204 });
    await authService.signOut();
    expect(events.map(([event]) => event)).not.toContain('SIGNED_OUT');
  });
});
