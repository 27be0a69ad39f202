import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY, databaseUrl } from '../src/config';
import { connect } from '../src/database';
import { anonClient, auth, freshIp, serviceClient, signUpUser, type SignedUpUser } from './support';
import { accessClaims as claimsOf, totpCode as codeFor, wrongTotpCode as wrongCodeFor } from './totp';

// Two-factor sign-in (TOTP) through supabase-js's auth.mfa API, against the gateway's /factors endpoints.
// Codes are computed here from the secret the enrolment returns (RFC 6238, SHA-1, 6 digits, 30 s), never
// by the gateway's own code.

async function accessTokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

async function enroll(client: SupabaseClient) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (error || !data) throw error ?? new Error('enroll returned nothing');
  if (data.type !== 'totp') throw new Error('not a TOTP factor');
  return data;
}

/** A new user with a verified TOTP factor and an aal2 session on `person.client`. */
async function withVerifiedFactor(label: string): Promise<SignedUpUser & { factorId: string; secret: string }> {
  const person = await signUpUser(label);
  const factor = await enroll(person.client);
  const { error } = await person.client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
  if (error) throw error;
  return { ...person, factorId: factor.id, secret: factor.totp.secret };
}

async function signInAgain(person: SignedUpUser): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: person.email, password: person.password });
  if (error) throw error;
  return client;
}

const db = connect(databaseUrl());
afterAll(async () => (await db).end());

