import { describe, expect, it, vi } from 'vitest';
import { CachedSetting, SignInLimiter } from '../src/rate-limit';

// The sign-in limiter's threshold comes from System Settings (security.maxLoginAttempts), read through
// CachedSetting; supabase/tests/settings-effects.test.ts checks the whole path against the stack.

describe('SignInLimiter with a per-call threshold', () => {
  it('locks an email once it has as many failures as the threshold of the call', () => {
    const limiter = new SignInLimiter(5, 20, 300_000);
    for (let i = 0; i < 3; i += 1) limiter.recordFailure('ana@school.test', '10.0.0.1', 1_000);
    expect(limiter.isLocked('ana@school.test', '10.0.0.1', { now: 2_000 })).toBe(false);
    expect(limiter.isLocked('ana@school.test', '10.0.0.1', { perEmail: 3, now: 2_000 })).toBe(true);
    expect(limiter.isLocked('ana@school.test', '10.0.0.1', { perEmail: 4, now: 2_000 })).toBe(false);
    // The window forgets old failures.
    expect(limiter.isLocked('ana@school.test', '10.0.0.1', { perEmail: 3, now: 400_000 })).toBe(false);
  });
});

describe('SignInLimiter per email + IP with growing delays', () => {
  const WINDOW = 300_000;

  it('counts failures per email and IP: another IP is not locked out by a stranger', () => {
    const limiter = new SignInLimiter(5, 100, WINDOW);
    for (let i = 0; i < 5; i += 1) limiter.recordFailure('ana@school.test', '203.0.113.9', 1_000);
    expect(limiter.retryAfter('ana@school.test', '203.0.113.9', { now: 1_000 })).toBeGreaterThan(0);
    expect(limiter.retryAfter('ana@school.test', '198.51.100.4', { now: 1_000 })).toBe(0);
  });

  it('answers a Retry-After that grows with each failure after the lock', () => {
    const limiter = new SignInLimiter(3, 100, WINDOW);
    let now = 0;
    for (let i = 0; i < 3; i += 1) limiter.recordFailure('ana@school.test', '203.0.113.9', now);
    const first = limiter.retryAfter('ana@school.test', '203.0.113.9', { now });
    expect(first).toBeGreaterThan(0);
    // After the lock ends, one more wrong password locks for longer, and so on.
    now += first * 1000;
    expect(limiter.retryAfter('ana@school.test', '203.0.113.9', { now })).toBe(0);
    limiter.recordFailure('ana@school.test', '203.0.113.9', now);
    const second = limiter.retryAfter('ana@school.test', '203.0.113.9', { now });
    expect(second).toBeGreaterThan(first);
    now += second * 1000;
    limiter.recordFailure('ana@school.test', '203.0.113.9', now);
    expect(limiter.retryAfter('ana@school.test', '203.0.113.9', { now })).toBeGreaterThan(second);
  });

  it('does not lock a school network out because of its members’ typos', () => {
    const limiter = new SignInLimiter(5, 100, WINDOW);
    for (let i = 0; i < 60; i += 1) limiter.recordFailure(`student${i}@school.test`, '192.0.2.1', 1_000);
    expect(limiter.retryAfter('teacher@school.test', '192.0.2.1', { now: 2_000 })).toBe(0);
    // Many distinct emails failing from one IP (guessing across accounts) still reaches the per-IP cap.
    for (let i = 60; i < 100; i += 1) limiter.recordFailure(`student${i}@school.test`, '192.0.2.1', 1_000);
    expect(limiter.retryAfter('teacher@school.test', '192.0.2.1', { now: 2_000 })).toBeGreaterThan(0);
  });

  it('forgives that email and IP after a successful sign-in', () => {
    const limiter = new SignInLimiter(3, 100, WINDOW);
    for (let i = 0; i < 2; i += 1) limiter.recordFailure('ana@school.test', '192.0.2.1', 1_000);
    limiter.recordSuccess('ana@school.test', '192.0.2.1');
    limiter.recordFailure('ana@school.test', '192.0.2.1', 1_000);
    expect(limiter.retryAfter('ana@school.test', '192.0.2.1', { now: 1_000 })).toBe(0);
  });
});

describe('CachedSetting', () => {
  it('reads once per interval, sharing one read between concurrent callers', async () => {
    const read = vi.fn().mockResolvedValueOnce(3).mockResolvedValueOnce(10);
    const setting = new CachedSetting(read, 5, 2_000);

    expect(await Promise.all([setting.get(0), setting.get(0)])).toEqual([3, 3]);
    expect(await setting.get(1_999)).toBe(3);
    expect(read).toHaveBeenCalledOnce();

    expect(await setting.get(2_000)).toBe(10);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('answers the fallback, then the last good value, when a read fails, and tries again next time', async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(new Error('database restarting'))
      .mockResolvedValueOnce(7)
      .mockRejectedValueOnce(new Error('database restarting'));
    const setting = new CachedSetting(read, 5, 1_000);

    expect(await setting.get(0)).toBe(5);
    expect(await setting.get(1)).toBe(7);
    expect(await setting.get(5_000)).toBe(7);
    expect(read).toHaveBeenCalledTimes(3);
  });
});
