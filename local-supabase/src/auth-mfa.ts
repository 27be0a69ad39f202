import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as OTPAuth from 'otpauth';
import type pg from 'pg';
import QRCode from 'qrcode';
import { SITE_URL } from './config';
import { type UserRow, authError, continueSession, findUserById, isUuid, userJson } from './auth-users';
import { HttpError, type JsonObject, clientIp, readJsonObject, sendJson, stringField } from './http-utils';
import { withTransaction } from './caller-db';
import type { JwtClaims } from './jwt';
import { CodeGuesses, WindowLimiter } from './rate-limit';

// GoTrue's MFA (TOTP) endpoints, as supabase-js's `auth.mfa` calls them:
//   POST   /factors                     enroll   -> { id, type, friendly_name, totp: { qr_code, secret, uri } }
//   POST   /factors/:id/challenge       challenge -> { id, type, expires_at }
//   POST   /factors/:id/verify          verify   -> a session (same session id) with aal2 and amr + totp
//   DELETE /factors/:id                 unenroll -> { id }
// and the admin (service role) ones, as `auth.admin.mfa` calls them:
//   GET    /admin/users/:id/factors            listFactors  -> the user's factors (an array, [] when none)
//   DELETE /admin/users/:id/factors/:factorId  deleteFactor -> the deleted factor
// The factors appear in the user object (`factors`), which listFactors and getAuthenticatorAssuranceLevel
// read. Stricter than GoTrue: a challenge dies after 5 wrong codes, and a code is accepted once (no replay
// within its 30 s step, or the step before it).

type Db = pg.Pool | pg.PoolClient;

/** GoTrue's config defaults (GOTRUE_MFA_*), and this stack's stricter limits. */
export const MFA_LIMITS = {
  /** A challenge must be verified within this many seconds (GoTrue: MFA_CHALLENGE_EXPIRY_DURATION). */
  challengeExpirySeconds: 300,
  /** An unverified factor without challenges is removed after this long (MFA_FACTOR_EXPIRY_DURATION). */
  factorExpirySeconds: 300,
  /** MFA_MAX_ENROLLED_FACTORS and MFA_MAX_VERIFIED_FACTORS. */
  maxEnrolledFactors: 10,
  maxVerifiedFactors: 10,
  /** Wrong codes a challenge survives: the 5th wrong code voids it. */
  wrongCodesPerChallenge: 5,
  /** Challenge + verify requests per minute per user (GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: 15). */
  requestsPerUser: 15,
  /** … and per client IP: higher, so a school network's staff signing in at once are not refused. */
  requestsPerIp: 100,
  windowSeconds: 60,
  period: 30,
  digits: 6,
  /**
   * Longest friendly name and issuer (UTF-8 bytes). GoTrue sets none; the issuer goes twice into the
   * otpauth URI, which must still fit a QR code, and a name is a label in a list.
   */
  friendlyNameMaxBytes: 255,
  issuerMaxBytes: 100,
} as const;

/** True when the user has a verified factor (two-factor is on for them). */
export async function hasVerifiedFactor(db: pg.Pool | pg.PoolClient, userId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1",
    [userId],
  );
  return (rowCount ?? 0) > 0;
}

export interface MfaCaller {
  claims: JwtClaims;
  user: UserRow;
}

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
}

interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string | null;
}

/** The address stored with a challenge (inet); the verify must come from the same one. */
function challengeIp(req: IncomingMessage): string {
  const ip = clientIp(req).replace(/^::ffff:/, '');
  return /^[0-9a-f.:]+$/i.test(ip) ? ip : '0.0.0.0';
}

