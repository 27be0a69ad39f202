import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { API_URL, AUTH_ISSUER, SITE_URL, authLimits, isAllowedOrigin } from './config';
import { codeMatches, linkDigest, newMailedCode } from './auth-codes';
import {
  type EmailChangeMatch,
  SINGLE_CONFIRMATION_ACCEPTED,
  assertEmailFree,
  confirmEmailChange,
  requestEmailChange,
  voidEmailChange,
} from './auth-email-change';
import {
  type UserRow,
  USER_COLUMNS,
  assertAcceptablePassword,
  assertMetadataSize,
  assertValidEmail,
  authError,
  continueSession,
  createAuthUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  invalidCredentials,
  isBanned,
  isUuid,
  mergeMetadata,
  normalizeEmail,
  passwordMatches,
  startSession,
  userJson,
  type SessionMeta,
} from './auth-users';
import {
  HttpError,
  type JsonObject,
  bearerToken,
  clientIp,
  headerValue,
  objectField,
  readJsonObject,
  redirect,
  sendEmpty,
  sendJson,
  stringField,
} from './http-utils';
import { withTransaction } from './caller-db';
import { HookRefusal, callSendEmailHook, sendEmailHook } from './auth-hooks';
import { type JwtClaims, verifyJwt } from './jwt';
import { MfaApi, hasVerifiedFactor } from './auth-mfa';
import type { Outbox } from './outbox';
import {
  CachedSetting,
  CodeGuesses,
  EmailSendLimiter,
  SignInLimiter,
  WindowLimiter,
  hardeningLimits,
  readMaxLoginAttempts,
} from './rate-limit';

type Db = pg.Pool | pg.PoolClient;

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
const PKCE_PREFIX = 'pkce_';
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
// How long a PKCE auth code from a recovery link may wait for its exchange.
const FLOW_STATE_LIFETIME_SECONDS = 300;

/** redirect_to is honoured only on the apps' own origins, so a reset link cannot send tokens elsewhere. */
export function safeRedirect(candidate: string | null | undefined): string {
  if (!candidate) return SITE_URL;
  try {
    const url = new URL(candidate);
    return isAllowedOrigin(url.origin) ? url.toString() : SITE_URL;
  } catch {
    return SITE_URL;
  }
}

function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function pkceChallengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

/** A deactivated (banned) account gets no session by any route, email links included. */
function refuseBanned(user: UserRow): void {
  if (isBanned(user)) throw authError(403, 'user_banned', 'User is banned');
}

/** Parses GoTrue's ban_duration ("none" or a Go duration such as "24h", "90m", "1h30m"). */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };
  let total = 0;
  const pattern = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let consumed = '';
  for (const match of duration.matchAll(pattern)) {
    total += Number(match[1]) * (units[match[2] as string] as number);
    consumed += match[0];
  }
  if (!consumed || consumed !== duration) {
    throw authError(400, 'validation_failed', 'invalid format for ban duration');
  }
  return new Date(Date.now() + total);
}

