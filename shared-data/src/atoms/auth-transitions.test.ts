// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../result';
import { appUser, authSession } from '../test-support/auth-fixtures';
import {
  authEventReceived,
  initialAuthState,
  initializeFinished,
  loginFinished,
  logoutFinished,
  passwordRequestFinished,
  registerFinished,
  requestStarted,
  type AuthState,
} from './auth-transitions';

const signedIn: AuthState = {
  ...initialAuthState,
  user: appUser(),
  token: 'access-1',
  refreshToken: 'refresh-1',
  initialized: true,
};
const loading = (state: AuthState) => requestStarted(state);

describe('requestStarted', () => {
  it('sets loading and clears the previous error', () => {
    expect(requestStarted({ ...initialAuthState, error: 'Login failed' })).toEqual({
      ...initialAuthState,
      isLoading: true,
      error: null,
    });
  });
});

describe('initializeFinished', () => {
  it('stores a found session and marks auth initialised', () => {
    expect(initializeFinished(loading(initialAuthState), ok(authSession()))).toEqual({
      user: appUser(),
      token: 'access-1',
      refreshToken: 'refresh-1',
      isLoading: false,
      error: null,
      initialized: true,
      sessionCheckFailure: null,
      twoFactorPending: null,
    });
  });

  it('treats a stored session that must first choose its password as signed out, not as a failure', () => {
    const state = initializeFinished(
      loading(signedIn),
      fail('AUTH_ERROR', 'Choose your own password first', { passwordChangeRequired: true }),
    );
    expect(state).toMatchObject({
      user: null,
      token: null,
      initialized: true,
      error: null,
      sessionCheckFailure: null,
      twoFactorPending: null,
    });
  });

  it('is initialised and signed out without a session', () => {
    expect(initializeFinished(loading(initialAuthState), ok(null))).toEqual({
      ...initialAuthState,
      initialized: true,
    });
  });

  it.each([
    ['the network is down', fail('GET_SESSION_ERROR', 'Failed to fetch')],
    [
      'the auth server answers 503',
      fail('GET_SESSION_ERROR', 'Service Unavailable', { status: 503 }),
    ],
    ['the auth server answers 500', fail('GET_SESSION_ERROR', 'Internal error', { status: 500 })],
    [
      'the profile cannot be read',
      fail('GET_USER_ERROR', 'TypeError: Failed to fetch', { code: '' }),
    ],
  ])('keeps the stored session and records the failure when %s', (_cause, result) => {
    const state = initializeFinished(loading(initialAuthState), result);

    expect(state).toMatchObject({
      user: null,
      isLoading: false,
      initialized: true,
      sessionCheckFailure: result.error,
    });
  });

  it.each([
    ['the refresh token is unknown', { status: 400, code: 'refresh_token_not_found' }],
    ['the refresh token was used already', { status: 400, code: 'refresh_token_already_used' }],
    ['the session is gone', { status: 403, code: 'session_not_found' }],
    ['the server answers 401', { status: 401 }],
    ['the server answers 403', { status: 403 }],
    ['the JWT expired', { code: 'PGRST303' }],
  ])("signs out with 'Failed to initialize auth' when %s", (_cause, details) => {
    const result = fail('GET_SESSION_ERROR', 'Rejected', details);

    expect(initializeFinished(loading(signedIn), result)).toEqual({
      ...initialAuthState,
      error: 'Failed to initialize auth',
      initialized: true,
    });
  });

  it('a later successful check clears the recorded failure', () => {
    const failedOnce = initializeFinished(
      loading(initialAuthState),
      fail('GET_SESSION_ERROR', 'Failed to fetch'),
    );

    expect(initializeFinished(loading(failedOnce), ok(authSession()))).toMatchObject({
      user: appUser(),
      error: null,
      sessionCheckFailure: null,
      initialized: true,
    });
  });
});

describe('loginFinished', () => {
  it('stores the user and tokens', () => {
    const session = authSession({
      user: appUser({ role: 'teacher' }),
      token: 't',
      refreshToken: 'r',
    });

    expect(loginFinished(loading(initialAuthState), ok(session))).toMatchObject({
      user: { role: 'teacher' },
      token: 't',
      refreshToken: 'r',
      isLoading: false,
      error: null,
    });
  });

  it("stores the failure's message", () => {
    const result = fail('LOGIN_ERROR', 'Invalid login credentials');

    expect(loginFinished(loading(initialAuthState), result)).toEqual({
      ...initialAuthState,
      error: 'Invalid login credentials',
    });
  });
});

describe('registerFinished', () => {
  it('stores the new session', () => {
    expect(registerFinished(loading(initialAuthState), ok(authSession()))).toMatchObject({
      user: appUser(),
      token: 'access-1',
      isLoading: false,
    });
  });

  it('only stops loading while the email awaits confirmation', () => {
    expect(registerFinished(loading(initialAuthState), ok(null))).toEqual(initialAuthState);
  });

  it("stores the failure's message", () => {
    expect(
      registerFinished(
        loading(initialAuthState),
        fail('REGISTER_ERROR', 'User already registered'),
      ),
    ).toMatchObject({ isLoading: false, error: 'User already registered', user: null });
  });
});

describe('logoutFinished', () => {
  it('clears the user and tokens', () => {
    expect(logoutFinished(loading(signedIn))).toEqual({ ...initialAuthState, initialized: true });
  });

  it('clears them even when the server call failed', () => {
    expect(logoutFinished(loading(signedIn))).toMatchObject({
      user: null,
      token: null,
      error: null,
    });
  });
});

describe('passwordRequestFinished', () => {
  it('only stops loading on success', () => {
    expect(passwordRequestFinished(loading(signedIn), ok(null))).toEqual(signedIn);
  });

  it('only stores the message on failure, keeping user and tokens', () => {
    const result = fail('UPDATE_PASSWORD_ERROR', 'Password update failed');

    expect(passwordRequestFinished(loading(signedIn), result)).toEqual({
      ...signedIn,
      error: 'Password update failed',
    });
  });
});

describe('authEventReceived', () => {
  const tokens = { token: 'access-2', refreshToken: 'refresh-2' };

  it('takes the tokens of a background refresh', () => {
    expect(authEventReceived(signedIn, 'TOKEN_REFRESHED', tokens)).toEqual({
      ...signedIn,
      ...tokens,
    });
  });

  it('ignores refreshed tokens while signed out', () => {
    expect(authEventReceived(initialAuthState, 'TOKEN_REFRESHED', tokens)).toBe(initialAuthState);
  });

  it('signs the page out when the session ends elsewhere', () => {
    expect(authEventReceived(signedIn, 'SIGNED_OUT', null)).toEqual({
      ...initialAuthState,
      initialized: true,
    });
  });

  it.each(['SIGNED_IN', 'INITIAL_SESSION', 'PASSWORD_RECOVERY', 'USER_UPDATED'] as const)(
    'leaves %s to the requests that fetch the profile',
    (event) => {
      expect(authEventReceived(signedIn, event, tokens)).toBe(signedIn);
    },
  );
});