describe('enroll (POST /factors)', () => {
  it('returns the factor id, a QR code as an SVG data URI, the base32 secret and the otpauth URI', async () => {
    const person = await signUpUser('mfa-enroll');
    const factor = await enroll(person.client);

    expect(factor.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    // Unencoded in the data URI: a '#' would end it.
    expect(factor.totp.qr_code).not.toContain('#');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(factor.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(factor.totp.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(person.email);

    const { data: factors } = await person.client.auth.mfa.listFactors();
    expect(factors?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(factors?.totp).toEqual([]);
    const { data: level } = await person.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('refuses an unknown factor type and a second unnamed factor (GoTrue: friendly name conflict)', async () => {
    const person = await signUpUser('mfa-types');
    const { error: typeError } = await person.client.auth.mfa.enroll({ factorType: 'sms' as 'totp' });
    expect(typeError).toMatchObject({ status: 400, code: 'validation_failed' });
    await enroll(person.client);
    const { error } = await person.client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });

  it('needs aal2 to add a factor once one is verified', async () => {
    const person = await withVerifiedFactor('mfa-second');
    const aal1 = await signInAgain(person);
    const { error } = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second phone' });
    expect(error).toMatchObject({ status: 403, code: 'insufficient_aal' });
  });

  it('needs a signed-in user', async () => {
    const { error } = await anonClient().auth.mfa.enroll({ factorType: 'totp' });
    expect(error).not.toBeNull();
  });
});

describe('challenge and verify', () => {
  it('verifying a code turns the session into aal2 with totp in amr, keeps it on refresh and verifies the factor', async () => {
    const person = await signUpUser('mfa-verify');
    const factor = await enroll(person.client);
    const before = claimsOf(await accessTokenOf(person.client));
    expect(before.aal).toBe('aal1');

    const { data: challenge, error: challengeError } = await person.client.auth.mfa.challenge({ factorId: factor.id });
    expect(challengeError).toBeNull();
    expect(challenge?.type).toBe('totp');
    const expiresIn = (challenge?.expires_at ?? 0) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(290);
    expect(expiresIn).toBeLessThanOrEqual(301);

    const { data: verified, error } = await person.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge?.id as string,
      code: codeFor(factor.totp.secret),
    });
    expect(error).toBeNull();
    const claims = claimsOf(verified?.access_token as string);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr?.map((entry) => entry.method)).toEqual(['password', 'totp']);
    expect(claims.session_id).toBe(before.session_id);

    const { data: level } = await person.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await person.client.auth.mfa.listFactors();
    expect(factors?.totp.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']]);

    const { data: refreshed, error: refreshError } = await person.client.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(claimsOf(refreshed.session?.access_token as string).aal).toBe('aal2');
  });

  it('a new password sign-in is aal1 with aal2 next, and ends in aal2 after the code', async () => {
    const person = await withVerifiedFactor('mfa-signin');
    const client = await signInAgain(person);
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    // The enrolment used this step's code; a code is accepted once, so sign in with the next step's.
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeFor(person.secret, 1) });
    expect(error).toBeNull();
    expect(claimsOf(await accessTokenOf(client)).aal).toBe('aal2');
  });

  it('refuses a wrong code with mfa_verification_failed and keeps the challenge for another try', async () => {
    const person = await signUpUser('mfa-wrong');
    const factor = await enroll(person.client);
    const { data: challenge } = await person.client.auth.mfa.challenge({ factorId: factor.id });
    const wrong = await person.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge?.id as string,
      code: wrongCodeFor(factor.totp.secret),
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const right = await person.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge?.id as string,
      code: codeFor(factor.totp.secret),
    });
    expect(right.error).toBeNull();
  });

  it('voids a challenge after 5 wrong codes: the right code is then refused too', async () => {
    const person = await signUpUser('mfa-five');
    const factor = await enroll(person.client);
    const { data: challenge } = await person.client.auth.mfa.challenge({ factorId: factor.id });
    const challengeId = challenge?.id as string;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { error } = await person.client.auth.mfa.verify({ factorId: factor.id, challengeId, code: wrongCodeFor(factor.totp.secret) });
      expect(error).toMatchObject({ code: 'mfa_verification_failed' });
    }
    const { error } = await person.client.auth.mfa.verify({ factorId: factor.id, challengeId, code: codeFor(factor.totp.secret) });
    expect(error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
    expect(claimsOf(await accessTokenOf(person.client)).aal).toBe('aal1');
  });

  it('accepts a code once: the same code on a new challenge is refused', async () => {
    const person = await withVerifiedFactor('mfa-replay');
    const code = codeFor(person.secret, 1);
    const first = await signInAgain(person);
    expect((await first.auth.mfa.challengeAndVerify({ factorId: person.factorId, code })).error).toBeNull();
    const second = await signInAgain(person);
    const replay = await second.auth.mfa.challengeAndVerify({ factorId: person.factorId, code });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
  });

  it('refuses an expired challenge (after 5 minutes) with mfa_challenge_expired', async () => {
    const person = await signUpUser('mfa-expired');
    const factor = await enroll(person.client);
    const { data: challenge } = await person.client.auth.mfa.challenge({ factorId: factor.id });
    await (await db).query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge?.id]);
    const { error } = await person.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge?.id as string,
      code: codeFor(factor.totp.secret),
    });
    expect(error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
  });

  it('refuses a verify from another address than the challenge', async () => {
    const person = await signUpUser('mfa-ip');
    const factor = await enroll(person.client);
    const token = person.session.access_token;
    const challenge = await auth(freshIp(), 'POST', `/factors/${factor.id}/challenge`, {}, token);
    expect(challenge.status).toBe(200);
    const verify = await auth(freshIp(), 'POST', `/factors/${factor.id}/verify`, {
      challenge_id: challenge.body.id,
      code: codeFor(factor.totp.secret),
    }, token);
    expect(verify.status).toBe(422);
    expect(verify.body).toMatchObject({ error_code: 'mfa_ip_address_mismatch' });
  });

  it("404s another user's factor (mfa_factor_not_found) and a malformed id", async () => {
    const owner = await signUpUser('mfa-owner');
    const factor = await enroll(owner.client);
    const stranger = await signUpUser('mfa-stranger');
    const { error } = await stranger.client.auth.mfa.challenge({ factorId: factor.id });
    expect(error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const { error: unenrollError } = await stranger.client.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrollError).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const { error: badId } = await stranger.client.auth.mfa.challenge({ factorId: 'not-a-uuid' });
    expect(badId).toMatchObject({ status: 404 });
  });

  it('limits challenges and verifies per user, from any address (429 with Retry-After)', async () => {
    const person = await signUpUser('mfa-rate');
    const factor = await enroll(person.client);
    const answers = [];
    for (let i = 0; i < 16; i += 1) {
      answers.push(await auth(freshIp(), 'POST', `/factors/${factor.id}/challenge`, {}, person.session.access_token));
    }
    expect(answers.slice(0, 15).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[15]?.status).toBe(429);
    expect(Number(answers[15]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("verifying ends the user's other aal1 sessions", async () => {
    const person = await signUpUser('mfa-others');
    const other = await signInAgain(person);
    const factor = await enroll(person.client);
    const { error } = await person.client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect(error).toBeNull();
    const { error: refreshError } = await other.auth.refreshSession();
    expect(refreshError).not.toBeNull();
  });
});

describe('unenroll (DELETE /factors/:id)', () => {
  it('needs aal2 for a verified factor, then downgrades the sessions to aal1', async () => {
    const person = await withVerifiedFactor('mfa-unenroll');
    const aal1 = await signInAgain(person);
    const refused = await aal1.auth.mfa.unenroll({ factorId: person.factorId });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });

    const { data, error } = await person.client.auth.mfa.unenroll({ factorId: person.factorId });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: person.factorId });
    const { data: refreshed } = await person.client.auth.refreshSession();
    expect(claimsOf(refreshed.session?.access_token as string).aal).toBe('aal1');
    const { data: factors } = await person.client.auth.mfa.listFactors();
    expect(factors?.all).toEqual([]);
  });

  it('removes an unverified factor from an aal1 session', async () => {
    const person = await signUpUser('mfa-abandon');
    const factor = await enroll(person.client);
    const { error } = await person.client.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    const { data: factors } = await person.client.auth.mfa.listFactors();
    expect(factors?.all).toEqual([]);
  });
});