/** GoTrue's answer when a rate limit is hit; Retry-After says when to try again. */
function overRateLimit(retryAfterSeconds: number, msg = 'Request rate limit reached'): HttpError {
  return new HttpError(
    429,
    { code: 429, error_code: 'over_request_rate_limit', msg },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** The GoTrue (`/auth/v1`) endpoints supabase-js uses, backed by the auth schema. */
export class AuthApi {
  private readonly signIns: SignInLimiter;
  /** System Settings → Security → max login attempts: the per-email threshold of `signIns`. */
  private readonly maxLoginAttempts: CachedSetting<number>;
  private readonly recoveryMails: EmailSendLimiter;
  /** OTP and email-link verifications, per client IP and per email named. */
  private readonly verifiesByIp: WindowLimiter;
  private readonly verifiesByEmail: WindowLimiter;
  /** Wrong tries at each mailed code (recovery, email change), one count per code sent; the 5th voids it. */
  private readonly codeGuesses: CodeGuesses;
  /** Two-factor sign-in (TOTP): the /factors endpoints. */
  private readonly mfa: MfaApi;
  /** New accounts per client IP. */
  private readonly signUpsByIp: WindowLimiter;

  constructor(
    private readonly pool: pg.Pool,
    private readonly outbox: Outbox,
  ) {
    const limits = authLimits();
    const hardening = hardeningLimits();
    this.mfa = new MfaApi(this.pool);
    this.signIns = new SignInLimiter(
      limits.failedSignInsPerEmail,
      hardening.failedSignInEmailsPerIp,
      limits.signInWindowSeconds * 1000,
    );
    this.maxLoginAttempts = new CachedSetting(
      async () => (await readMaxLoginAttempts(this.pool)) ?? limits.failedSignInsPerEmail,
      limits.failedSignInsPerEmail,
      limits.settingsCacheSeconds * 1000,
    );
    this.recoveryMails = new EmailSendLimiter(limits.recoveryEmailIntervalSeconds * 1000);
    this.verifiesByIp = new WindowLimiter(hardening.verificationsPerIp, hardening.verificationWindowSeconds * 1000);
    this.verifiesByEmail = new WindowLimiter(hardening.verificationsPerEmail, hardening.verificationWindowSeconds * 1000);
    this.codeGuesses = new CodeGuesses(hardening.wrongCodeTries, limits.recoveryTokenLifetimeSeconds * 1000);
    this.signUpsByIp = new WindowLimiter(hardening.signUpsPerIp, hardening.signUpWindowSeconds * 1000);
  }

  /** `path` is what follows /auth/v1 (for example "/token"). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path);

    if (method === 'GET' && path === '/health') {
      return sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'local-supabase auth' });
    }
    if (method === 'GET' && path === '/settings') return sendJson(res, 200, this.settings());
    if (method === 'POST' && path === '/signup') return this.signUp(req, res);
    if (method === 'POST' && path === '/token') return this.token(req, res, url);
    if (method === 'GET' && path === '/user') return this.getUser(req, res);
    if (method === 'PUT' && path === '/user') return this.updateUser(req, res, url);
    if (method === 'POST' && path === '/logout') return this.logout(req, res, url);
    if (method === 'POST' && path === '/recover') return this.recover(req, res, url);
    if (method === 'GET' && path === '/verify') return this.verifyLink(req, res, url);
    if (method === 'POST' && path === '/verify') return this.verifyOtp(req, res);
    if (path === '/factors' || path.startsWith('/factors/')) {
      return this.mfa.handle(req, res, path, await this.requireUser(req));
    }
    const adminFactors = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?\/?$/.exec(path);
    if (adminFactors) {
      await this.requireAdmin(req);
      const factorId = adminFactors[2] === undefined ? undefined : decodeURIComponent(adminFactors[2]);
      return this.mfa.handleAdmin(req, res, decodeURIComponent(adminFactors[1] as string), factorId);
    }
    if (method === 'GET' && path === '/admin/users') return this.adminListUsers(req, res, url);
    if (method === 'POST' && path === '/admin/users') return this.adminCreateUser(req, res);
    if (adminUser) {
      const id = decodeURIComponent(adminUser[1] as string);
      if (method === 'GET') return this.adminGetUser(req, res, id);
      if (method === 'PUT') return this.adminUpdateUser(req, res, id);
      if (method === 'DELETE') return this.adminDeleteUser(req, res, id);
    }
    throw authError(404, 'not_found', 'Not Found');
  }

  private settings(): JsonObject {
    return {
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  }

  private sessionMeta(req: IncomingMessage): SessionMeta {
    return { userAgent: headerValue(req, 'user-agent'), ip: clientIp(req) };
  }

  // --- caller identity -------------------------------------------------------------------------

  private async claims(req: IncomingMessage): Promise<JwtClaims> {
    const token = bearerToken(req);
    if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const verified = await verifyJwt(token);
    if (!verified.ok) {
      throw authError(
        403,
        'bad_jwt',
        verified.reason === 'expired'
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : 'invalid JWT: unable to parse or verify signature, signature is invalid',
      );
    }
    return verified.claims;
  }

  /**
   * The signed-in user behind the Bearer token, as GoTrue's requireAuthentication: the account must
   * exist and not be banned (deactivated), and the token's session must still exist (not signed out,
   * timed out or ended by a new password). Every endpoint that takes an access token goes through here.
   */
  private async requireUser(req: IncomingMessage, db: Db = this.pool): Promise<{ claims: JwtClaims; user: UserRow }> {
    const claims = await this.claims(req);
    if (typeof claims.sub !== 'string' || !claims.sub) {
      throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    if (!isUuid(claims.sub)) throw authError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(db, claims.sub);
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (typeof claims.session_id === 'string' && claims.session_id !== NIL_UUID) {
      if (!isUuid(claims.session_id)) throw authError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
      const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (!rowCount) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    // A token issued before the ban still verifies: refuse it here.
    if (isBanned(user)) throw authError(403, 'user_banned', 'User is banned');
    return { claims, user };
  }

  private async requireAdmin(req: IncomingMessage): Promise<void> {
    const claims = await this.claims(req);
    if (!ADMIN_ROLES.has(String(claims.role))) throw authError(403, 'not_admin', 'User not allowed');
  }

  // --- sign-up and sign-in ---------------------------------------------------------------------

  private async signUp(req: IncomingMessage, res: ServerResponse) {
    const body = await readJsonObject(req);
    const email = normalizeEmail(body.email);
    const password = stringField(body, 'password');
    if (!email) {
      if (!password) throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
      throw authError(422, 'validation_failed', 'To signup, please provide your email');
    }
    assertValidEmail(email);
    if (!password) throw authError(422, 'validation_failed', 'Signup requires a valid password');
    assertAcceptablePassword(password);
    const data = objectField(body, 'data') ?? {};
    assertMetadataSize(data);
    // Counted once the request is well formed, like GoTrue's limiter, which runs before the account check.
    const wait = this.signUpsByIp.hit(clientIp(req));
    if (wait > 0) throw overRateLimit(wait);

    const session = await withTransaction(this.pool, async (db) => {
      if (await findUserByEmail(db, email)) throw authError(422, 'user_already_exists', 'User already registered');
      // Email confirmation is off locally (config.toml enable_confirmations = false): confirmed at once.
      const user = await createAuthUser(db, { email, password, emailConfirmed: true, userMetadata: data }).catch(
        (error: unknown) => {
          if (error instanceof HttpError && error.body.error_code === 'email_exists') {
            throw authError(422, 'user_already_exists', 'User already registered');
          }
          throw error;
        },
      );
      return startSession(db, user, 'password', this.sessionMeta(req));
    });
    sendJson(res, 200, session);
  }

  private async token(req: IncomingMessage, res: ServerResponse, url: URL) {
    const grantType = url.searchParams.get('grant_type');
    const body = await readJsonObject(req);
    if (grantType === 'password') return this.passwordGrant(req, res, body);
    if (grantType === 'refresh_token') return this.refreshGrant(res, body);
    if (grantType === 'pkce') return this.pkceGrant(req, res, body);
    throw authError(400, 'validation_failed', 'unsupported_grant_type');
  }

  private async passwordGrant(req: IncomingMessage, res: ServerResponse, body: JsonObject) {
    const email = normalizeEmail(body.email);
    const password = stringField(body, 'password') ?? '';
    if (!email) throw authError(400, 'validation_failed', 'missing email or phone');
    const ip = clientIp(req);
    const wait = this.signIns.retryAfter(email, ip, { perEmail: await this.maxLoginAttempts.get() });
    if (wait > 0) throw overRateLimit(wait, 'Too many login attempts. Please try again later.');
    const user = await findUserByEmail(this.pool, email);
    // Always one bcrypt comparison, so a wrong password and an unknown email take the same time.
    const matches = await passwordMatches(password, user?.encrypted_password);
    if (!user || !matches) {
      this.signIns.recordFailure(email, ip);
      throw invalidCredentials();
    }
    if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned');
    if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
    this.signIns.recordSuccess(email, ip);
    const session = await withTransaction(this.pool, (db) => startSession(db, user, 'password', this.sessionMeta(req)));
    sendJson(res, 200, session);
  }

  private async refreshGrant(res: ServerResponse, body: JsonObject) {
    const refreshToken = stringField(body, 'refresh_token');
    if (!refreshToken) throw authError(400, 'validation_failed', 'refresh_token required');
    const notFound = () =>
      authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

    let sessionOfToken: string | null = null;
    const outcome = await withTransaction(this.pool, async (db) => {
      const { rows } = await db.query<{ revoked: boolean; user_id: string; session_id: string | null }>(
        `select rt.revoked, rt.user_id, rt.session_id
           from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
          where rt.token = $1
          for update of rt`,
        [refreshToken],
      );
      const row = rows[0];
      if (!row || !row.session_id) return { error: notFound() };
      if (row.revoked) {
        // A used token coming back means it leaked: end the whole session, like GoTrue's reuse detection.
        await db.query('delete from auth.sessions where id = $1', [row.session_id]);
        return { error: notFound() };
      }
      const user = await findUserById(db, row.user_id);
      if (!user) return { error: notFound() };
      if (isBanned(user)) return { error: authError(400, 'user_banned', 'User is banned') };
      sessionOfToken = row.session_id;
      return { session: await continueSession(db, user, row.session_id, refreshToken) };
    }).catch(async (error: unknown) => {
      // The access token hook refused the refresh (an idle session: see the session timeout
      // migration). Its refreshed_at can never move again, so the session ends here and now, and
      // with it every access token it issued.
      if (error instanceof HookRefusal && sessionOfToken) {
        await this.pool.query('delete from auth.sessions where id = $1', [sessionOfToken]);
      }
      throw error;
    });
    if (outcome.error) throw outcome.error;
    sendJson(res, 200, outcome.session);
  }

  private async pkceGrant(req: IncomingMessage, res: ServerResponse, body: JsonObject) {
    const authCode = stringField(body, 'auth_code');
    const verifier = stringField(body, 'code_verifier');
    if (!authCode || !verifier) throw authError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    const session = await withTransaction(this.pool, async (db) => {
      const { rows } = await db.query<{ id: string; user_id: string; code_challenge: string; code_challenge_method: string; authentication_method: string }>(
        `delete from auth.flow_state
          where auth_code = $1 and auth_code_issued_at > now() - make_interval(secs => $2)
          returning id, user_id, code_challenge, code_challenge_method, authentication_method`,
        [authCode, FLOW_STATE_LIFETIME_SECONDS],
      );
      const flow = rows[0];
      if (!flow) throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      if (pkceChallengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
        throw authError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
      }
      const user = await findUserById(db, flow.user_id);
      if (!user) throw authError(404, 'user_not_found', 'User not found');
      // A deactivated (banned) account gets no session by any route, email links included.
      if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned');
      return startSession(db, user, flow.authentication_method, this.sessionMeta(req));
    });
    sendJson(res, 200, session);
  }

  // --- the signed-in user ----------------------------------------------------------------------

  private async getUser(req: IncomingMessage, res: ServerResponse) {
    const { user } = await this.requireUser(req);
    sendJson(res, 200, await userJson(this.pool, user));
  }

  /**
   * GoTrue's update_password_require_current_password (docs/security.md "Changing a password"): a new
   * password needs the current one, except in a recovery session (opened from a mailed link or code:
   * GoTrue counts recovery, otp and magiclink). Wrong current passwords count as failed sign-ins of
   * the account from the caller's address, so the check cannot be used to guess it.
   */
  private async assertMayChangePassword(db: Db, req: IncomingMessage, claims: JwtClaims, user: UserRow, body: JsonObject) {
    if (!user.encrypted_password) return;
    const { rowCount } = await db.query(
      `select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method in ('recovery', 'otp', 'magiclink')`,
      [typeof claims.session_id === 'string' && isUuid(claims.session_id) ? claims.session_id : null],
    );
    if (rowCount) return;
    const current = stringField(body, 'current_password');
    if (!current) throw authError(400, 'current_password_required', 'Current password required when setting new password.');
    const email = user.email ?? user.id;
    const ip = clientIp(req);
    const wait = this.signIns.retryAfter(email, ip, { perEmail: await this.maxLoginAttempts.get() });
    if (wait > 0) throw overRateLimit(wait, 'Too many login attempts. Please try again later.');
    if (!(await passwordMatches(current, user.encrypted_password))) {
      this.signIns.recordFailure(email, ip);
      throw authError(400, 'current_password_invalid', 'Current password required when setting new password.');
    }
    this.signIns.recordSuccess(email, ip);
  }

  private async updateUser(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = await readJsonObject(req);
    const updated = await withTransaction(this.pool, async (db) => {
      const { claims, user } = await this.requireUser(req, db);
      await findUserById(db, user.id, true);
      const password = stringField(body, 'password');
      const newEmail = normalizeEmail(body.email);
      // As GoTrue: with two-factor on, the password and the email change only from an aal2 session.
      if ((password || (newEmail && newEmail !== user.email)) && claims.aal !== 'aal2' && (await hasVerifiedFactor(db, user.id))) {
        throw authError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
      }
      if (password !== undefined) {
        assertAcceptablePassword(password);
        await this.assertMayChangePassword(db, req, claims, user, body);
        if (await passwordMatches(password, user.encrypted_password)) {
          throw authError(422, 'same_password', 'New password should be different from the old password.');
        }
        await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          user.id,
          await hashPassword(password),
        ]);
        // A new password ends every other session of the account, as in GoTrue.
        await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
          user.id,
          typeof claims.session_id === 'string' ? claims.session_id : null,
        ]);
      }
      const email = newEmail;
      if (email && email !== user.email) {
        assertValidEmail(email);
        // Only through the links mailed to both addresses (see auth-email-change.ts).
        await assertEmailFree(db, user.id, email);
        const wait = this.recoveryMails.acquire(`email-change:${user.id}`);
        if (wait > 0) {
          throw authError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
        }
        await requestEmailChange(db, this.outbox, user, email, safeRedirect(url.searchParams.get('redirect_to')));
      }
      const data = objectField(body, 'data');
      if (data) {
        const merged = mergeMetadata(user.raw_user_meta_data, data);
        assertMetadataSize(merged);
        await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          user.id,
          merged,
        ]);
      }
      const fresh = (await findUserById(db, user.id)) as UserRow;
      return userJson(db, fresh);
    });
    sendJson(res, 200, updated);
  }

  private async changeEmail(db: Db, userId: string, email: string) {
    const taken = await findUserByEmail(db, email);
    if (taken && taken.id !== userId) {
      throw authError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    await db.query('update auth.users set email = $2, updated_at = now() where id = $1', [userId, email]);
    await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId, email],
    );
  }

  /** As GoTrue: a token without a session signs out everywhere; `local` and `others` need its session. */
  private async logout(req: IncomingMessage, res: ServerResponse, url: URL) {
    const scope = url.searchParams.get('scope') || 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw authError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
    }
    const { claims, user } = await this.requireUser(req);
    const sessionId = typeof claims.session_id === 'string' && claims.session_id !== NIL_UUID ? claims.session_id : null;
    if (sessionId && scope === 'local') {
      await this.pool.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id]);
    } else if (sessionId && scope === 'others') {
      await this.pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    } else {
      await this.pool.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
    sendEmpty(res, 204);
  }

  // --- password recovery -----------------------------------------------------------------------

  private async recover(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = await readJsonObject(req);
    const email = normalizeEmail(body.email);
    if (!email) throw authError(422, 'validation_failed', 'Password recovery requires an email');
    assertValidEmail(email);
    // Limited per address whether or not it has an account, so the answer never tells which.
    const wait = this.recoveryMails.acquire(email);
    if (wait > 0) {
      throw authError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
    }
    const redirectTo = safeRedirect(url.searchParams.get('redirect_to'));
    const challenge = stringField(body, 'code_challenge');
    const challengeMethod = stringField(body, 'code_challenge_method')?.toLowerCase();

    await withTransaction(this.pool, async (db) => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      // A new code replaces the last one (with a count of wrong tries of its own: see verifyOtp).
      const { code: otp, linkToken: token, stored } = newMailedCode(email);
      await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, stored]);
      let linkToken = token;
      if (challenge && (challengeMethod === 's256' || challengeMethod === 'plain')) {
        await db.query(
          `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
             authentication_method, created_at, updated_at)
           values ($1, $2, $3, $4, $5, 'recovery', 'recovery', now(), now())`,
          [randomUUID(), user.id, randomUUID(), challengeMethod, challenge],
        );
        linkToken = PKCE_PREFIX + token;
      }
      const link = new URL('/auth/v1/verify', API_URL);
      link.searchParams.set('token', linkToken);
      link.searchParams.set('type', 'recovery');
      link.searchParams.set('redirect_to', redirectTo);
      const hook = sendEmailHook();
      if (hook) {
        // The school's own mail (supabase/functions/auth-mail): GoTrue's Send Email hook.
        await callSendEmailHook(hook, {
          user: await userJson(db, user),
          email_data: {
            token: otp,
            token_hash: linkToken,
            redirect_to: redirectTo,
            email_action_type: 'recovery',
            site_url: AUTH_ISSUER,
            token_new: '',
            token_hash_new: '',
          },
        });
        return;
      }
      // Without the hook: GoTrue's own template.
      await this.outbox.send(
        {
          to: email,
          subject: 'Reset Your Password',
          text: [
            'Reset Password',
            '',
            'Follow this link to reset the password for your user:',
            link.toString(),
            '',
            `Alternatively, enter the code: ${otp}`,
            '',
            'If you did not ask for a new password, you can ignore this message.',
          ].join('\n'),
          html: [
            '<h2>Reset Password</h2>',
            '<p>Follow this link to reset the password for your user:</p>',
            `<p><a href="${escapeHtml(link.toString())}">Reset Password</a></p>`,
            `<p>Alternatively, enter the code: ${otp}</p>`,
            '<p>If you did not ask for a new password, you can ignore this message.</p>',
          ].join('\n'),
        },
        db,
      );
    });
    sendJson(res, 200, {});
  }

  /**
   * Consumes a pending recovery code, named by its link token or by the exact stored value (a code
   * that matched): valid once, for one hour after it was sent.
   */
  private async consumeRecoveryToken(db: Db, match: { linkToken: string } | { stored: string }): Promise<UserRow | undefined> {
    const [condition, value] =
      'linkToken' in match ? [`split_part(recovery_token, ':', 1) = $1`, linkDigest(match.linkToken)] : ['recovery_token = $1', match.stored];
    const { rows } = await db.query<UserRow>(
      `update auth.users
          set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        where ${condition} and recovery_token <> '' and deleted_at is null
          and recovery_sent_at > now() - make_interval(secs => $2)
        returning ${USER_COLUMNS}`,
      [value, authLimits().recoveryTokenLifetimeSeconds],
    );
    return rows[0];
  }

  /**
   * Checks a typed recovery code against the code pending for `email`. A wrong one counts against that
   * code, and the 5th voids it (its link too), right code or not after that. Answers the stored value
   * of a matching code, to be consumed.
   */
  private async matchRecoveryCode(email: string, code: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ id: string; recovery_token: string }>(
      `select id, recovery_token from auth.users
        where lower(email) = $1 and recovery_token <> '' and deleted_at is null
          and recovery_sent_at > now() - make_interval(secs => $2)`,
      [email, authLimits().recoveryTokenLifetimeSeconds],
    );
    const pending = rows[0];
    if (!pending) return undefined;
    if (codeMatches(pending.recovery_token, email, code)) return pending.recovery_token;
    if (this.codeGuesses.wrongTry(`recovery:${pending.recovery_token}`)) {
      await this.pool.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1 and recovery_token = $2`, [
        pending.id,
        pending.recovery_token,
      ]);
    }
    return undefined;
  }

  /** Counts one verification attempt from the caller's IP (and for `email`), refusing it over the limits. */
  private limitVerification(req: IncomingMessage, email?: string): void {
    const byIp = this.verifiesByIp.hit(clientIp(req));
    if (byIp > 0) throw overRateLimit(byIp);
    const byEmail = email ? this.verifiesByEmail.hit(email) : 0;
    if (byEmail > 0) throw overRateLimit(byEmail);
  }

  private async verifyLink(req: IncomingMessage, res: ServerResponse, url: URL) {
    this.limitVerification(req);
    const target = safeRedirect(url.searchParams.get('redirect_to'));
    const token = url.searchParams.get('token') ?? '';
    const type = url.searchParams.get('type');
    const failed = () =>
      redirect(
        res,
        withFragment(target, {
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }),
      );
    if (type === 'email_change' && token) return this.verifyEmailChangeLink(res, token, target, failed);
    if (type !== 'recovery' || !token) return failed();

    const isPkce = token.startsWith(PKCE_PREFIX);
    const linkToken = isPkce ? token.slice(PKCE_PREFIX.length) : token;
    const location = await withTransaction(this.pool, async (db) => {
      const user = await this.consumeRecoveryToken(db, { linkToken });
      if (!user) return undefined;
      // GoTrue refuses a banned account's email link before issuing anything.
      if (isBanned(user)) {
        return withFragment(target, {
          error: 'access_denied',
          error_code: 'user_banned',
          error_description: 'User is banned',
        });
      }
      if (isPkce) {
        const { rows } = await db.query<{ auth_code: string }>(
          `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
            where id = (select id from auth.flow_state
                         where user_id = $1 and authentication_method = 'recovery' and auth_code_issued_at is null
                         order by created_at desc limit 1)
            returning auth_code`,
          [user.id],
        );
        const code = rows[0]?.auth_code;
        if (!code) return undefined;
        const next = new URL(target);
        next.searchParams.set('code', code);
        return next.toString();
      }
      const session = await startSession(db, user, 'recovery', {});
      return withFragment(target, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: 'recovery',
      });
    });
    if (!location) return failed();
    redirect(res, location);
  }

  /** The link of a pending email change: the first of the two only says so, the second signs in. */
  private async verifyEmailChangeLink(res: ServerResponse, token: string, target: string, failed: () => void) {
    let location: string | undefined;
    try {
      location = await withTransaction(this.pool, async (db) => {
        const outcome = await confirmEmailChange(db, { linkToken: token }, refuseBanned);
        if (outcome.state === 'invalid') return undefined;
        if (outcome.state === 'one-of-two') return withFragment(target, { message: SINGLE_CONFIRMATION_ACCEPTED });
        const session = await startSession(db, outcome.user, 'otp', {});
        return withFragment(target, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type: 'email_change',
        });
      });
    } catch (error) {
      if (!(error instanceof HttpError) || error.body.error_code !== 'user_banned') throw error;
      location = withFragment(target, { error: 'access_denied', error_code: 'user_banned', error_description: 'User is banned' });
    }
    if (!location) return failed();
    redirect(res, location);
  }

  /**
   * POST /verify of an email change: a link's token (token_hash), or an address and the code mailed to
   * it. A wrong code counts against the pending change; the 5th voids it, both codes and links.
   */
  private async verifyEmailChangeOtp(req: IncomingMessage, res: ServerResponse, body: JsonObject) {
    const tokenHash = stringField(body, 'token_hash');
    const token = stringField(body, 'token')?.trim();
    const email = normalizeEmail(body.email);
    if (!tokenHash && !(token && email)) {
      throw authError(400, 'validation_failed', 'Verify requires either a token hash, or an email and a token');
    }
    this.limitVerification(req, email);
    const match: EmailChangeMatch = tokenHash ? { linkToken: tokenHash } : { address: email as string, code: token as string };
    const outcome = await withTransaction(this.pool, async (db) => {
      const confirmed = await confirmEmailChange(db, match, refuseBanned);
      if (confirmed.state !== 'changed') return confirmed;
      return { state: 'changed' as const, session: await startSession(db, confirmed.user, 'otp', this.sessionMeta(req)) };
    });
    if (outcome.state === 'invalid') {
      if (outcome.wrongCodeFor && this.codeGuesses.wrongTry(outcome.wrongCodeFor.key)) {
        await voidEmailChange(this.pool, outcome.wrongCodeFor);
      }
      throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    }
    if (outcome.state === 'one-of-two') return sendJson(res, 200, { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
    sendJson(res, 200, outcome.session);
  }

  private async verifyOtp(req: IncomingMessage, res: ServerResponse) {
    const body = await readJsonObject(req);
    const type = stringField(body, 'type');
    if (type === 'email_change') return this.verifyEmailChangeOtp(req, res, body);
    if (type !== 'recovery') throw authError(400, 'validation_failed', 'Verify requires a verification type of recovery or email_change');
    const tokenHash = stringField(body, 'token_hash');
    const token = stringField(body, 'token')?.trim();
    const email = normalizeEmail(body.email);
    if (!tokenHash && !(token && email)) {
      throw authError(400, 'validation_failed', 'Verify requires either a token hash, or an email and a token');
    }
    this.limitVerification(req, email);
    // token_hash is the mailed link's token: random, so a wrong one names no code to count against.
    let match: { linkToken: string } | { stored: string } | undefined;
    if (tokenHash) match = { linkToken: tokenHash.startsWith(PKCE_PREFIX) ? tokenHash.slice(PKCE_PREFIX.length) : tokenHash };
    else {
      const stored = await this.matchRecoveryCode(email as string, token as string);
      if (stored) match = { stored };
    }

    const outcome = match
      ? await withTransaction(this.pool, async (db) => {
          const user = await this.consumeRecoveryToken(db, match);
          if (!user || (email && user.email !== email)) return undefined;
          if (isBanned(user)) throw authError(403, 'user_banned', 'User is banned');
          return startSession(db, user, 'recovery', this.sessionMeta(req));
        })
      : undefined;
    if (!outcome) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    sendJson(res, 200, outcome);
  }

  // --- admin (service role) --------------------------------------------------------------------

  private async adminListUsers(req: IncomingMessage, res: ServerResponse, url: URL) {
    await this.requireAdmin(req);
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get('per_page') ?? '', 10) || 50));
    const { rows: countRows } = await this.pool.query<{ total: string }>(
      'select count(*)::text as total from auth.users where deleted_at is null',
    );
    const total = Number(countRows[0]?.total ?? 0);
    const { rows } = await this.pool.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where deleted_at is null
        order by created_at desc, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const users = [];
    for (const row of rows) users.push(await userJson(this.pool, row));
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    sendJson(res, 200, { users, aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(', ') });
  }

  private async adminGetUser(req: IncomingMessage, res: ServerResponse, id: string) {
    await this.requireAdmin(req);
    const user = await findUserById(this.pool, id);
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    sendJson(res, 200, await userJson(this.pool, user));
  }

  private async adminCreateUser(req: IncomingMessage, res: ServerResponse) {
    await this.requireAdmin(req);
    const body = await readJsonObject(req);
    const email = normalizeEmail(body.email);
    if (!email) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    assertValidEmail(email);
    const password = stringField(body, 'password');
    if (password !== undefined) assertAcceptablePassword(password);
    const banDuration = stringField(body, 'ban_duration');

    const created = await withTransaction(this.pool, async (db) => {
      if (await findUserByEmail(db, email)) {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      const user = await createAuthUser(db, {
        email,
        password,
        emailConfirmed: body.email_confirm === true,
        userMetadata: objectField(body, 'user_metadata') ?? {},
        appMetadata: objectField(body, 'app_metadata'),
        role: stringField(body, 'role'),
      });
      if (banDuration) {
        await db.query('update auth.users set banned_until = $2 where id = $1', [user.id, banUntil(banDuration)]);
      }
      return userJson(db, (await findUserById(db, user.id)) as UserRow);
    });
    sendJson(res, 200, created);
  }

  private async adminUpdateUser(req: IncomingMessage, res: ServerResponse, id: string) {
    await this.requireAdmin(req);
    const body = await readJsonObject(req);
    const updated = await withTransaction(this.pool, async (db) => {
      const user = await findUserById(db, id, true);
      if (!user) throw authError(404, 'user_not_found', 'User not found');
      let endSessions = false;

      const email = normalizeEmail(body.email);
      if (email && email !== user.email) {
        assertValidEmail(email);
        await this.changeEmail(db, id, email);
      }
      const password = stringField(body, 'password');
      if (password !== undefined) {
        assertAcceptablePassword(password);
        await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          id,
          await hashPassword(password),
        ]);
        endSessions = true;
      }
      if (body.email_confirm === true) {
        await db.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [id]);
      }
      const userMetadata = objectField(body, 'user_metadata');
      if (userMetadata) {
        await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          id,
          mergeMetadata(user.raw_user_meta_data, userMetadata),
        ]);
      }
      const appMetadata = objectField(body, 'app_metadata');
      if (appMetadata) {
        await db.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
          id,
          mergeMetadata(user.raw_app_meta_data, appMetadata),
        ]);
      }
      const role = stringField(body, 'role');
      if (role) await db.query('update auth.users set role = $2, updated_at = now() where id = $1', [id, role]);
      const banDuration = stringField(body, 'ban_duration');
      if (banDuration) {
        const until = banUntil(banDuration);
        await db.query('update auth.users set banned_until = $2, updated_at = now() where id = $1', [id, until]);
        endSessions ||= until !== null;
      }
      if (endSessions) await db.query('delete from auth.sessions where user_id = $1', [id]);
      return userJson(db, (await findUserById(db, id)) as UserRow);
    });
    sendJson(res, 200, updated);
  }

  private async adminDeleteUser(req: IncomingMessage, res: ServerResponse, id: string) {
    await this.requireAdmin(req);
    const body = await readJsonObject(req);
    const deleted = await withTransaction(this.pool, async (db) => {
      const user = await findUserById(db, id, true);
      if (!user) throw authError(404, 'user_not_found', 'User not found');
      const json = await userJson(db, user);
      if (body.should_soft_delete === true) {
        // Soft delete keeps the row (and its profile) but frees the email and ends every session.
        await db.query('delete from auth.sessions where user_id = $1', [id]);
        await db.query('delete from auth.identities where user_id = $1', [id]);
        await db.query(
          `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
             raw_app_meta_data = '{}', raw_user_meta_data = '{}', updated_at = now()
           where id = $1`,
          [id],
        );
      } else {
        await db.query('delete from auth.users where id = $1', [id]);
      }
      return json;
    });
    sendJson(res, 200, deleted);
  }
}
