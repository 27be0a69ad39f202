import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AUTH_ISSUER, JWT_EXPIRY_SECONDS, MIN_PASSWORD_LENGTH } from './config';
import { HttpError, type JsonObject } from './http-utils';
import { applyCustomAccessTokenHook } from './auth-hooks';
import { signJwt } from './jwt';
import { passwordHasher } from './password-hasher';

type Db = pg.Pool | pg.PoolClient;

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  /** The address a pending email change goes to ('' or null when none is pending). */
  email_change: string | null;
  email_change_sent_at: Date | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmed_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone,
  phone_confirmed_at, banned_until, deleted_at, is_anonymous, email_change, email_change_sent_at`;

/** GoTrue's error body, which supabase-js turns into AuthApiError (`code` = error_code). */
export function authError(status: number, errorCode: string, msg: string, extra: JsonObject = {}): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg, ...extra });
}

export const invalidCredentials = () => authError(400, 'invalid_credentials', 'Invalid login credentials');

export function normalizeEmail(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function assertValidEmail(email: string): void {
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
}

export function assertAcceptablePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw authError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  // bcrypt ignores everything after 72 bytes; refuse instead of silently truncating.
  if (Buffer.byteLength(password) > 72) {
    throw authError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
  }
}

/** Largest user metadata an account may carry (JSON, UTF-8): a profile's few fields, not a file store. */
export const MAX_USER_METADATA_BYTES = 4096;

export function assertMetadataSize(metadata: JsonObject): void {
  if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_USER_METADATA_BYTES) {
    throw authError(400, 'validation_failed', `User metadata cannot be larger than ${MAX_USER_METADATA_BYTES} bytes`);
  }
}

export async function hashPassword(password: string): Promise<string> {
  // $2a$ cost 10 like GoTrue, so pgcrypto's crypt() can verify the same hashes; native, on the thread pool.
  return passwordHasher().hash(password);
}

// A real cost-10 hash of a throwaway password: unknown emails cost a comparison too, so response time
// does not tell whether an account exists.
const DUMMY_HASH = '$2b$10$gS/vuPKzae5bAr23s6tFmepUFd4PRtkXxUffLUT3.rQaw71DOR9gi';

/** One bcrypt comparison whatever the hash (a missing one costs the same against DUMMY_HASH); 503 when saturated. */
export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  const usable = typeof hash === 'string' && hash.startsWith('$2');
  const matches = await passwordHasher().verify(password, usable ? hash : DUMMY_HASH);
  return usable && matches;
}

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export function sixDigitCode(): string {
  return String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export async function findUserById(db: Db, id: string, lock = false): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null and not is_sso_user`,
    [email],
  );
  return rows[0];
}

function iso(date: Date | null | undefined): string | undefined {
  return date ? date.toISOString() : undefined;
}

/** Drops undefined values, as GoTrue's `omitempty` fields are absent rather than null. */
function compact(object: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** The user object GoTrue returns (and supabase-js exposes as `User`). */
export async function userJson(db: Db, user: UserRow): Promise<JsonObject> {
  const { rows: identities } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [user.id],
  );
  return compact({
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) =>
      compact({
        identity_id: identity.id,
        id: identity.provider_id,
        user_id: identity.user_id,
        identity_data: identity.identity_data,
        provider: identity.provider,
        last_sign_in_at: iso(identity.last_sign_in_at),
        created_at: iso(identity.created_at),
        updated_at: iso(identity.updated_at),
        email: identity.email ?? undefined,
      }),
    ),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
    factors: await factorsJson(db, user.id),
  });
}

/** The user's MFA factors as GoTrue lists them in the user object (absent when there are none). */
async function factorsJson(db: Db, userId: string): Promise<JsonObject[] | undefined> {
  const { rows } = await db.query<{
    id: string;
    friendly_name: string | null;
    factor_type: string;
    status: string;
    created_at: Date;
    updated_at: Date;
    last_challenged_at: Date | null;
  }>(
    `select id, friendly_name, factor_type::text, status::text, created_at, updated_at, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  if (rows.length === 0) return undefined;
  return rows.map((factor) =>
    compact({
      id: factor.id,
      friendly_name: factor.friendly_name || undefined,
      factor_type: factor.factor_type,
      status: factor.status,
      created_at: iso(factor.created_at),
      updated_at: iso(factor.updated_at),
      last_challenged_at: iso(factor.last_challenged_at) ?? null,
    }),
  );
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/** GoTrue semantics for metadata updates: keys are set, a null value removes the key. */
export function mergeMetadata(current: JsonObject | null, changes: JsonObject): JsonObject {
  const merged: JsonObject = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface SessionJson extends JsonObject {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: JsonObject;
}

/** One `amr` entry of an access token: how (and when) the session was authenticated. */
interface AmrEntry {
  method: string;
  timestamp: number;
}

/**
 * The session's aal and amr, as GoTrue computes them from auth.mfa_amr_claims: aal2 once a TOTP factor
 * was verified in the session, every method in ascending time order. A refresh keeps them.
 */
async function sessionAssurance(db: Db, sessionId: string): Promise<{ aal: 'aal1' | 'aal2'; amr: AmrEntry[] }> {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims
      where session_id = $1 order by updated_at, created_at`,
    [sessionId],
  );
  const amr = rows.map((claim) => ({
    method: claim.authentication_method,
    timestamp: Math.floor(claim.updated_at.getTime() / 1000),
  }));
  return { aal: amr.some((entry) => entry.method === 'totp') ? 'aal2' : 'aal1', amr };
}

