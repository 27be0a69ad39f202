import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_URL } from '../src/config';
import { readOutbox } from '../src/outbox-client';
import { type PendingCode, auth, followLink, freshIp, knownCode, signUpUser, uniqueEmail } from './support';

// docs/security.md "Verification codes": every way of answering a mailed code counts against that
// code, the 5th wrong try voids it, and the link's token is long and random, so nobody can turn a
// guessed 6-digit code into a link or a token hash.

const sha224 = (text: string) => createHash('sha224').update(text).digest('hex');

interface Mailed {
  code: string;
  link: URL;
}

/**
 * The link mailed to `email` (of type `type`), and the code that goes with it: the mail carries only
 * the link, so the test gives the pending code one it knows (knownCode).
 */
async function lastMail(email: string, type: string, account: string, which: PendingCode): Promise<Mailed> {
  const links = (await readOutbox(email)).flatMap((mail) =>
    mail.text.split(/\s+/).filter((word) => word.startsWith(`${API_URL}/auth/v1/verify?`) && word.includes(`type=${type}`)),
  );
  expect(links[0], `a ${type} link mailed to ${email}`).toBeDefined();
  return { code: await knownCode(account, which), link: new URL(links[0] as string) };
}

async function recoveryMail(email: string): Promise<Mailed> {
  expect((await auth(freshIp(), 'POST', '/recover', { email })).status).toBe(200);
  return lastMail(email, 'recovery', email, 'recovery');
}

const wrong = (code: string, attempt: number) => String((Number(code) + 1 + attempt) % 1_000_000).padStart(6, '0');

const verifyCode = (type: string, email: string, token: string) =>
  auth(freshIp(), 'POST', '/verify', { type, email, token });
const verifyHash = (type: string, tokenHash: string) => auth(freshIp(), 'POST', '/verify', { type, token_hash: tokenHash });

/** Where the emailed link sends the browser: a session in the fragment, or an error. */
async function linkOutcome(link: URL): Promise<URLSearchParams> {
  const location = await followLink(link.toString());
  return new URLSearchParams(location.hash.slice(1));
}

describe('recovery: the link token', () => {
  it('is long and random, not the SHA-224 of the address and the 6-digit code', async () => {
    const { email } = await signUpUser('link-random');
    const { code, link } = await recoveryMail(email);
    const token = link.searchParams.get('token') as string;
    expect(token).not.toBe(sha224(email + code));
    // At least 32 random bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it('cannot be built from a guessed code: the hash of address + right code is refused', async () => {
    const { email } = await signUpUser('hash-derived');
    const { code, link } = await recoveryMail(email);
    const derived = sha224(email + code);
    const byPost = await verifyHash('recovery', derived);
    expect(byPost.status).toBe(403);
    expect(byPost.body).toMatchObject({ error_code: 'otp_expired' });
    const asLink = new URL(link);
    asLink.searchParams.set('token', derived);
    expect((await linkOutcome(asLink)).get('error_code')).toBe('otp_expired');
    // The real link still works: nothing above touched it.
    expect((await linkOutcome(link)).get('access_token')).toBeTruthy();
  });

  it('also works as token_hash of POST /verify (verifyOtp({ token_hash }))', async () => {
    const { email } = await signUpUser('hash-post');
    const { link } = await recoveryMail(email);
    const answer = await verifyHash('recovery', link.searchParams.get('token') as string);
    expect(answer.status).toBe(200);
    expect(typeof answer.body.access_token).toBe('string');
  });
});

describe('recovery: wrong codes', () => {
  it('void the code and its link on the 5th wrong try, whatever form the tries took', async () => {
    const { email } = await signUpUser('void-all');
    const { code, link } = await recoveryMail(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verifyCode('recovery', email, wrong(code, attempt))).status).toBe(403);
    }
    expect((await verifyCode('recovery', email, code)).status).toBe(403);
    expect((await verifyHash('recovery', link.searchParams.get('token') as string)).status).toBe(403);
    expect((await linkOutcome(link)).get('error_code')).toBe('otp_expired');
  });

  it('count against the pending code: a new code starts with 5 tries of its own', async () => {
    const { email } = await signUpUser('new-code');
    const first = await recoveryMail(email);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await verifyCode('recovery', email, wrong(first.code, attempt))).status).toBe(403);
    }
    // The recovery mail is limited per address: wait for the next allowed send.
    await expect.poll(async () => (await auth(freshIp(), 'POST', '/recover', { email })).status, { timeout: 15_000, interval: 500 }).toBe(200);
    const second = await knownCode(email, 'recovery');
    expect(second).toMatch(/^\d{6}$/);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const guess = wrong(second, attempt);
      if (guess === first.code) continue;
      expect((await verifyCode('recovery', email, guess)).status).toBe(403);
    }
    const right = await verifyCode('recovery', email, second);
    expect(right.status).toBe(200);
  });
});

describe('email change: codes and links', () => {
  async function startChange() {
    const person = await signUpUser('change-codes');
    const next = uniqueEmail('change-codes-new');
    const { error } = await person.client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    return {
      ...person,
      next,
      toNew: await lastMail(next, 'email_change', person.email, 'email_change_new'),
      toCurrent: await lastMail(person.email, 'email_change', person.email, 'email_change_current'),
    };
  }

  it('mails links whose tokens are random, not derived from the codes', async () => {
    const change = await startChange();
    for (const [address, mailed] of [
      [change.next, change.toNew],
      [change.email, change.toCurrent],
    ] as const) {
      const token = mailed.link.searchParams.get('token') as string;
      expect(token).not.toBe(sha224(address + mailed.code));
      expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect((await verifyHash('email_change', sha224(address + mailed.code))).status).toBe(403);
    }
  });

  it('voids the pending change on the 5th wrong code: the right code and both links then fail', async () => {
    const change = await startChange();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verifyCode('email_change', change.next, wrong(change.toNew.code, attempt))).status).toBe(403);
    }
    expect((await verifyCode('email_change', change.next, change.toNew.code)).status).toBe(403);
    expect((await linkOutcome(change.toCurrent.link)).get('error_code')).toBe('otp_expired');
    expect((await linkOutcome(change.toNew.link)).get('error_code')).toBe('otp_expired');
    const { data } = await change.client.auth.getUser();
    expect(data.user?.email).toBe(change.email);
    expect(data.user?.new_email).toBeUndefined();
  });

  it('accepts both codes: the change happens once both addresses answered', async () => {
    const change = await startChange();
    const first = await verifyCode('email_change', change.email, change.toCurrent.code);
    expect(first.status).toBe(200);
    const second = await verifyCode('email_change', change.next, change.toNew.code);
    expect(second.status).toBe(200);
    expect((second.body.user as { email?: string } | undefined)?.email).toBe(change.next);
  });
});
