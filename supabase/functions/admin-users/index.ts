// Admin user management: create (with a generated temporary password), import a batch, update and
// delete accounts, and reset a person's two-factor sign-in. The service role key stays here, on the
// server, for what only the auth admin API does (creating and deleting accounts, removing factors); profiles are written as the calling administrator, so the
// database's policies and triggers (an admin cannot demote, deactivate or delete themself; a
// deactivated account is banned) hold here as everywhere. Callers must be signed-in, active
// administrators. Runs under Deno (Supabase, the local stack) and Node (tests); common code in
// ../_shared, see ../README.md.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { env, requiredEnv, serve } from '../_shared/env.ts';
import {
  type ErrorCode as CommonErrorCode,
  FunctionError as SharedFunctionError,
  errorResponse,
  json as jsonResponse,
  messageOf,
  readJsonObject,
} from '../_shared/http.ts';
import { newLinkToken, linkTokenHash } from '../_shared/link-token.ts';
import { type Language, queueMail, recipientOf, render } from '../_shared/mail.ts';
import { CLIENT_OPTIONS } from '../_shared/supabase-client.ts';

// --- HTTP -------------------------------------------------------------------------------------------

const LOCAL_APP_ORIGINS = [3000, 3001, 3002, 3003].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

/** The apps' origins: ALLOWED_ORIGINS (comma-separated) in production, else the local apps. */
function appOrigins(): string[] {
  const configured = env('ALLOWED_ORIGINS')
    ?.split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return configured?.length ? configured : LOCAL_APP_ORIGINS;
}

/**
 * The portal's address for links in mail: the origin the administrator's browser called from when it
 * is one of the apps', else the first app origin (the shell's, first in ALLOWED_ORIGINS).
 */
function portalOf(request: Request): string {
  const origins = appOrigins();
  const origin = request.headers.get('origin');
  return origin && origins.includes(origin) ? origin : (origins[0] as string);
}

/** CORS for the apps' origins only. */
function corsHeaders(request: Request): Record<string, string> {
  const origins = appOrigins();
  const origin = request.headers.get('origin');
  return {
    'access-control-allow-headers':
      'authorization, x-client-info, apikey, content-type, x-retry-count',
    'access-control-allow-methods': 'POST, OPTIONS',
    vary: 'Origin',
    ...(origin && origins.includes(origin) ? { 'access-control-allow-origin': origin } : {}),
  };
}

type ErrorCode =
  | CommonErrorCode
  | 'EMAIL_NOT_EDITABLE'
  | 'EMAIL_TAKEN'
  | 'USER_NOT_FOUND'
  | 'CANNOT_DELETE_SELF'
  | 'CANNOT_DEMOTE_SELF'
  | 'IMPORT_TOO_LARGE'
  | 'REASSIGN_TARGET_INVALID'
  | 'FILES_NOT_REMOVED'
  | 'CANNOT_RESET_OWN_TWO_FACTOR'
  | 'CANNOT_RESET_OWN_PASSWORD'
  | 'PASSWORD_CHANGE_REQUIRED'
  | 'TWO_FACTOR_REQUIRED'
  | 'INVITATION_ACCEPTED'
  | 'SAME_EMAIL'
  | 'BULK_TOO_LARGE'
  | 'TEACHER_HAS_COURSES';

/** This function's refusals: the shared FunctionError, with this function's codes. */
class FunctionError extends SharedFunctionError<ErrorCode> {}

const invalid = (field: string, message: string) =>
  new FunctionError(400, 'VALIDATION_ERROR', message, { field });

function json(request: Request, status: number, body: unknown): Response {
  // Responses may carry a one-time password: never cache them (json() sends no-store).
  return jsonResponse(status, body, corsHeaders(request));
}

// --- input ------------------------------------------------------------------------------------------

type Role = 'student' | 'teacher' | 'admin';
const ROLES: readonly Role[] = ['student', 'teacher', 'admin'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Lengths the users table allows (its check constraints).
const LIMITS = { firstName: 100, lastName: 100, phone: 40, location: 120, bio: 2000 } as const;
// users.specializations: at most 10 labels of 1–40 characters, none twice ignoring case.
const SPECIALIZATIONS = { count: 10, length: 40 } as const;

type Body = Record<string, unknown>;

function requiredName(body: Body, field: 'firstName' | 'lastName'): string {
  const value = body[field];
  if (typeof value !== 'string' || !value.trim()) throw invalid(field, `${field} is required`);
  if (value.trim().length > LIMITS[field])
    throw invalid(field, `${field} must be at most ${LIMITS[field]} characters`);
  return value.trim();
}

/** An optional personal field: a string (blank clears it) or null; undefined when not sent. */
function optionalText(body: Body, field: 'phone' | 'location' | 'bio'): string | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') throw invalid(field, `${field} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > LIMITS[field])
    throw invalid(field, `${field} must be at most ${LIMITS[field]} characters`);
  return trimmed || null;
}