/**
 * Signs the session's access token; the custom access token hook (auth-hooks.ts) sees the claims
 * first and may refuse them. `method` is how this token was earned (GoTrue's authentication method).
 */
async function accessToken(
  db: pg.PoolClient,
  user: UserRow,
  sessionId: string,
  assurance: { aal: string; amr: AmrEntry[] },
  method: string,
): Promise<{ token: string; expiresAt: number }> {
  const { aal, amr } = assurance;
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + JWT_EXPIRY_SECONDS;
  const claims = await applyCustomAccessTokenHook(db, {
    user_id: user.id,
    authentication_method: method,
    claims: {
    aud: user.aud ?? 'authenticated',
    exp: expiresAt,
    iat: issuedAt,
    iss: AUTH_ISSUER,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
    },
  });
  const token = await signJwt(claims);
  return { token, expiresAt };
}

async function insertRefreshToken(db: Db, user: UserRow, sessionId: string, parent: string | null): Promise<string> {
  const token = randomToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, user.id, parent, sessionId],
  );
  return token;
}

async function sessionJson(db: pg.PoolClient, user: UserRow, sessionId: string, refreshToken: string, method: string) {
  const { token, expiresAt } = await accessToken(db, user, sessionId, await sessionAssurance(db, sessionId), method);
  const session: SessionJson = {
    access_token: token,
    token_type: 'bearer',
    expires_in: JWT_EXPIRY_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
  return session;
}

/** Starts a new session (sign-in, sign-up, recovery) and records the sign-in time. */
export async function startSession(db: pg.PoolClient, user: UserRow, method: string, meta: SessionMeta): Promise<SessionJson> {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, meta.userAgent ?? null, meta.ip && /^[0-9a-f.:]+$/i.test(meta.ip) ? meta.ip : null],
  );
  const { rows } = await db.query<UserRow>(
    `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [user.id],
  );
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [user.id]);
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, now(), now())`,
    [sessionId, method],
  );
  const signedIn = rows[0] ?? user;
  const refreshToken = await insertRefreshToken(db, signedIn, sessionId, null);
  return sessionJson(db, signedIn, sessionId, refreshToken, method);
}

/**
 * Rotates a refresh token: the old one is revoked and its child continues the same session. `method`
 * is token_refresh for a refresh (totp after an MFA verify). As in GoTrue, the session's refreshed_at
 * (a UTC timestamp) moves only after the access token was issued, so the hook sees the last use.
 */
export async function continueSession(
  db: pg.PoolClient,
  user: UserRow,
  sessionId: string,
  parentToken: string,
  method = 'token_refresh',
) {
  await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [parentToken]);
  // The access token keeps saying how the session was authenticated (password, recovery, totp …) and
  // its assurance level (aal2 stays aal2).
  const refreshToken = await insertRefreshToken(db, user, sessionId, parentToken);
  const session = await sessionJson(db, user, sessionId, refreshToken, method);
  await db.query(`update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now() where id = $1`, [
    sessionId,
  ]);
  return session;
}

export async function createAuthUser(
  db: Db,
  fields: {
    email: string;
    password?: string | undefined;
    emailConfirmed: boolean;
    userMetadata: JsonObject;
    appMetadata?: JsonObject | undefined;
    role?: string | undefined;
  },
): Promise<UserRow> {
  const id = randomUUID();
  const encrypted = fields.password ? await hashPassword(fields.password) : '';
  const appMetadata = { provider: 'email', providers: ['email'], ...(fields.appMetadata ?? {}) };
  try {
    const { rows } = await db.query<UserRow>(
      `insert into auth.users (
         instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
         confirmation_token, recovery_token, email_change_token_new, email_change, is_anonymous
       ) values ($1, $2, 'authenticated', $3, $4, $5, case when $6 then now() end, $7, $8, now(), now(), '', '', '', '', false)
       returning ${USER_COLUMNS}`,
      [INSTANCE_ID, id, fields.role ?? 'authenticated', fields.email, encrypted, fields.emailConfirmed, appMetadata, fields.userMetadata],
    );
    await db.query(
      `insert into auth.identities (id, user_id, provider_id, identity_data, provider, created_at, updated_at)
       values (gen_random_uuid(), $1::uuid, $1::text, $2, 'email', now(), now())`,
      [id, { sub: id, email: fields.email, email_verified: fields.emailConfirmed, phone_verified: false }],
    );
    return rows[0] as UserRow;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw authError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    throw error;
  }
}
