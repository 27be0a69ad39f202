import type { Factor } from '@supabase/supabase-js';
import { getClient } from '@portal/shared-data/session';
import { fail, fromAuthError, fromPostgrestError, ok, settle, type Result } from '../result';
import type { AuthTokens } from './auth';

// Two-factor sign-in (TOTP) through supabase-js's auth.mfa API: enrol an authenticator app (QR code +
// secret), verify a 6-digit code (the session becomes aal2), remove it. The rule that admins and
// teachers must use it while System Settings → Security → two-factor is on lives in the database
// (two_factor_required_for_me(), and the writes refused from aal1 sessions).

/** A verified authenticator app of the signed-in user. */
export type TwoFactorFactor = { id: string; friendlyName: string | null; createdAt: string };

/** An enrolment waiting for its first code: show the QR code (an SVG data URI) and the secret. */
export type TwoFactorEnrollment = { factorId: string; qrCode: string; secret: string; uri: string };

/** What the sign-in page does after the password. */
export type TwoFactorStep =
  | { kind: 'none' }
  /** The account has an authenticator app: ask for its code. */
  | { kind: 'verify'; factorId: string }
  /** The school requires two-factor sign-in for this account and it has none yet: enrol first. */
  | { kind: 'enroll' };

export type VerifyCodeInput = { factorId: string; code: string };

const FAILED = 'Two-factor sign-in failed';

function verifiedTotp(factors: Factor[] | undefined): Factor[] {
  return (factors ?? []).filter((factor) => factor.factor_type === 'totp' && factor.status === 'verified');
}

/** The signed-in user's verified authenticator apps (one request: the auth server's user). */
async function listFactors(): Promise<Result<TwoFactorFactor[]>> {
  return settle('AUTH_ERROR', FAILED, async () => {
    const { data, error } = await getClient().auth.mfa.listFactors();
    if (error || !data) return fromAuthError('AUTH_ERROR', error, FAILED);
    return ok(
      data.totp.map((factor) => ({
        id: factor.id,
        friendlyName: factor.friendly_name ?? null,
        createdAt: factor.created_at,
      })),
    );
  });
}

/**
 * After a password sign-in: whether the session still needs a code (the account has an authenticator
 * app and the session is aal1), or the account must enrol one first (admins and teachers while the
 * school requires it). `role` is the signed-in profile's role: students are never required to enrol.
 */
async function nextStep(role: string): Promise<Result<TwoFactorStep>> {
  return settle<TwoFactorStep>('AUTH_ERROR', FAILED, async () => {
    const auth = getClient().auth;
    const { data: level, error } = await auth.mfa.getAuthenticatorAssuranceLevel();
    if (error || !level) return fromAuthError('AUTH_ERROR', error, FAILED);
    const { data } = await auth.getSession();
    const factor = verifiedTotp(data.session?.user.factors)[0];
    if (factor && level.currentLevel !== 'aal2') return ok({ kind: 'verify', factorId: factor.id });
    if (factor || (role !== 'admin' && role !== 'teacher')) return ok({ kind: 'none' });
    const required = await getClient().rpc('two_factor_required_for_me');
    if (required.error) return fromPostgrestError('RPC_ERROR', required.error, FAILED);
    return ok(required.data === true ? { kind: 'enroll' } : { kind: 'none' });
  });
}

/**
 * Starts enrolling an authenticator app. Abandoned enrolments (unverified factors) are removed first,
 * since the auth server refuses a second factor with the same (empty) name.
 */
async function enroll(): Promise<Result<TwoFactorEnrollment>> {
  return settle('AUTH_ERROR', FAILED, async () => {
    const auth = getClient().auth;
    const { data: listed, error: listError } = await auth.mfa.listFactors();
    if (listError || !listed) return fromAuthError('AUTH_ERROR', listError, FAILED);
    for (const factor of listed.all.filter((candidate) => candidate.status !== 'verified')) {
      const removed = await auth.mfa.unenroll({ factorId: factor.id });
      if (removed.error) return fromAuthError('AUTH_ERROR', removed.error, FAILED);
    }
    const { data, error } = await auth.mfa.enroll({ factorType: 'totp' });
    if (error || !data) return fromAuthError('AUTH_ERROR', error, FAILED);
    if (data.type !== 'totp') return fail('AUTH_ERROR', FAILED);
    return ok({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri });
  });
}

/**
 * Checks a 6-digit code of `factorId` (challenge + verify). On success the session is aal2 (and an
 * enrolment's factor is verified); resolves to the session's new tokens.
 */
async function verifyCode({ factorId, code }: VerifyCodeInput): Promise<Result<AuthTokens>> {
  return settle('AUTH_ERROR', FAILED, async () => {
    const { data, error } = await getClient().auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
    if (error || !data) return fromAuthError('AUTH_ERROR', error, FAILED);
    return ok({ token: data.access_token, refreshToken: data.refresh_token });
  });
}

/** Removes an authenticator app (a verified one needs an aal2 session). */
async function unenroll(factorId: string): Promise<Result<null>> {
  return settle('AUTH_ERROR', FAILED, async () => {
    const { error } = await getClient().auth.mfa.unenroll({ factorId });
    return error ? fromAuthError('AUTH_ERROR', error, FAILED) : ok(null);
  });
}

export const twoFactorService = { listFactors, nextStep, enroll, verifyCode, unenroll };