/**
 * A teacher's specializations: a list of labels, each trimmed with its inner spaces collapsed, blanks
 * and repeats (ignoring case) dropped; undefined when not sent. Refused past the table's limits.
 */
function specializationsOf(body: Body): string[] | undefined {
  const value = body.specializations;
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw invalid('specializations', 'specializations must be a list of texts');
  const labels: string[] = [];
  for (const item of value as string[]) {
    const label = item.trim().replace(/\s+/g, ' ');
    if (!label || labels.some((kept) => kept.toLowerCase() === label.toLowerCase())) continue;
    if ([...label].length > SPECIALIZATIONS.length)
      throw invalid(
        'specializations',
        `each specialization must be at most ${SPECIALIZATIONS.length} characters`,
      );
    labels.push(label);
  }
  if (labels.length > SPECIALIZATIONS.count)
    throw invalid('specializations', `at most ${SPECIALIZATIONS.count} specializations`);
  return labels;
}

/** The teacher who takes over the courses (`reassignTo`), or undefined to leave them as they are. */
function reassignToOf(body: Body): string | undefined {
  const value = body.reassignTo;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !UUID.test(value))
    throw invalid('reassignTo', 'reassignTo must be a user id (UUID)');
  return value;
}

function roleOf(value: unknown): Role {
  if (!ROLES.includes(value as Role))
    throw invalid('role', `role must be one of ${ROLES.join(', ')}`);
  return value as Role;
}

function idOf(body: Body): string {
  const id = body.id;
  if (typeof id !== 'string' || !UUID.test(id)) throw invalid('id', 'id must be a user id (UUID)');
  return id;
}

// --- temporary passwords ------------------------------------------------------------------------------

// No look-alikes (0/O, 1/l/I) since an admin reads the password out to its owner.
const PASSWORD_CLASSES = [
  'abcdefghijkmnopqrstuvwxyz',
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  '23456789',
  '!@#$%*-_+=?',
];
const PASSWORD_ALPHABET = PASSWORD_CLASSES.join('');
const PASSWORD_LENGTH = 16;

/**
 * 16 characters from crypto.getRandomValues, with every character class, so any password policy
 * accepts it. It starts with a letter or digit: a spreadsheet opening the import report would read a
 * leading =, +, - or @ as a formula (and the report escapes such cells, which would change it).
 */
export function temporaryPassword(): string {
  // Bytes at or above this bound would favour the first characters of the alphabet.
  const bound = 256 - (256 % PASSWORD_ALPHABET.length);
  for (;;) {
    let password = '';
    while (password.length < PASSWORD_LENGTH) {
      for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
        if (byte < bound && password.length < PASSWORD_LENGTH)
          password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
      }
    }
    if (
      /^[A-Za-z0-9]/.test(password) &&
      PASSWORD_CLASSES.every((chars) => [...password].some((char) => chars.includes(char)))
    )
      return password;
  }
}

// --- the work -----------------------------------------------------------------------------------------

/**
 * The app metadata flag of an account whose password an administrator chose: until its owner stores a
 * new one (which clears it), the database refuses the account's requests.
 */
const MUST_CHANGE_PASSWORD = 'must_change_password';
const PASSWORD_CHANGE_REQUIRED = 'Choose your own password first';

/** The auth admin API (create and delete accounts) and the caller check. */
function serviceClient(): SupabaseClient {
  return createClient(
    requiredEnv('SUPABASE_URL'),
    requiredEnv('SUPABASE_SERVICE_ROLE_KEY'),
    CLIENT_OPTIONS,
  );
}

/** The database as the calling administrator: RLS and the users triggers apply to every write. */
function callerClient(token: string): SupabaseClient {
  return createClient(requiredEnv('SUPABASE_URL'), requiredEnv('SUPABASE_ANON_KEY'), {
    ...CLIENT_OPTIONS,
    global: { headers: { authorization: `Bearer ${token}` } },
  });
}

const PROFILE_COLUMNS =
  'id, email, first_name, last_name, role, avatar_url, phone, location, bio, is_active, specializations, last_sign_in_at, created_at, updated_at';

/** Rows one `import` call takes; the app sends a file's rows in calls of at most this many. */
export const IMPORT_LIMIT = 100;
/** Accounts an import creates at the same time (each is a password hash and two writes). */
const IMPORT_CONCURRENCY = 4;

type Caller = { user: User; db: SupabaseClient; portal: string };

/** The Bearer token of the request (requireAdmin has already refused a request without one). */
function tokenOf(request: Request): string {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
}

