import { monitorEventLoopDelay } from 'node:perf_hooks';
import bcryptjs from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from '../../src/auth-users';
import { HttpError } from '../../src/http-utils';
import { PasswordHasher } from '../../src/password-hasher';
import { resilienceRun } from './support';

// No stack needed: the hashing the auth API uses, on its own.
describe.skipIf(!resilienceRun)('password hashing', () => {
  it('verifies $2a$ and $2b$ cost-10 hashes made elsewhere (the seed uses pgcrypto) and writes $2a$ cost 10', async () => {
    // Made by an independent implementation, as pgcrypto's crypt(…, gen_salt('bf', 10)) makes them.
    const b = bcryptjs.hashSync('password123', 10);
    const a = b.replace(/^\$2b\$/, '$2a$');
    expect(await passwordMatches('password123', a)).toBe(true);
    expect(await passwordMatches('password123', b)).toBe(true);
    expect(await passwordMatches('password124', a)).toBe(false);
    expect(await passwordMatches('password123', 'not-a-hash')).toBe(false);
    expect(await passwordMatches('password123', null)).toBe(false);

    const written = await hashPassword('s3cret-pass');
    expect(written).toMatch(/^\$2a\$10\$/);
    expect(bcryptjs.compareSync('s3cret-pass', written)).toBe(true);
  });

  it('leaves the event loop free while hashes run (no request waits behind a sign-in)', async () => {
    const hash = bcryptjs.hashSync('password123', 10);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    await Promise.all(Array.from({ length: 6 }, () => passwordMatches('password123', hash)));
    delay.disable();
    const maxMs = delay.max / 1e6;
    // bcryptjs held the thread ~85 ms per hash (in chunks up to 100 ms); native hashing runs on the pool.
    expect(maxMs, `longest event-loop stall ${maxMs.toFixed(1)} ms`).toBeLessThan(40);
  });

  it('leaves one core to other people while they are being served, and uses every slot otherwise', async () => {
    const hash = bcryptjs.hashSync('password123', 10);
    let othersBusy = true;
    const hasher = new PasswordHasher({ implementation: 'native', concurrency: 2, maxQueue: 10, othersBusy: () => othersBusy });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hasher.load.running)), 2);
    await Promise.all(Array.from({ length: 4 }, () => hasher.verify('password123', hash)));
    expect(most).toBe(1);

    othersBusy = false;
    most = 0;
    await Promise.all(Array.from({ length: 4 }, () => hasher.verify('password123', hash)));
    clearInterval(watch);
    expect(most).toBe(2);
    expect(hasher.load).toEqual({ running: 0, waiting: 0 });
  });

  it('costs an unknown account (no hash) one comparison of the same cost', async () => {
    const hash = bcryptjs.hashSync('password123', 10);
    const time = async (stored: string | undefined) => {
      const started = performance.now();
      await passwordMatches('wrong-password', stored);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      known.push(await time(hash));
      unknown.push(await time(undefined));
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[2] as number;
    const ratio = median(unknown) / median(known);
    expect(ratio, `known ${known.map(Math.round)} ms, unknown ${unknown.map(Math.round)} ms`).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });

  it('answers 503 with Retry-After and a GoTrue error body once the queue is full', async () => {
    const { PasswordHasher } = await import('../../src/password-hasher');
    const hasher = new PasswordHasher({ implementation: 'native', concurrency: 1, maxQueue: 2 });
    const hash = bcryptjs.hashSync('password123', 10);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => hasher.verify('password123', hash)));
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    const answered = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    // One runs, two wait, the other three are refused at once.
    expect(answered).toHaveLength(3);
    expect(answered.every((outcome) => outcome.value === true)).toBe(true);
    expect(refused).toHaveLength(3);
    for (const outcome of refused) {
      const error = outcome.reason as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(503);
      expect(Number(error.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(error.body).toMatchObject({ code: 503, error_code: expect.any(String), msg: expect.any(String) });
    }
    expect(hasher.load).toEqual({ running: 0, waiting: 0 });
  });
});
