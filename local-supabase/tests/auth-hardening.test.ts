import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../src/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, auth, freshIp, knownCode, signUpUser, uniqueEmail, type Answer } from './support';

const verify = (ip: string, email: string, token: string) =>
  auth(ip, 'POST', '/verify', { type: 'recovery', email, token });

const signIn = (ip: string, email: string, password: string) =>
  auth(ip, 'POST', '/token?grant_type=password', { email, password });

function retryAfter(answer: Answer): number {
  return Number(answer.headers['retry-after']);
}

async function recoveryCodeFor(email: string): Promise<string> {
  const recovered = await auth(freshIp(), 'POST', '/recover', { email });
  expect(recovered.status).toBe(200);
  return knownCode(email, 'recovery');
}

function wrongCode(code: string, attempt: number): string {
  const guess = String((Number(code) + 1 + attempt) % 1_000_000).padStart(6, '0');
  return guess;
}

describe('recovery codes (POST /verify with email + token)', () => {
  it('dies after 5 wrong tries: the 6th try is refused even with the right code', async () => {
    const { email } = await signUpUser('otp-dies');
    const code = await recoveryCodeFor(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // Each wrong try from a different address, so no per-IP limit is what stops the code.
      const wrong = await verify(freshIp(), email, wrongCode(code, attempt));
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ error_code: 'otp_expired' });
    }
    const right = await verify(freshIp(), email, code);
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ error_code: 'otp_expired' });
    expect(right.body.access_token).toBeUndefined();
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const { email } = await signUpUser('otp-four');
    const code = await recoveryCodeFor(email);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await verify(freshIp(), email, wrongCode(code, attempt))).status).toBe(403);
    }
    const right = await verify(freshIp(), email, code);
    expect(right.status).toBe(200);
    expect(typeof right.body.access_token).toBe('string');
  });

  it('limits verify attempts per IP: 429 over_request_rate_limit with Retry-After', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let limited: Answer | undefined;
    // Walking the code space from one machine, one guess per address so the per-email limit stays out.
    for (let attempt = 0; attempt < 40 && !limited; attempt += 1) {
      const answer = await verify(ip, uniqueEmail('walk'), '123456');
      statuses.push(answer.status);
      if (answer.status === 429) limited = answer;
    }
    expect(limited, `statuses: ${statuses.join(',')}`).toBeDefined();
    expect(statuses.length).toBeLessThanOrEqual(31);
    expect(limited?.body).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(retryAfter(limited as Answer)).toBeGreaterThan(0);
    // The GET link (token hash) shares the per-IP budget.
    const link = await auth(ip, 'GET', `/verify?type=recovery&token=${'0'.repeat(56)}`);
    expect(link.status).toBe(429);
    // Another machine is not affected.
    expect((await verify(freshIp(), uniqueEmail('walk'), '123456')).status).toBe(403);
  });

  it('limits verify attempts per email across IPs', async () => {
    const email = uniqueEmail('walk-one');
    const statuses: number[] = [];
    let limited: Answer | undefined;
    for (let attempt = 0; attempt < 30 && !limited; attempt += 1) {
      const answer = await verify(freshIp(), email, String(100000 + attempt));
      statuses.push(answer.status);
      if (answer.status === 429) limited = answer;
    }
    expect(limited, `statuses: ${statuses.join(',')}`).toBeDefined();
    expect(statuses.length).toBeLessThanOrEqual(11);
    expect(limited?.body).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(retryAfter(limited as Answer)).toBeGreaterThan(0);
  });
});

describe('sign-in throttling per email + IP', () => {
  it('a stranger’s failures do not lock the owner out from another IP; the stranger gets 429 + Retry-After', async () => {
    const { email, password } = await signUpUser('lockout');
    const stranger = freshIp();
    const statuses: number[] = [];
    let locked: Answer | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await signIn(stranger, email, `wrong-${attempt}`);
      statuses.push(answer.status);
      locked = answer;
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(locked?.body).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(retryAfter(locked as Answer)).toBeGreaterThan(0);
    // The stranger stays locked even with the right password …
    expect((await signIn(stranger, email, password)).status).toBe(429);
    // … while the owner, elsewhere, signs in.
    const owner = await signIn(freshIp(), email, password);
    expect(owner.status).toBe(200);
    expect(typeof owner.body.access_token).toBe('string');
  });

  it('one school network is not locked out by its members’ typos', async () => {
    const school = freshIp();
    const { email, password } = await signUpUser('school-member');
    // 30 members each mistype once (more than the old per-IP cap of 20).
    for (let member = 0; member < 30; member += 1) {
      const typo = await signIn(school, uniqueEmail(`typo${member}`), 'mistyped');
      expect(typo.status).toBe(400);
    }
    const next = await signIn(school, email, password);
    expect(next.status).toBe(200);
  });
});

describe('unknown and known emails', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

  it('take the same time and get the same answer (seeded accounts hash like new ones)', async () => {
    const known: Answer[] = [];
    const unknown: Answer[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // Seeded account, wrong password; then an address nobody has. Fresh IPs keep the limiter out.
      known.push(await signIn(freshIp(), DEMO_ACCOUNTS.teacher.email, `not-${DEMO_PASSWORD}-${attempt}`));
      unknown.push(await signIn(freshIp(), uniqueEmail('nobody'), `not-${DEMO_PASSWORD}-${attempt}`));
    }
    for (const answer of [...known, ...unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    }
    const ratio = median(known.map((a) => a.ms)) / median(unknown.map((a) => a.ms));
    expect(ratio, `known ${known.map((a) => a.ms.toFixed(0))} ms, unknown ${unknown.map((a) => a.ms.toFixed(0))} ms`)
      .toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('sign-up', () => {
  const signUp = (ip: string, data: Record<string, unknown> = {}) =>
    auth(ip, 'POST', '/signup', { email: uniqueEmail('signup-limit'), password: `pw-${randomUUID()}`, data });

  it('limits sign-ups per IP: the 31st in 5 minutes gets 429 over_request_rate_limit, another IP signs up', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) statuses.push((await signUp(ip)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200), statuses.join(',')).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await signUp(ip);
    expect(limited.body).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(retryAfter(limited)).toBeGreaterThan(0);
    expect(limited.body.access_token).toBeUndefined();
    expect((await signUp(freshIp())).status).toBe(200);
  });

  it('refuses user metadata over 4 KiB with 400 validation_failed, and accepts a normal profile', async () => {
    const big = await signUp(freshIp(), { first_name: 'x'.repeat(5000) });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ error_code: 'validation_failed' });
    const normal = await signUp(freshIp(), { first_name: 'Lucía', last_name: 'Gómez' });
    expect(normal.status).toBe(200);
  });

  it('refuses metadata over 4 KiB on updates of the signed-in user too', async () => {
    const { session } = await signUpUser('meta-update');
    const answer = await new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify({ data: { bio: 'x'.repeat(5000) } });
      const req = request(new URL('/auth/v1/user', API_URL), {
        method: 'PUT',
        headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
      req.on('error', reject);
      req.end(payload);
    });
    expect(answer).toBe(400);
  });
});
