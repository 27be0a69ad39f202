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

  isLocked(email: string, ip: string, now = Date.now()): boolean {
    this.prune(now);
    let byEmail = 0;
    let byIp = 0;
    for (const failure of this.failures) {
      if (failure.email === email) byEmail += 1;
      if (failure.ip === ip) byIp += 1;
    }
    return byEmail >= this.perEmail || byIp >= this.perIp;
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
