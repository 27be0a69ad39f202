// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNotingRetryAfter, takeRetryAfterSeconds } from './client';
import { fail } from './result';
import { errorMessageKey, errorMessageValues } from './rules/error-messages';

// A locked-out sign-in says how long to wait (issue 29): the client's fetch notes a 429's
// Retry-After (supabase-js keeps only an auth error's status, code and message), and the message
// key and its values say it in minutes. The whole path is supabase/tests/services/sign-in-lockout.test.ts.

afterEach(() => {
  vi.unstubAllGlobals();
  takeRetryAfterSeconds();
});

describe('fetchNotingRetryAfter', () => {
  it("notes a 429's Retry-After once, and nothing for other answers", async () => {
    const answers = [
      new Response('{}', { status: 429, headers: { 'retry-after': '900' } }),
      new Response('{}', { status: 400 }),
    ];
    vi.stubGlobal('fetch', vi.fn(async () => answers.shift()!));

    expect((await fetchNotingRetryAfter('http://api.test/auth/v1/token')).status).toBe(429);
    expect(takeRetryAfterSeconds()).toBe(900);
    expect(takeRetryAfterSeconds()).toBeNull();

    await fetchNotingRetryAfter('http://api.test/auth/v1/token');
    expect(takeRetryAfterSeconds()).toBeNull();
  });

  it('a 429 without a usable Retry-After names no wait', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 429 })));
    await fetchNotingRetryAfter('http://api.test/auth/v1/token');
    expect(takeRetryAfterSeconds()).toBeNull();
  });
});

describe('the lockout message', () => {
  const limited = (details: Record<string, unknown>) =>
    fail('LOGIN_ERROR', 'Too many login attempts. Please try again later.', {
      status: 429,
      code: 'over_request_rate_limit',
      ...details,
    }).error;

  it('says how many minutes to wait, rounded up, when the server named the wait', () => {
    expect(errorMessageKey(limited({ retryAfterSeconds: 900 }))).toBe('rateLimitedFor');
    expect(errorMessageValues(limited({ retryAfterSeconds: 900 }))).toEqual({ count: 15 });
    expect(errorMessageValues(limited({ retryAfterSeconds: 61 }))).toEqual({ count: 2 });
    expect(errorMessageValues(limited({ retryAfterSeconds: 20 }))).toEqual({ count: 1 });
  });

  it('keeps the general rate-limit message when it did not', () => {
    expect(errorMessageKey(limited({}))).toBe('rateLimited');
    expect(errorMessageValues(limited({}))).toEqual({});
  });
});
