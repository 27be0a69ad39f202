import type pg from 'pg';

interface Failure {
  email: string;
  ip: string;
  at: number;
}

/**
 * Failed password sign-ins within a sliding window, per email and per client IP. A successful sign-in
 * forgives that email's earlier failures, so someone who mistypes and then gets in is not counted
 * towards the IP limit, while guessing across many accounts still is.
 */
export class SignInLimiter {
  private failures: Failure[] = [];

  constructor(
    private readonly perEmail: number,
    private readonly perIp: number,
    private readonly windowMs: number,
  ) {}

  private prune(now: number): void {
    const since = now - this.windowMs;
    if (this.failures.length > 0 && (this.failures[0] as Failure).at < since) {
      this.failures = this.failures.filter((failure) => failure.at >= since);
    }
  }

  /** `perEmail` overrides the constructor's threshold (the System Settings' max login attempts). */
  isLocked(
    email: string,
    ip: string,
    { perEmail = this.perEmail, now = Date.now() } = {},
  ): boolean {
    this.prune(now);
    let byEmail = 0;
    let byIp = 0;
    for (const failure of this.failures) {
      if (failure.email === email) byEmail += 1;
      if (failure.ip === ip) byIp += 1;
    }
    return byEmail >= perEmail || byIp >= this.perIp;
  }

  recordFailure(email: string, ip: string, now = Date.now()): void {
    this.failures.push({ email, ip, at: now });
  }

  recordSuccess(email: string): void {
    this.failures = this.failures.filter((failure) => failure.email !== email);
  }
}

/** At most one mail of a kind per address per interval, whether or not the address has an account. */
export class EmailSendLimiter {
  private readonly lastSent = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  /** Returns 0 when sending is allowed now (and records it), else the seconds left to wait. */
  acquire(email: string, now = Date.now()): number {
    const last = this.lastSent.get(email);
    if (last !== undefined && now - last < this.intervalMs) {
      return Math.ceil((this.intervalMs - (now - last)) / 1000);
    }
    for (const [address, sentAt] of this.lastSent) {
      if (now - sentAt >= this.intervalMs) this.lastSent.delete(address);
    }
    this.lastSent.set(email, now);
    return 0;
  }
}

/**
 * A value read from somewhere slower than the request that needs it (a settings row), kept for `ttlMs`
 * so a burst of sign-ins costs one read. Concurrent callers share one read; a failed read answers the
 * last value read, or the fallback, and is tried again on the next call.
 */
export class CachedSetting<T> {
  private value: T | undefined;
  private readAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly fallback: T,
    private readonly ttlMs: number,
  ) {}

  async get(now = Date.now()): Promise<T> {
    if (this.value !== undefined && now - this.readAt < this.ttlMs) return this.value;
    this.pending ??= this.read().then(
      (value) => {
        this.value = value;
        this.readAt = now;
        return value;
      },
      () => this.value ?? this.fallback,
    );
    try {
      return await this.pending;
    } finally {
      this.pending = null;
    }
  }
}

/** The System Settings' bounds of security.maxLoginAttempts (the database refuses anything else). */
export const MAX_LOGIN_ATTEMPTS = { min: 3, max: 10 } as const;

/**
 * security.maxLoginAttempts of the settings row: how many failed password sign-ins one email may make
 * in the window before it is refused (429), even with the right password. Null when there is no row or
 * no such setting (a database older than the settings), so the caller keeps its own default.
 */
export async function readMaxLoginAttempts(db: pg.Pool | pg.PoolClient): Promise<number | null> {
  try {
    const { rows } = await db.query<{ attempts: number | null }>(
      `select (security ->> 'maxLoginAttempts')::integer as attempts from public.app_settings where id = 1`,
    );
    const attempts = rows[0]?.attempts;
    if (typeof attempts !== 'number' || !Number.isInteger(attempts)) return null;
    return Math.min(MAX_LOGIN_ATTEMPTS.max, Math.max(MAX_LOGIN_ATTEMPTS.min, attempts));
  } catch (error) {
    // 42P01: no settings table yet.
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}
