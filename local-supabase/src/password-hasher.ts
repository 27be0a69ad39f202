import { availableParallelism } from 'node:os';
import * as native from '@node-rs/bcrypt';
import bcryptjs from 'bcryptjs';
import { HttpError } from './http-utils';

/**
 * Password hashing for the auth API, off the event loop.
 *
 * bcrypt runs natively (`@node-rs/bcrypt`) on libuv's thread pool, so a sign-in no longer holds the
 * gateway's only JavaScript thread for ~85 ms. At most `concurrency` hashes run at once — fewer than the
 * pool's threads, which file and DNS work share — and at most `maxQueue` wait; past that the sign-in is
 * answered 503 with Retry-After at once instead of piling up behind work that would time out anyway.
 *
 * LOCAL_SUPABASE_PASSWORD_HASHER=bcryptjs brings back the old pure-JavaScript hashing on the event loop,
 * unbounded (only `pnpm bench:load` uses it, as its "before" column).
 */

/** bcrypt cost of every hash this stack writes: GoTrue's and pgcrypto's `gen_salt('bf', 10)` in the seed. */
export const BCRYPT_COST = 10;

export type HasherImplementation = 'native' | 'bcryptjs';

export interface PasswordHasherOptions {
  implementation?: HasherImplementation;
  /** Hashes computed at once. */
  concurrency?: number;
  /** Hashes waiting for a slot; one more is refused with 503. */
  maxQueue?: number;
  /**
   * True while the rest of the gateway is serving other people (REST, storage, functions): hashing then
   * leaves one core to them, so a wave of sign-ins cannot starve everyone else's reads.
   */
  othersBusy?: () => boolean;
}

/** libuv's thread pool size: UV_THREADPOOL_SIZE (read when the pool starts), 4 by default. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(value) && value > 0 ? Math.min(value, 1024) : 4;
}

function positiveInt(value: string | undefined): number | undefined {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
}

/**
 * Defaults from the machine: one hash per core, and always one pool thread left for file and DNS work
 * (so on the default pool of 4, at most 3). The queue holds what those slots finish in about 2 s.
 * LOCAL_SUPABASE_BCRYPT_CONCURRENCY / LOCAL_SUPABASE_BCRYPT_MAX_QUEUE override them.
 */
export function hasherOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Required<Omit<PasswordHasherOptions, 'othersBusy'>> {
  const concurrency =
    positiveInt(env.LOCAL_SUPABASE_BCRYPT_CONCURRENCY) ??
    Math.max(1, Math.min(availableParallelism(), threadPoolSize(env) - 1));
  return {
    implementation: env.LOCAL_SUPABASE_PASSWORD_HASHER === 'bcryptjs' ? 'bcryptjs' : 'native',
    concurrency,
    // A cost-10 hash takes ~55 ms of one core: 32 per slot is about 2 s of waiting at most.
    maxQueue: positiveInt(env.LOCAL_SUPABASE_BCRYPT_MAX_QUEUE) ?? 32 * concurrency,
  };
}

/** The answer when every slot is busy and the queue is full: GoTrue's error body, 503 and Retry-After. */
export function hasherBusyError(retryAfterSeconds: number): HttpError {
  return new HttpError(
    503,
    {
      code: 503,
      error_code: 'request_timeout',
      msg: 'Too many sign-ins are being processed right now. Please try again in a moment.',
    },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

export class PasswordHasher {
  readonly implementation: HasherImplementation;
  readonly concurrency: number;
  readonly maxQueue: number;
  private readonly othersBusy: () => boolean;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Moving average of one hash's duration, for Retry-After. */
  private averageMs = 60;

  constructor(options: PasswordHasherOptions = {}) {
    const defaults = hasherOptionsFromEnv();
    this.implementation = options.implementation ?? defaults.implementation;
    this.concurrency = options.concurrency ?? defaults.concurrency;
    this.maxQueue = options.maxQueue ?? defaults.maxQueue;
    this.othersBusy = options.othersBusy ?? (() => false);
  }

  /** Slots usable now: all of them when nobody else is served, one fewer (at least one) when others are. */
  private limit(): number {
    return this.othersBusy() ? Math.max(1, this.concurrency - 1) : this.concurrency;
  }

  /** Hashes computing and waiting right now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** A new `$2a$` cost-10 hash (GoTrue's prefix; pgcrypto's crypt() verifies it too). */
  hash(password: string): Promise<string> {
    if (this.implementation === 'bcryptjs') {
      return bcryptjs.genSalt(BCRYPT_COST).then((salt) => bcryptjs.hash(password, salt.replace(/^\$2b\$/, '$2a$')));
    }
    return this.slot(() => native.hash(password, { cost: BCRYPT_COST, version: '2a' }));
  }

  /** True when `password` matches `encodedHash` ($2a$ / $2b$ / $2y$ of any cost); false for malformed hashes. */
  verify(password: string, encodedHash: string): Promise<boolean> {
    if (this.implementation === 'bcryptjs') return bcryptjs.compare(password, encodedHash);
    return this.slot(() => native.verify(password, encodedHash));
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit()) {
      if (this.waiting.length >= this.maxQueue) {
        const queuedMs = ((this.waiting.length + this.running) * this.averageMs) / this.concurrency;
        throw hasherBusyError(Math.max(1, Math.ceil(queuedMs / 1000)));
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1;
      // The slot passes straight to the next waiter (so `running` stays as it is), unless others now
      // need the core it held.
      const next = this.running <= this.limit() ? this.waiting.shift() : undefined;
      if (next) next();
      else this.running -= 1;
      this.wakeWaiters();
    }
  }

  /** Starts waiting hashes while slots are free (after others stopped needing a core). */
  private wakeWaiters(): void {
    while (this.waiting.length > 0 && this.running < this.limit()) {
      this.running += 1;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Requests of the gateway other than sign-ins, in flight or finished within the last 100 ms: what
 * `PasswordHasher` leaves a core to.
 */
export class TrafficMeter {
  private inFlight = 0;
  private lastEnd = 0;

  begin(): () => void {
    this.inFlight += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight -= 1;
      this.lastEnd = performance.now();
    };
  }

  busy(now = performance.now()): boolean {
    return this.inFlight > 0 || now - this.lastEnd < 100;
  }
}

/** The gateway's meter of other people's requests. */
export const otherTraffic = new TrafficMeter();

let shared: PasswordHasher | undefined;

/** The process-wide hasher the auth API uses (options from the environment on first use). */
export function passwordHasher(): PasswordHasher {
  shared ??= new PasswordHasher({ othersBusy: () => otherTraffic.busy() });
  return shared;
}
