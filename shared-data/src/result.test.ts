// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fail, fromAuthError, fromPostgrestError, ok, settle } from './result';

describe('ok / fail', () => {
  it('builds the two shapes', () => {
    expect(ok([1])).toEqual({ success: true, data: [1] });
    expect(fail('NO_USER', 'No authenticated user')).toEqual({
      success: false,
      error: { code: 'NO_USER', message: 'No authenticated user' },
    });
    expect(fail('RPC_ERROR', 'Course is full', { course: 'c1' })).toEqual({
      success: false,
      error: { code: 'RPC_ERROR', message: 'Course is full', details: { course: 'c1' } },
    });
  });
});

describe('fromPostgrestError', () => {
  it("keeps the provider's message and its code, details and hint", () => {
    const error = { message: 'permission denied', code: '42501', details: 'row', hint: 'grant it' };

    expect(fromPostgrestError('FETCH_COURSES_ERROR', error, 'Failed to fetch courses')).toEqual({
      success: false,
      error: {
        code: 'FETCH_COURSES_ERROR',
        message: 'permission denied',
        details: { code: '42501', details: 'row', hint: 'grant it' },
      },
    });
  });

  it.each([null, undefined, {}, { message: '' }, { message: '   ' }, 'boom'])(
    'falls back to the fixed product message for %j',
    (error) => {
      expect(fromPostgrestError('DELETE_CLASSES_ERROR', error, 'Failed to delete class')).toEqual({
        success: false,
        error: { code: 'DELETE_CLASSES_ERROR', message: 'Failed to delete class' },
      });
    },
  );

  it('accepts thrown errors', () => {
    expect(
      fromPostgrestError('UNKNOWN_ERROR', new TypeError('Failed to fetch'), 'x').error.message,
    ).toBe('Failed to fetch');
  });
});

describe('fromAuthError', () => {
  it('keeps the HTTP status and auth code', () => {
    const error = {
      message: 'Request rate limit reached',
      status: 429,
      code: 'over_request_rate_limit',
    };

    expect(fromAuthError('LOGIN_ERROR', error, 'Login failed')).toEqual({
      success: false,
      error: {
        code: 'LOGIN_ERROR',
        message: 'Request rate limit reached',
        details: { status: 429, code: 'over_request_rate_limit' },
      },
    });
  });

  it("treats auth-js's unreadable 5xx message '{}' as no message", () => {
    expect(
      fromAuthError('REFRESH_ERROR', { message: '{}', status: 503 }, 'Token refresh failed'),
    ).toEqual({
      success: false,
      error: { code: 'REFRESH_ERROR', message: 'Token refresh failed', details: { status: 503 } },
    });
  });
});

describe('settle', () => {
  it('passes results through', async () => {
    expect(await settle('QUERY_ERROR', 'x', async () => ok(1))).toEqual(ok(1));
  });

  it('turns a throw into a failure with the given code', async () => {
    const result = await settle('QUERY_ERROR', 'Query failed', async () => {
      throw new Error('socket closed');
    });

    expect(result).toEqual(fail('QUERY_ERROR', 'socket closed'));
  });

  it('uses the fallback for throws without a message', async () => {
    const result = await settle('QUERY_ERROR', 'Query failed', () => Promise.reject(42));

    expect(result).toEqual(fail('QUERY_ERROR', 'Query failed'));
  });
});
