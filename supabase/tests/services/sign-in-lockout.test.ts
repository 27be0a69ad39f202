import { describe, expect, it } from 'vitest';
import { signUpUser } from '../../../local-supabase/tests/support';
import {
  errorMessageKey,
  errorMessageValues,
} from '../../../shared-data/src/rules/error-messages';
import { authService } from '../../../shared-data/src/services/auth';
import { installLocalDataClient } from './data-client';

// A locked-out sign-in says how long to wait (issue 29): the auth server names the wait (429 with
// Retry-After), and the sign-in service, through supabase-js and the page's one data client, hands it
// to the form as minutes.

installLocalDataClient();

describe('a sign-in locked out after too many wrong passwords', () => {
  it('fails with the wait the server named, in whole minutes', async () => {
    const { email } = await signUpUser('lockout-wait');
    let locked = false;
    // As many wrong passwords as the school's max login attempts (System Settings), whatever it is.
    for (let attempt = 0; attempt < 12 && !locked; attempt += 1) {
      const result = await authService.signIn({ email, password: 'wrong-password', remember: false });
      expect(result.success).toBe(false);
      if (!result.success) locked = (result.error.details as { status?: number })?.status === 429;
    }
    expect(locked).toBe(true);

    const result = await authService.signIn({ email, password: 'wrong-password', remember: false });
    expect(result.success).toBe(false);
    if (result.success) return;
    const seconds = (result.error.details as { retryAfterSeconds?: number }).retryAfterSeconds;
    expect(seconds).toBeGreaterThan(0);
    expect(errorMessageKey(result.error)).toBe('rateLimitedFor');
    expect(errorMessageValues(result.error)).toEqual({ count: Math.ceil(seconds! / 60) });
  });
});