/** The caller's account, if it is an active administrator's (checked in public.users, never in metadata). */
async function requireAdmin(request: Request, admin: SupabaseClient): Promise<Caller> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new FunctionError(401, 'UNAUTHENTICATED', 'Sign in to manage users');
  const { data, error } = await admin.auth.getUser(token);
  if (error || !data.user)
    throw new FunctionError(401, 'UNAUTHENTICATED', 'Sign in to manage users');
  // An administrator whose password another administrator set must choose their own first (the
  // database refuses their requests too: 20261129000501_password_change_required.sql).
  if (data.user.app_metadata?.[MUST_CHANGE_PASSWORD] === true)
    throw new FunctionError(403, 'PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED);
  const { data: profile, error: profileError } = await admin
    .from('users')
    .select('role, is_active')
    .eq('id', data.user.id)
    .maybeSingle();
  if (profileError) throw profileError;
  if (profile?.role !== 'admin' || profile.is_active !== true) {
    throw new FunctionError(403, 'FORBIDDEN', 'Only active administrators can manage users');
  }
  return { user: data.user, db: callerClient(token), portal: portalOf(request) };
}

// The database's refusals (private.guard_admin_self), as this function's own codes.
const DEMOTE_SELF = 'Administrators cannot remove their own admin role or deactivate themselves';
const DELETE_SELF = 'Administrators cannot delete their own account';
// public.reassign_teacher_courses (20261122000300_courses.sql).
const REASSIGN_TARGET = 'Courses can only be reassigned to another active teacher';

function databaseRefusal(error: { message?: unknown }): FunctionError | undefined {
  if (error.message === DEMOTE_SELF)
    return new FunctionError(400, 'CANNOT_DEMOTE_SELF', DEMOTE_SELF);
  if (error.message === DELETE_SELF)
    return new FunctionError(400, 'CANNOT_DELETE_SELF', DELETE_SELF);
  if (error.message === REASSIGN_TARGET)
    return new FunctionError(400, 'REASSIGN_TARGET_INVALID', REASSIGN_TARGET, {
      field: 'reassignTo',
    });
  return undefined;
}

/**
 * Moves every course of `from` to the active teacher `to`, as the calling administrator (the
 * database checks both the caller and the new teacher).
 */
async function reassignCourses(caller: Caller, from: string, to: string): Promise<number> {
  const { data, error } = await caller.db.rpc('reassign_teacher_courses', {
    from_teacher: from,
    to_teacher: to,
  });
  if (error) throw databaseRefusal(error) ?? error;
  return typeof data === 'number' ? data : 0;
}

/** A user's avatar folder holds one picture; the listing is bounded all the same. */
const AVATAR_FOLDER_LIMIT = 100;

/**
 * Removes the pictures of the user's avatar folder (`avatars/<id>/…`), which no row keeps once the
 * profile is gone. Files of materials the user uploaded stay: their rows stay with the courses.
 */
async function removeAvatarFiles(admin: SupabaseClient, id: string): Promise<void> {
  const bucket = admin.storage.from('avatars');
  const listed = await bucket.list(id, { limit: AVATAR_FOLDER_LIMIT });
  const names = (listed.data ?? [])
    .filter((entry) => entry.id !== null)
    .map((entry) => `${id}/${entry.name}`);
  const removed = listed.error || names.length === 0 ? null : await bucket.remove(names);
  const error = listed.error ?? removed?.error;
  if (error) {
    throw new FunctionError(500, 'FILES_NOT_REMOVED', 'The stored files could not be removed', {
      reason: error.message,
    });
  }
}

type NewUser = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone: string | null | undefined;
  location: string | null | undefined;
  bio: string | null | undefined;
  specializations: string[] | undefined;
  /** The person's language for mail and screens; undefined: the school's default. */
  language: Language | undefined;
};

function languageOf(body: Body): Language | undefined {
  const value = body.language;
  if (value === undefined || value === null || value === '') return undefined;
  if (value !== 'en' && value !== 'es') throw invalid('language', "language must be 'en' or 'es'");
  return value;
}

/** A create's fields, checked like the users table checks them; the first problem is thrown. */
function newUserOf(body: Body): NewUser {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!email) throw invalid('email', 'email is required');
  if (email.length > 255 || !EMAIL.test(email))
    throw invalid('email', 'email is not a valid address');
  const firstName = requiredName(body, 'firstName');
  const lastName = requiredName(body, 'lastName');
  if (body.role === undefined || body.role === '') throw invalid('role', 'role is required');
  return {
    email,
    firstName,
    lastName,
    role: roleOf(body.role),
    phone: optionalText(body, 'phone'),
    location: optionalText(body, 'location'),
    bio: optionalText(body, 'bio'),
    specializations: specializationsOf(body),
    language: languageOf(body),
  };
}