/** The TOTP of a factor's secret: SHA-1, 6 digits, 30 s, as GoTrue (pquerna/otp) generates them. */
function totpOf(secret: string, issuer = '', label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: MFA_LIMITS.digits,
    period: MFA_LIMITS.period,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/**
 * The QR code of the otpauth URI as an SVG document. supabase-js prefixes it with
 * `data:image/svg+xml;utf-8,` unencoded, so the SVG names its colours (a `#` would end the data URI).
 */
export async function qrCodeSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  return svg.replace(/#ffffff/gi, 'white').replace(/#000000/gi, 'black').trim();
}

function siteHost(): string {
  try {
    return new URL(SITE_URL).host;
  } catch {
    return 'localhost';
  }
}

function overRateLimit(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

export class MfaApi {
  private readonly byIp = new WindowLimiter(MFA_LIMITS.requestsPerIp, MFA_LIMITS.windowSeconds * 1000);
  private readonly byUser = new WindowLimiter(MFA_LIMITS.requestsPerUser, MFA_LIMITS.windowSeconds * 1000);
  private readonly wrongCodes = new CodeGuesses(MFA_LIMITS.wrongCodesPerChallenge, MFA_LIMITS.challengeExpirySeconds * 1000);
  /** The last accepted time step of each factor: a code of that step (or an earlier one) is not accepted again. */
  private readonly lastStep = new Map<string, number>();

  constructor(private readonly pool: pg.Pool) {}

  /** `path` is what follows /auth/v1 and starts with /factors; `caller` is the signed-in user. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, caller: MfaCaller): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === '/factors' && method === 'POST') return this.enroll(req, res, caller);
    const match = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(path);
    if (match) {
      const action = match[2];
      if (method === 'POST' && action === 'challenge') return this.challenge(req, res, caller, match[1] as string);
      if (method === 'POST' && action === 'verify') return this.verify(req, res, caller, match[1] as string);
      if (method === 'DELETE' && !action) return this.unenroll(res, caller, match[1] as string);
    }
    throw authError(404, 'not_found', 'Not Found');
  }

  /**
   * `/admin/users/:id/factors[/:factorId]`; the caller is already checked to be the service role. As
   * GoTrue: a user id that is not a UUID or not a user is 404, so is a factor that is not theirs.
   */
  async handleAdmin(req: IncomingMessage, res: ServerResponse, userId: string, factorId: string | undefined) {
    const method = req.method ?? 'GET';
    if (!isUuid(userId)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await findUserById(this.pool, userId);
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    if (factorId === undefined && method === 'GET') {
      const json = await userJson(this.pool, user);
      return sendJson(res, 200, (json.factors as JsonObject[] | undefined) ?? []);
    }
    if (factorId !== undefined && method === 'DELETE') return this.adminDeleteFactor(res, user, factorId);
    throw authError(404, 'not_found', 'Not Found');
  }

  /** Removes any factor of the user (no aal needed: the admin API), then downgrades as unenroll does. */
  private async adminDeleteFactor(res: ServerResponse, user: UserRow, factorId: string) {
    const answer = await withTransaction(this.pool, async (db) => {
      const factor = await this.ownedFactor(db, user.id, factorId, true);
      const { rows } = await db.query<{ created_at: Date; updated_at: Date }>(
        'delete from auth.mfa_factors where id = $1 returning created_at, updated_at',
        [factor.id],
      );
      await this.downgradeSessions(db, user.id, factor);
      const removed = rows[0] as { created_at: Date; updated_at: Date };
      return {
        id: factor.id,
        ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
        factor_type: factor.factor_type,
        status: factor.status,
        created_at: removed.created_at.toISOString(),
        updated_at: removed.updated_at.toISOString(),
      } satisfies JsonObject;
    });
    sendJson(res, 200, answer);
  }

  /** Sessions that passed `factor` are aal1 again (GoTrue's DowngradeSessionsToAAL1). */
  private async downgradeSessions(db: Db, userId: string, factor: FactorRow): Promise<void> {
    await db.query(
      `delete from auth.mfa_amr_claims
        where authentication_method = $2
          and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $3)`,
      [userId, factor.factor_type, factor.id],
    );
    await db.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [
      userId,
      factor.id,
    ]);
    this.lastStep.delete(factor.id);
  }

  private sessionId(caller: MfaCaller): string {
    const id = caller.claims.session_id;
    if (typeof id !== 'string' || !isUuid(id)) {
      throw authError(500, 'unexpected_failure', 'A valid session and a registered user are required to enroll a factor');
    }
    return id;
  }

  private async sessionAal(db: Db, sessionId: string): Promise<string | null> {
    const { rows } = await db.query<{ aal: string | null }>('select aal::text as aal from auth.sessions where id = $1', [sessionId]);
    return rows[0]?.aal ?? null;
  }

  private limit(req: IncomingMessage, userId: string): void {
    const ipWait = this.byIp.hit(challengeIp(req));
    if (ipWait > 0) throw overRateLimit(ipWait);
    const userWait = this.byUser.hit(userId);
    if (userWait > 0) throw overRateLimit(userWait);
  }

  /** The caller's own factor, or GoTrue's 404 (an id that is not a UUID, or another user's factor). */
  private async ownedFactor(db: Db, userId: string, factorId: string, lock = false): Promise<FactorRow> {
    if (!isUuid(factorId)) throw authError(404, 'validation_failed', 'factor_id must be an UUID');
    const { rows } = await db.query<FactorRow>(
      `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret
         from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
      [factorId, userId],
    );
    const factor = rows[0];
    if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  // --- enroll --------------------------------------------------------------------------------------

  private async enroll(req: IncomingMessage, res: ServerResponse, caller: MfaCaller) {
    const sessionId = this.sessionId(caller);
    const body = await readJsonObject(req);
    const factorType = stringField(body, 'factor_type') ?? '';
    const friendlyName = stringField(body, 'friendly_name') ?? '';
    if (factorType === 'phone') throw authError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (factorType === 'webauthn') {
      throw authError(422, 'mfa_web_authn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    if (factorType !== 'totp') {
      throw authError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    }
    if (Buffer.byteLength(friendlyName) > MFA_LIMITS.friendlyNameMaxBytes) {
      throw authError(400, 'validation_failed', `friendly_name cannot be longer than ${MFA_LIMITS.friendlyNameMaxBytes} bytes`);
    }
    const issuer = stringField(body, 'issuer') || siteHost();
    if (Buffer.byteLength(issuer) > MFA_LIMITS.issuerMaxBytes) {
      throw authError(400, 'validation_failed', `issuer cannot be longer than ${MFA_LIMITS.issuerMaxBytes} bytes`);
    }
    const user = caller.user;

    const answer = await withTransaction(this.pool, async (db) => {
      // Abandoned enrolments (unverified, never challenged) expire, as in GoTrue.
      await db.query(
        `delete from auth.mfa_factors f
          where f.status <> 'verified'
            and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
            and f.created_at + make_interval(secs => $1) < now()`,
        [MFA_LIMITS.factorExpirySeconds],
      );
      const { rows: factors } = await db.query<{ friendly_name: string | null; status: string }>(
        'select friendly_name, status::text as status from auth.mfa_factors where user_id = $1 for update',
        [user.id],
      );
      if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
        throw authError(
          422,
          'mfa_factor_name_conflict',
          `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
        );
      }
      const verified = factors.filter((factor) => factor.status === 'verified').length;
      if (factors.length >= MFA_LIMITS.maxEnrolledFactors || verified >= MFA_LIMITS.maxVerifiedFactors) {
        throw authError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      if (verified > 0 && (await this.sessionAal(db, sessionId)) !== 'aal2') {
        throw authError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
      }

      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      const uri = totpOf(secret, issuer, user.email ?? '').toString();
      const id = randomUUID();
      await db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, secret],
      );
      return {
        id,
        type: 'totp',
        friendly_name: friendlyName,
        totp: { qr_code: await qrCodeSvg(uri), secret, uri },
      } satisfies JsonObject;
    });
    sendJson(res, 200, answer);
  }

  // --- challenge -----------------------------------------------------------------------------------

  private async challenge(req: IncomingMessage, res: ServerResponse, caller: MfaCaller, factorId: string) {
    this.sessionId(caller);
    this.limit(req, caller.user.id);
    await readJsonObject(req).catch(() => ({}));
    const answer = await withTransaction(this.pool, async (db) => {
      const factor = await this.ownedFactor(db, caller.user.id, factorId, true);
      if (factor.factor_type !== 'totp') {
        throw authError(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
      }
      const id = randomUUID();
      const { rows } = await db.query<{ created_at: Date }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
         values ($1, $2, now(), $3::inet) returning created_at`,
        [id, factor.id, challengeIp(req)],
      );
      await db.query(
        `update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1`,
        [factor.id],
      );
      const createdAt = (rows[0] as { created_at: Date }).created_at;
      return {
        id,
        type: 'totp',
        expires_at: Math.floor(createdAt.getTime() / 1000) + MFA_LIMITS.challengeExpirySeconds,
      };
    });
    sendJson(res, 200, answer);
  }

  // --- verify --------------------------------------------------------------------------------------

  private async verify(req: IncomingMessage, res: ServerResponse, caller: MfaCaller, factorId: string) {
    const sessionId = this.sessionId(caller);
    this.limit(req, caller.user.id);
    const body = await readJsonObject(req);
    const challengeId = stringField(body, 'challenge_id') ?? '';
    const code = (stringField(body, 'code') ?? '').trim();
    const factor = await this.ownedFactor(this.pool, caller.user.id, factorId);
    if (!code) throw authError(400, 'validation_failed', 'Code needs to be non-empty');
    if (!isUuid(challengeId)) {
      throw authError(400, 'bad_json', 'Could not parse request body as JSON: invalid challenge_id');
    }

    const { rows } = await this.pool.query<ChallengeRow>(
      `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
      [challengeId, factor.id],
    );
    const challenge = rows[0];
    if (!challenge) {
      throw authError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    if (challenge.verified_at !== null || challenge.ip_address !== challengeIp(req)) {
      throw authError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (challenge.created_at.getTime() + MFA_LIMITS.challengeExpirySeconds * 1000 < Date.now()) {
      await this.pool.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
      throw authError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }

    const step = this.acceptedStep(factor, code);
    if (step === null) {
      // The 5th wrong code voids the challenge: the next try (right code or not) finds no challenge.
      if (this.wrongCodes.wrongTry(challenge.id)) {
        await this.pool.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
      }
      throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }

    const session = await withTransaction(this.pool, async (db) => {
      // The challenge is used once: a concurrent verify of the same challenge finds it verified.
      const { rowCount } = await db.query(
        'update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null',
        [challenge.id],
      );
      if (!rowCount) throw authError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      // Claim the time step under the factor's row lock, so two requests cannot both use one code.
      await db.query('select 1 from auth.mfa_factors where id = $1 for update', [factor.id]);
      if ((this.lastStep.get(factor.id) ?? -1) >= step) {
        throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
      }
      this.lastStep.set(factor.id, step);
      if (factor.status !== 'verified') {
        await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      }
      await db.query(
        `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
         values (gen_random_uuid(), $1, 'totp', now(), now())
         on conflict (session_id, authentication_method) do update set updated_at = now()`,
        [sessionId],
      );
      await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
        sessionId,
        factor.id,
      ]);
      // As GoTrue: the user's sessions that did not pass a second factor end, unverified TOTP factors go.
      await db.query(`delete from auth.sessions where user_id = $1 and aal::text < 'aal2'`, [caller.user.id]);
      await db.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`, [
        caller.user.id,
      ]);
      const { rows: tokens } = await db.query<{ token: string }>(
        `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [sessionId],
      );
      const user = await findUserById(db, caller.user.id);
      if (!user) throw authError(404, 'user_not_found', 'User not found');
      return continueSession(db, user, sessionId, tokens[0]?.token ?? '', 'totp');
    });
    this.wrongCodes.reset(challenge.id);
    sendJson(res, 200, session);
  }

  /** The time step `code` belongs to (now, or one step either side), or null when it is not valid now. */
  private acceptedStep(factor: FactorRow, code: string): number | null {
    if (!factor.secret || !/^\d{6}$/.test(code)) return null;
    const now = Date.now();
    const delta = totpOf(factor.secret).validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return null;
    const step = Math.floor(now / 1000 / MFA_LIMITS.period) + delta;
    // A code already accepted (or one older than the last accepted) is not accepted again.
    if ((this.lastStep.get(factor.id) ?? -1) >= step) return null;
    return step;
  }

  // --- unenroll ------------------------------------------------------------------------------------

  private async unenroll(res: ServerResponse, caller: MfaCaller, factorId: string) {
    const sessionId = this.sessionId(caller);
    const answer = await withTransaction(this.pool, async (db) => {
      const factor = await this.ownedFactor(db, caller.user.id, factorId, true);
      if (factor.status === 'verified' && (await this.sessionAal(db, sessionId)) !== 'aal2') {
        throw authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
      }
      await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      // Sessions that passed this factor are aal1 again (GoTrue's DowngradeSessionsToAAL1).
      await this.downgradeSessions(db, caller.user.id, factor);
      return { id: factor.id };
    });
    sendJson(res, 200, answer);
  }
}