describe('changing the password or email with two-factor on (PUT /user)', () => {
  it('needs an aal2 session: an aal1 one gets 401 insufficient_aal and nothing changes', async () => {
    const person = await withVerifiedFactor('mfa-update');
    const aal1 = await signInAgain(person);
    expect(claimsOf(await accessTokenOf(aal1)).aal).toBe('aal1');

    const password = await aal1.auth.updateUser({ password: `${person.password}-new`, current_password: person.password });
    expect(password.error?.status).toBe(401);
    expect(password.error?.code).toBe('insufficient_aal');
    const email = await aal1.auth.updateUser({ email: `moved-${person.email}` });
    expect(email.error?.code).toBe('insufficient_aal');
    // The names may still change from aal1, and the old password still signs in.
    expect((await aal1.auth.updateUser({ data: { first_name: 'Still' } })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: person.email, password: person.password })).error).toBeNull();

    // The aal2 session changes the password (with the current one, as every signed-in change).
    expect(
      (await person.client.auth.updateUser({ password: `${person.password}-new`, current_password: person.password })).error,
    ).toBeNull();
  });
});

describe('admin MFA API (GET /admin/users/:id/factors, DELETE /admin/users/:id/factors/:factorId)', () => {
  it('the service role lists a user’s factors and deletes one: the user’s aal2 sessions are aal1 again', async () => {
    const person = await withVerifiedFactor('mfa-admin-delete');
    const admin = serviceClient();

    const listed = await admin.auth.admin.mfa.listFactors({ userId: person.user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => [f.id, f.factor_type, f.status])).toEqual([[person.factorId, 'totp', 'verified']]);

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: person.user.id, id: person.factorId });
    expect(deleted.error).toBeNull();
    // supabase-js 2.109 wraps the answer once more ({ data: { data: factor, error: null } }).
    const factor = (deleted.data as unknown as { data: unknown }).data;
    expect(factor).toMatchObject({ id: person.factorId, factor_type: 'totp', status: 'verified' });

    expect((await admin.auth.admin.mfa.listFactors({ userId: person.user.id })).data?.factors).toEqual([]);
    const { rows } = await (await db).query<{ aal: string }>('select aal::text as aal from auth.sessions where user_id = $1', [
      person.user.id,
    ]);
    expect(rows.map((row) => row.aal)).toEqual(['aal1']);
    const { data: refreshed } = await person.client.auth.refreshSession();
    expect(claimsOf(refreshed.session?.access_token as string).aal).toBe('aal1');
    // The password alone is a full sign-in again.
    const { data: level } = await (await signInAgain(person)).auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('404s an unknown user, a malformed id and another user’s factor (GoTrue’s codes)', async () => {
    const owner = await withVerifiedFactor('mfa-admin-owner');
    const other = await signUpUser('mfa-admin-other');
    const admin = serviceClient();
    const ip = freshIp();

    const unknown = await auth(ip, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000/factors', undefined, SERVICE_ROLE_KEY);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_code: 'user_not_found' });
    const malformed = await auth(ip, 'GET', '/admin/users/not-a-uuid/factors', undefined, SERVICE_ROLE_KEY);
    expect(malformed.status).toBe(404);
    const foreign = await admin.auth.admin.mfa.deleteFactor({ userId: other.user.id, id: owner.factorId });
    expect(foreign.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await admin.auth.admin.mfa.listFactors({ userId: owner.user.id })).data?.factors).toHaveLength(1);
  });

  it('refuses every caller but the service role (403 not_admin), and anon without a token', async () => {
    const owner = await withVerifiedFactor('mfa-admin-refused');
    const ip = freshIp();
    const list = `/admin/users/${owner.user.id}/factors`;
    const one = `${list}/${owner.factorId}`;
    // The anon key, and the owner's own aal2 session: neither is the admin API's caller.
    for (const token of [undefined, await accessTokenOf(owner.client)]) {
      const listed = await auth(ip, 'GET', list, undefined, token);
      expect(listed.status).toBe(403);
      expect(listed.body).toMatchObject({ error_code: 'not_admin' });
      const deleted = await auth(ip, 'DELETE', one, undefined, token);
      expect(deleted.status).toBe(403);
    }
    const { rowCount } = await (await db).query('select 1 from auth.mfa_factors where id = $1', [owner.factorId]);
    expect(rowCount).toBe(1);
  });
});