const emailTaken = () =>
  new FunctionError(409, 'EMAIL_TAKEN', 'A user with this email already exists');

/**
 * Creates the confirmed account with its one-time password, then gives its profile what was entered.
 * The owner must choose their own password at the first sign-in (the app metadata flag, which the
 * database enforces).
 */
async function createAccount(admin: SupabaseClient, caller: Caller, input: NewUser) {
  const password = temporaryPassword();
  const { data, error } = await admin.auth.admin.createUser({
    email: input.email,
    password,
    email_confirm: true,
    // The sign-up trigger copies the names and the language into the profile.
    user_metadata: {
      first_name: input.firstName,
      last_name: input.lastName,
      ...(input.language ? { language: input.language } : {}),
    },
    app_metadata: { [MUST_CHANGE_PASSWORD]: true },
  });
  if (
    error?.code === 'email_exists' ||
    (error && /already (been )?registered/i.test(error.message))
  ) {
    throw emailTaken();
  }
  if (error || !data.user) throw error ?? new Error('createUser returned no user');

  // The sign-up trigger made a student profile; now it gets what the admin entered.
  const { data: profile, error: profileError } = await caller.db
    .from('users')
    .update({
      role: input.role,
      first_name: input.firstName,
      last_name: input.lastName,
      phone: input.phone,
      location: input.location,
      bio: input.bio,
      ...(input.specializations === undefined ? {} : { specializations: input.specializations }),
    })
    .eq('id', data.user.id)
    .select(PROFILE_COLUMNS)
    .single();
  if (profileError) {
    await admin.auth.admin.deleteUser(data.user.id);
    throw profileError;
  }
  // The account stands even if its welcome mail cannot be queued: the answer says so, and the
  // administrator can send it again (resendInvitation).
  const welcomeMailed = await mailWelcome(admin, caller, data.user.id, input.email).then(
    () => true,
    (mailError: unknown) => {
      console.error('[admin-users] welcome mail', mailError);
      return false;
    },
  );
  return { user: profile, temporaryPassword: password, welcomeMailed };
}

/**
 * The welcome mail of an account an administrator created: in the person's language, with the
 * school's name, the address to sign in with and a link to the sign-in page. Never the password: the
 * administrator hands it over, and the person chooses their own at the first sign-in.
 */
async function mailWelcome(admin: SupabaseClient, caller: Caller, id: string, email: string) {
  const recipient = await recipientOf(admin, id);
  const link = new URL('/auth', caller.portal).toString();
  await queueMail(admin, 'welcome', email, render(recipient, { kind: 'welcome', link, email }));
}

const INVITATION_ACCEPTED = 'This person has already chosen their own password';

/**
 * `correctEmail` { id, email }: a mistyped sign-in email corrected through a confirmation. Nothing
 * about the account changes now: the new address gets a mail (in the person's language) with a link to
 * confirm-email, valid once for 24 hours, which moves the account there; until then the current
 * address keeps working. A new correction replaces a pending one. An address another account uses is
 * refused (409 EMAIL_TAKEN), and so is the current one (400 SAME_EMAIL).
 */
async function correctEmail(admin: SupabaseClient, caller: Caller, body: Body) {
  const id = idOf(body);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!email) throw invalid('email', 'email is required');
  if (email.length > 255 || !EMAIL.test(email))
    throw invalid('email', 'email is not a valid address');
  const { data: target, error: readError } = await caller.db
    .from('users')
    .select('id, email')
    .eq('id', id)
    .maybeSingle();
  if (readError?.code === '42501')
    throw new FunctionError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
  if (readError) throw readError;
  if (!target) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  if (target.email.toLowerCase() === email)
    throw new FunctionError(400, 'SAME_EMAIL', 'This is already the account\'s email', { field: 'email' });

  const token = newLinkToken();
  const { error } = await admin.rpc('request_email_correction', {
    user_id: id,
    new_email: email,
    token_hash: await linkTokenHash(token),
    redirect_to: new URL('/auth', caller.portal).toString(),
  });
  if (error?.code === '23505') throw emailTaken();
  if (error) throw error;
  const link = new URL('/functions/v1/confirm-email', requiredEnv('SUPABASE_URL'));
  link.searchParams.set('token', token);
  const recipient = await recipientOf(admin, id);
  await queueMail(
    admin,
    'auth',
    email,
    render(recipient, { kind: 'email_change_new', link: link.toString(), from: target.email, to: email }),
  );
  return { id, pendingEmail: email };
}

/**
 * `resendInvitation` { id }: the welcome mail again, for an account whose owner has not yet chosen
 * their own password (refused with 409 INVITATION_ACCEPTED once they have). Read as the caller first,
 * so the database's rules for the caller apply.
 */
