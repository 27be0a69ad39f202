// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseAuthRedirect } from './auth-redirect';

describe('parseAuthRedirect', () => {
  it('reads a recovery redirect', () => {
    expect(parseAuthRedirect('#access_token=a&refresh_token=b&type=recovery')).toEqual({
      type: 'recovery',
      error: null,
    });
  });

  it('reads an expired-link error', () => {
    expect(
      parseAuthRedirect(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ type: null, error: 'Email link is invalid or has expired' });
  });

  it('is empty without a fragment', () => {
    expect(parseAuthRedirect('')).toEqual({ type: null, error: null });
  });
});
