import type pg from 'pg';

function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Limits of the auth hardening (GoTrue's `[auth.rate_limit]` of config.toml, or stricter); tests and demos
 * may tune them through the environment of the stack process.
 */
export function hardeningLimits() {
  return {
    /** Wrong tries that void an emailed one-time code (the next try fails even with the right code). */
    wrongCodeTries: 5,
    /** OTP / link verifications per client IP per window (config.toml token_verifications = 30 / 5 min). */
    verificationsPerIp: positiveIntFromEnv('LOCAL_SUPABASE_VERIFICATIONS_PER_IP', 30),
    /** OTP verifications naming one email per window, from any IP. */
    verificationsPerEmail: positiveIntFromEnv('LOCAL_SUPABASE_VERIFICATIONS_PER_EMAIL', 10),
    verificationWindowSeconds: positiveIntFromEnv('LOCAL_SUPABASE_VERIFICATION_WINDOW_SECONDS', 300),
    /**
     * Distinct emails with failed sign-ins from one IP per sign-in window before that IP waits: far above
     * the per-email threshold, so one school network is not locked out by its members' typos.
     */
    failedSignInEmailsPerIp: positiveIntFromEnv('LOCAL_SUPABASE_MAX_FAILED_SIGNIN_EMAILS_PER_IP', 100),
    /** Sign-ups per client IP per window (config.toml sign_in_sign_ups = 30 / 5 min). */
    signUpsPerIp: positiveIntFromEnv('LOCAL_SUPABASE_SIGNUPS_PER_IP', 30),
    signUpWindowSeconds: positiveIntFromEnv('LOCAL_SUPABASE_SIGNUP_WINDOW_SECONDS', 300),
  };
}

/**
 * At most `limit` hits per key within a sliding window. `hit` answers 0 when the request may go on (and
 * counts it), else the seconds until it may (refused requests are not counted).
 */
export class WindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): number {
    this.sweep(now);
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil(((recent[0] as number) + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    return 0;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, times] of this.hits) {
      if ((times[times.length - 1] ?? 0) <= since) this.hits.delete(key);
    }
  }
}

/**
 * Wrong tries against the current one-time code of each email. `wrongTry` answers true once the code
 * has had its last allowed wrong try (the caller then voids it); `reset` starts over for a new code.
 */
export class CodeGuesses {
  private readonly wrong = new Map<string, { count: number; at: number }>();

  constructor(
    private readonly maxWrong: number,
    private readonly lifetimeMs: number,
  ) {}

  wrongTry(email: string, now = Date.now()): boolean {
    for (const [key, entry] of this.wrong) {
      if (now - entry.at > this.lifetimeMs) this.wrong.delete(key);
    }
    const entry = this.wrong.get(email) ?? { count: 0, at: now };
    entry.count += 1;
    entry.at = now;
    this.wrong.set(email, entry);
    return entry.count >= this.maxWrong;
  }

  reset(email: string): void {
    this.wrong.delete(email);
  }
}

interface Failures {
  count: number;
  lastAt: number;
}

/** The first lock after the threshold lasts this long; each further failure doubles it, up to the cap. */
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 3_600_000;

/**
 * Failed password sign-ins, per email + client IP, with growing delays: once an email has `perEmail`
 * failures from one IP, that pair waits 1 min, and each further failure after a wait doubles it (up to
 * 1 h). Failures are forgotten after a quiet window. Failures from one IP never lock the same email
 * out from another IP, so a stranger cannot lock someone out.
 *
 * Per IP, the cap counts distinct emails with failures in the window (guessing across accounts), and
 * is far higher than per email, so a school network's members' typos do not lock it out. A successful
 * sign-in forgives that email's failures from that IP.
 */
export class SignInLimiter {
  private readonly byPair = new Map<string, Failures>();
  /** ip → email → time of its last failure from that ip. */
  private readonly byIp = new Map<string, Map<string, number>>();
  private lastSweep = 0;

  constructor(
    private readonly perEmail: number,
    private readonly perIp: number,
    private readonly windowMs: number,
  ) {}

  private static key(email: string, ip: string): string {
    return `${email}\n${ip}`;
  }

  private lockEnd(failures: Failures, threshold: number): number {
    if (failures.count < threshold) return Number.NEGATIVE_INFINITY;
    const doublings = Math.min(failures.count - threshold, 16);
    return failures.lastAt + Math.min(FIRST_LOCK_MS * 2 ** doublings, LONGEST_LOCK_MS);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, failures] of this.byPair) {
      if (now - failures.lastAt > this.windowMs + LONGEST_LOCK_MS) this.byPair.delete(key);
    }
    for (const [ip, emails] of this.byIp) {
      for (const [email, at] of emails) if (now - at > this.windowMs) emails.delete(email);
      if (emails.size === 0) this.byIp.delete(ip);
    }
  }

  /** The current failures of the pair, or undefined once they are forgotten. */
  private current(email: string, ip: string, threshold: number, now: number): Failures | undefined {
    const key = SignInLimiter.key(email, ip);
    const failures = this.byPair.get(key);
    if (failures && now - failures.lastAt > this.windowMs && now >= this.lockEnd(failures, threshold)) {
      this.byPair.delete(key);
      return undefined;
    }
    return failures;
  }

  /**
   * Seconds this email may not try from this IP (0: it may). `perEmail` overrides the constructor's
   * threshold (the System Settings' max login attempts).
   */
  retryAfter(email: string, ip: string, { perEmail = this.perEmail, now = Date.now() } = {}): number {
    this.sweep(now);
    let until = Number.NEGATIVE_INFINITY;
    const failures = this.current(email, ip, perEmail, now);
    if (failures) until = this.lockEnd(failures, perEmail);
    const emails = this.byIp.get(ip);
    if (emails) {
      const recent = [...emails.values()].filter((at) => now - at <= this.windowMs).sort((a, b) => a - b);
      if (recent.length >= this.perIp) {
        // Open again when enough of the oldest failures leave the window.
        until = Math.max(until, (recent[recent.length - this.perIp] as number) + this.windowMs);
      }
    }
    return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
  }

  isLocked(email: string, ip: string, options: { perEmail?: number; now?: number } = {}): boolean {
    return this.retryAfter(email, ip, options) > 0;
  }

  recordFailure(email: string, ip: string, now = Date.now()): void {
    const key = SignInLimiter.key(email, ip);
    const failures = this.current(email, ip, this.perEmail, now) ?? { count: 0, lastAt: now };
    failures.count += 1;
    failures.lastAt = now;
    this.byPair.set(key, failures);
    const emails = this.byIp.get(ip) ?? new Map<string, number>();
    emails.set(email, now);
    this.byIp.set(ip, emails);
  }

  recordSuccess(email: string, ip: string): void {
    this.byPair.delete(SignInLimiter.key(email, ip));
    const emails = this.byIp.get(ip);
    emails?.delete(email);
    if (emails?.size === 0) this.byIp.delete(ip);
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