async function resendInvitation(admin: SupabaseClient, caller: Caller, body: Body) {
  const id = idOf(body);
  const { data: target, error: readError } = await caller.db
    .from('users')
    .select('id, email')
    .eq('id', id)
    .maybeSingle();
  if (readError?.code === '42501')
    throw new FunctionError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
  if (readError) throw readError;
  if (!target) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  const { data: account, error } = await admin.auth.admin.getUserById(id);
  if (error?.status === 404) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  if (error) throw error;
  if (account.user.app_metadata?.[MUST_CHANGE_PASSWORD] !== true)
    throw new FunctionError(409, 'INVITATION_ACCEPTED', INVITATION_ACCEPTED);
  await mailWelcome(admin, caller, id, target.email);
  return { id, mailed: true };
}

async function createUser(admin: SupabaseClient, caller: Caller, body: Body) {
  return createAccount(admin, caller, newUserOf(body));
}

type ImportResult =
  | { index: number; status: 'created'; user: unknown; temporaryPassword: string }
  | {
      index: number;
      status: 'failed';
      code: ErrorCode;
      message: string;
      details?: Record<string, unknown>;
    };

function failedRow(index: number, error: unknown): ImportResult {
  if (error instanceof FunctionError) {
    return {
      index,
      status: 'failed',
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  console.error('[admin-users] import row', index, error);
  return { index, status: 'failed', code: 'INTERNAL_ERROR', message: messageOf(error) };
}

/**
 * `import`: up to IMPORT_LIMIT accounts, each created as `create` would and answered on its own (one
 * refused row never stops the others). Results come back in the order of `users`, with each row's
 * one-time password.
 */
async function importUsers(admin: SupabaseClient, caller: Caller, body: Body) {
  const rows = body.users;
  if (!Array.isArray(rows) || rows.length === 0)
    throw invalid('users', 'users must be a non-empty list');
  if (rows.length > IMPORT_LIMIT) {
    throw new FunctionError(
      400,
      'IMPORT_TOO_LARGE',
      `An import call takes at most ${IMPORT_LIMIT} users`,
      { field: 'users', limit: IMPORT_LIMIT },
    );
  }
  const results: ImportResult[] = new Array(rows.length);
  const seen = new Set<string>();
  const pending: Array<{ index: number; input: NewUser }> = [];
  rows.forEach((row, index) => {
    try {
      if (typeof row !== 'object' || row === null || Array.isArray(row))
        throw new FunctionError(400, 'INVALID_REQUEST', 'Each user must be a JSON object');
      const input = newUserOf(row as Body);
      // The same address twice in one call: only its first row can have it.
      if (seen.has(input.email)) throw emailTaken();
      seen.add(input.email);
      pending.push({ index, input });
    } catch (error) {
      results[index] = failedRow(index, error);
    }
  });
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const { index, input } = pending[next++]!;
      try {
        const created = await createAccount(admin, caller, input);
        results[index] = { index, status: 'created', ...created };
      } catch (error) {
        results[index] = failedRow(index, error);
      }
    }
  };
  await Promise.all(Array.from({ length: IMPORT_CONCURRENCY }, worker));
  return { results };
}

async function updateUser(caller: Caller, body: Body) {
  const id = idOf(body);
  const changes: Record<string, unknown> = {};
  if (body.firstName !== undefined) changes.first_name = requiredName(body, 'firstName');
  if (body.lastName !== undefined) changes.last_name = requiredName(body, 'lastName');
  if (body.role !== undefined) changes.role = roleOf(body.role);
  if (body.isActive !== undefined) {
    if (typeof body.isActive !== 'boolean')
      throw invalid('isActive', 'isActive must be true or false');
    changes.is_active = body.isActive;
  }
  for (const field of ['phone', 'location', 'bio'] as const) {
    const value = optionalText(body, field);
    if (value !== undefined) changes[field] = value;
  }
  const specializations = specializationsOf(body);
  if (specializations !== undefined) changes.specializations = specializations;
  const reassignTo = reassignToOf(body);
  // Keeps at least the acting administrator able to administer (the database refuses it too).
  if (
    id === caller.user.id &&
    ((changes.role !== undefined && changes.role !== 'admin') || changes.is_active === false)
  ) {
    throw new FunctionError(400, 'CANNOT_DEMOTE_SELF', DEMOTE_SELF);
  }

  const { data: current, error: readError } = await caller.db
    .from('users')
    .select('email')
    .eq('id', id)
    .maybeSingle();
  if (readError) throw readError;
  if (!current) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  // A form may send the email back unchanged; changing it is not offered (it is the sign-in name).
  if (body.email !== undefined && String(body.email).trim().toLowerCase() !== current.email) {
    throw new FunctionError(
      400,
      'EMAIL_NOT_EDITABLE',
      'The email of an account cannot be changed',
      { field: 'email' },
    );
  }
  if (Object.keys(changes).length === 0 && reassignTo === undefined)
    throw new FunctionError(400, 'INVALID_REQUEST', 'Nothing to update');
  // The courses move first, so a deactivated teacher is never left holding them.
  if (reassignTo !== undefined) await reassignCourses(caller, id, reassignTo);
  if (Object.keys(changes).length === 0) {
    const { data: unchanged, error: readBack } = await caller.db
      .from('users')
      .select(PROFILE_COLUMNS)
      .eq('id', id)
      .single();
    if (readBack) throw readBack;
    return { user: unchanged };
  }

  // is_active false also bans the account and ends its sessions, in the same transaction
  // (private.sync_account_ban); true lifts the ban.
  const { data: profile, error } = await caller.db
    .from('users')
    .update(changes)
    .eq('id', id)
    .select(PROFILE_COLUMNS)
    .maybeSingle();
  if (error) throw databaseRefusal(error) ?? error;
  if (!profile) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  return { user: profile };
}

