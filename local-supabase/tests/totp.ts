import type { SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';

// RFC 6238 codes computed by the tests themselves (SHA-1, 6 digits, 30 s), never by the gateway's code.

const STEP_MS = 30_000;

/** The code of `secret` at the current 30 s step, or `stepsAhead` steps later. */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * STEP_MS });
}

/** A code that is valid at no step near now. */
export function wrongTotpCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => totpCode(secret, steps)));
  let guess = 0;
  while (near.has(String(guess).padStart(6, '0'))) guess += 1;
  return String(guess).padStart(6, '0');
}

/** The claims of an access token (not verified: the tests only read what the gateway issued). */
export function accessClaims(accessToken: string): {
  aal?: string;
  amr?: Array<{ method: string; timestamp: number }>;
  session_id?: string;
} {
  return JSON.parse(Buffer.from(accessToken.split('.')[1] as string, 'base64url').toString('utf8'));
}

/**
 * Enrols a TOTP factor on `client`'s user and verifies it, so the client's session becomes aal2.
 * Returns the factor id and its secret.
 */
export async function enrollVerifiedTotp(client: SupabaseClient): Promise<{ factorId: string; secret: string }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (error || !data || data.type !== 'totp') throw error ?? new Error('enroll returned no TOTP factor');
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: totpCode(data.totp.secret) });
  if (verified.error) throw verified.error;
  return { factorId: data.id, secret: data.totp.secret };
}
