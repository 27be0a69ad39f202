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