async function deleteUser(admin: SupabaseClient, caller: Caller, body: Body) {
  const id = idOf(body);
  // The auth server deletes without a signed-in caller, so this check is the function's own.
  if (id === caller.user.id) throw new FunctionError(400, 'CANNOT_DELETE_SELF', DELETE_SELF);
  const reassignTo = reassignToOf(body);
  const { data: exists, error: readError } = await caller.db
    .from('users')
    .select('id')
    .eq('id', id)
    .maybeSingle();
  if (readError) throw readError;
  if (!exists) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  // Before the account goes: its courses move to the new teacher (else they keep no teacher, as
  // courses.teacher_id is on delete set null), and its avatar is removed (the account stays if it
  // cannot be).
  const reassigned =
    reassignTo === undefined ? undefined : await reassignCourses(caller, id, reassignTo);
  await removeAvatarFiles(admin, id);
  const { error } = await admin.auth.admin.deleteUser(id);
  if (error?.status === 404 || error?.code === 'user_not_found') {
    throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  }
  if (error) throw error;
  // The profile row goes with the auth user (on delete cascade).
  return reassigned === undefined ? { id } : { id, reassigned };
}

/** Accounts one `bulk` call takes (User Management's page is at most this many). */
export const BULK_LIMIT = 100;
/** Accounts a bulk call changes at the same time. */
const BULK_CONCURRENCY = 4;
const TEACHER_HAS_COURSES =
  'This teacher still has courses: hand them over from their own Delete or Deactivate first';

type BulkOperation = 'deactivate' | 'delete';

type BulkResult =
  | { id: string; status: 'done' }
  | {
      id: string;
      status: 'refused';
      code: ErrorCode;
      message: string;
      details?: Record<string, unknown>;
    };

function bulkIdsOf(body: Body): string[] {
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length === 0) throw invalid('ids', 'ids must be a non-empty list');
  if (ids.length > BULK_LIMIT) {
    throw new FunctionError(400, 'BULK_TOO_LARGE', `A bulk call takes at most ${BULK_LIMIT} users`, {
      field: 'ids',
      limit: BULK_LIMIT,
    });
  }
  if (ids.some((id) => typeof id !== 'string' || !UUID.test(id)))
    throw invalid('ids', 'ids must be user ids (UUID)');
  // The same person twice is answered once.
  return [...new Set(ids as string[])];
}

function refusedRow(id: string, error: unknown): BulkResult {
  const known =
    error instanceof FunctionError
      ? error
      : typeof error === 'object' && error !== null
        ? databaseRefusal(error as { message?: unknown })
        : undefined;
  if (known) {
    return {
      id,
      status: 'refused',
      code: known.code,
      message: known.message,
      ...(known.details ? { details: known.details } : {}),
    };
  }
  console.error('[admin-users] bulk', id, error);
  return { id, status: 'refused', code: 'INTERNAL_ERROR', message: messageOf(error) };
}

/**
 * One person of a bulk call, as the single `update` (isActive false) or `delete` would, except that a
 * teacher who still has courses is refused: the hand-off (who takes which courses) is a choice made
 * per teacher, from the row's own action. Nobody's own account is ever in a bulk action.
 */
async function bulkOne(
  admin: SupabaseClient,
  caller: Caller,
  operation: BulkOperation,
  id: string,
): Promise<BulkResult> {
  if (id === caller.user.id) {
    throw operation === 'delete'
      ? new FunctionError(400, 'CANNOT_DELETE_SELF', DELETE_SELF)
      : new FunctionError(400, 'CANNOT_DEMOTE_SELF', DEMOTE_SELF);
  }
  const { data: target, error: readError } = await caller.db
    .from('users')
    .select('id, role')
    .eq('id', id)
    .maybeSingle();
  if (readError) throw readError;
  if (!target) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  if (target.role === 'teacher') {
    const { count, error } = await caller.db
      .from('courses')
      .select('id', { count: 'exact', head: true })
      .eq('teacher_id', id);
    if (error) throw error;
    if ((count ?? 0) > 0)
      throw new FunctionError(409, 'TEACHER_HAS_COURSES', TEACHER_HAS_COURSES, { courses: count });
  }
  if (operation === 'deactivate') {
    // As the caller: the users triggers ban the account and end its sessions (as `update` does).
    const { data, error } = await caller.db
      .from('users')
      .update({ is_active: false })
      .eq('id', id)
      .select('id')
      .maybeSingle();
    if (error) throw error;
    if (!data) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
    return { id, status: 'done' };
  }
  await removeAvatarFiles(admin, id);
  const { error } = await admin.auth.admin.deleteUser(id);
  if (error?.status === 404 || error?.code === 'user_not_found')
    throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  if (error) throw error;
  return { id, status: 'done' };
}

/**
 * `bulk` { operation: 'deactivate' | 'delete', ids }: up to BULK_LIMIT accounts in one call, each
 * answered on its own (one refusal never stops the others), in the order of `ids`.
 */
async function bulkUsers(admin: SupabaseClient, caller: Caller, body: Body) {
  const operation = body.operation;
  if (operation !== 'deactivate' && operation !== 'delete')
    throw invalid('operation', "operation must be 'deactivate' or 'delete'");
  const ids = bulkIdsOf(body);
  const results: BulkResult[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      const id = ids[index]!;
      try {
        results[index] = await bulkOne(admin, caller, operation, id);
      } catch (error) {
        results[index] = refusedRow(id, error);
      }
    }
  };
  await Promise.all(Array.from({ length: BULK_CONCURRENCY }, worker));
  return { results };
}

const RESET_OWN_TWO_FACTOR = 'Administrators cannot reset their own two-factor sign-in';
const TWO_FACTOR_REQUIRED = 'Two-factor sign-in is required for this account';

/** The `aal` claim of the caller's access token (its signature was checked by the auth server). */
function aalOfToken(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      aal?: unknown;
    };
    return typeof claims.aal === 'string' ? claims.aal : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes every two-factor factor (verified or not) of another account through the auth admin API, so
 * its owner signs in with the password alone and may set it up again; their sessions that passed the
 * code are aal1 again. Only the service role removes another person's factor, so the function first
 * makes sure the caller could write as themself: the account is read as the caller (the database
 * refuses every request of a session that skipped its own code) and, while the school requires
 * two-factor for staff, the caller's session must have passed it. An administrator never resets their
 * own: from a password-only session that would undo the second factor; they turn it off in their
 * profile (with a code) or ask another administrator.
 */
async function resetTwoFactor(admin: SupabaseClient, caller: Caller, token: string, body: Body) {
  const id = idOf(body);
  if (id === caller.user.id)
    throw new FunctionError(400, 'CANNOT_RESET_OWN_TWO_FACTOR', RESET_OWN_TWO_FACTOR);
  const { data: exists, error: readError } = await caller.db
    .from('users')
    .select('id')
    .eq('id', id)
    .maybeSingle();
  if (readError?.code === '42501')
    throw new FunctionError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
  if (readError) throw readError;
  if (!exists) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  if (aalOfToken(token) !== 'aal2') {
    const { data: required, error } = await caller.db.rpc('two_factor_required_for_me');
    if (error) throw error;
    if (required === true) throw new FunctionError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
  }

  const listed = await admin.auth.admin.mfa.listFactors({ userId: id });
  if (listed.error?.status === 404)
    throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  if (listed.error) throw listed.error;
  let removed = 0;
  for (const factor of listed.data.factors) {
    const { error } = await admin.auth.admin.mfa.deleteFactor({ userId: id, id: factor.id });
    // Gone meanwhile (the person turned it off): nothing left to remove.
    if (error?.code === 'mfa_factor_not_found') continue;
    if (error) throw error;
    removed += 1;
  }
  return { id, removed };
}

const RESET_OWN_PASSWORD = 'Administrators change their own password in their profile';

/** Where a reset mail's link leads: the shell's reset page, on an origin the auth server allows. */
function redirectToOf(body: Body): string | undefined {
  const value = body.redirectTo;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^https?:\/\//.test(value) || value.length > 2000)
    throw invalid('redirectTo', 'redirectTo must be an address of the portal');
  return value;
}

/**
 * `resetPassword` { id, mode: 'temporary' | 'mail', redirectTo? }: another account's password.
 * 'temporary' stores a new one-time password (answered once, like `create`'s) and flags the account,
 * so its owner must choose their own at the next sign-in; the password is stored first and the flag
 * after it, since storing a password clears the flag (the database's trigger). 'mail' sends the
 * account's owner the password-reset mail (the auth server's own, as "Forgot password" does). The
 * target is read as the caller first, so the database's rules for the caller (session, two-factor)
 * apply. An administrator never resets their own: Profile → Change password asks for the current one.
 */
async function resetPassword(admin: SupabaseClient, caller: Caller, body: Body) {
  const id = idOf(body);
  const mode = body.mode;
  if (mode !== 'temporary' && mode !== 'mail')
    throw invalid('mode', "mode must be 'temporary' or 'mail'");
  const redirectTo = redirectToOf(body);
  if (id === caller.user.id)
    throw new FunctionError(400, 'CANNOT_RESET_OWN_PASSWORD', RESET_OWN_PASSWORD);
  const { data: target, error: readError } = await caller.db
    .from('users')
    .select('id, email')
    .eq('id', id)
    .maybeSingle();
  if (readError?.code === '42501')
    throw new FunctionError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
  if (readError) throw readError;
  if (!target) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');

  if (mode === 'mail') {
    const { error } = await admin.auth.resetPasswordForEmail(target.email, { redirectTo });
    if (error) throw error;
    return { id, mailed: true };
  }
  const password = temporaryPassword();
  const stored = await admin.auth.admin.updateUserById(id, { password });
  if (stored.error?.status === 404) throw new FunctionError(404, 'USER_NOT_FOUND', 'User not found');
  if (stored.error) throw stored.error;
  const flagged = await admin.auth.admin.updateUserById(id, {
    app_metadata: { [MUST_CHANGE_PASSWORD]: true },
  });
  if (flagged.error) throw flagged.error;
  return { id, temporaryPassword: password };
}

/**
 * POST { action: 'create' | 'import' | 'update' | 'delete' | 'resetTwoFactor', … } with the caller's access token.
 * `create` and `update` also take `specializations` (a teacher's labels); `update` and `delete` take
 * `reassignTo`, the active teacher who takes over the user's courses first.
 * `resetTwoFactor` { id } removes every two-factor factor of another account.
 * `resetPassword` { id, mode: 'temporary' | 'mail', redirectTo? } gives another account a new one-time
 * password (answered once) or mails its owner the password-reset link.
 * `create` and `import` rows take `language` ('en' | 'es'); each new account gets a welcome mail
 * (`welcomeMailed` says whether it was queued). `resendInvitation` { id } sends it again.
 * `correctEmail` { id, email } mails a confirmation link to the corrected address; the account's
 * sign-in email changes when it is followed (confirm-email), answering { id, pendingEmail }.
 * `bulk` { operation: 'deactivate' | 'delete', ids } answers { results: [{ id, status: 'done' } |
 * { id, status: 'refused', code, message, details? }] }, one per distinct id, in order.
 * Answers { user, temporaryPassword, welcomeMailed } (201) | { results } | { user } | { id, reassigned? } |
 * { id, removed } | { id, temporaryPassword } | { id, mailed: true }, or
 * { code, message, details? } (the shape Supabase's runtime uses for its own function errors).
 */
export default async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: corsHeaders(request) });
  try {
    if (request.method !== 'POST') throw new FunctionError(405, 'METHOD_NOT_ALLOWED', 'Use POST');
    const admin = serviceClient();
    const caller = await requireAdmin(request, admin);
    const body = await readJsonObject(request);
    switch (body.action) {
      case 'create':
        return json(request, 201, await createUser(admin, caller, body));
      case 'import':
        return json(request, 200, await importUsers(admin, caller, body));
      case 'update':
        return json(request, 200, await updateUser(caller, body));
      case 'delete':
        return json(request, 200, await deleteUser(admin, caller, body));
      case 'resetTwoFactor':
        return json(request, 200, await resetTwoFactor(admin, caller, tokenOf(request), body));
      case 'resetPassword':
        return json(request, 200, await resetPassword(admin, caller, body));
      case 'resendInvitation':
        return json(request, 200, await resendInvitation(admin, caller, body));
      case 'correctEmail':
        return json(request, 200, await correctEmail(admin, caller, body));
      case 'bulk':
        return json(request, 200, await bulkUsers(admin, caller, body));
      default:
        throw new FunctionError(
          400,
          'INVALID_REQUEST',
          "action must be 'create', 'import', 'update', 'delete', 'resetTwoFactor', 'resetPassword', 'resendInvitation', 'correctEmail' or 'bulk'",
          { field: 'action' },
        );
    }
  } catch (error) {
    return errorResponse('admin-users', error, corsHeaders(request));
  }
}

// Supabase's runtime needs a server; tests under Node import the default export instead.
serve(handler);
