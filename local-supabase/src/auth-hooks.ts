import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { parse } from 'smol-toml';
import { API_URL, SEND_EMAIL_HOOK_SECRET, SUPABASE_DIR } from './config';
import { HttpError, type JsonObject } from './http-utils';

// GoTrue's custom access token hook, as supabase/config.toml configures it for hosted Supabase
// ([auth.hook.custom_access_token], a Postgres function): GoTrue calls it on every access token it
// issues (sign-in, refresh, MFA verify …) inside the transaction that issues it, as
// supabase_auth_admin, with { user_id, claims, authentication_method }. An answer
// { error: { http_code, message } } refuses the token (and rolls the transaction back); otherwise its
// `claims` are what gets signed. This file does the same for the local stack, reading the same config.

/** How long the hook may run (GoTrue's default hook timeout). */
const HOOK_TIMEOUT_MS = 2000;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The claims GoTrue requires of the hook's answer (its MinimumViableTokenSchema). */
const REQUIRED_CLAIMS = ['aud', 'exp', 'iat', 'sub', 'role', 'aal', 'session_id', 'is_anonymous'];

/** The hook's refusal, answered as GoTrue answers it: the hook's status and message, no error code. */
export class HookRefusal extends HttpError {
  constructor(status: number, message: string) {
    super(status, { code: status, msg: message });
  }
}

interface HookSection {
  enabled?: boolean;
  uri?: string;
}

let configured: string | null | undefined;

/**
 * The quoted name of the configured Postgres function (`"private"."custom_access_token_hook"`), or
 * null when the hook is off. Read once from supabase/config.toml.
 */
export function customAccessTokenHook(configFile = path.join(SUPABASE_DIR, 'config.toml')): string | null {
  if (configured !== undefined) return configured;
  const config = parse(readFileSync(configFile, 'utf8')) as { auth?: { hook?: { custom_access_token?: HookSection } } };
  const hook = config.auth?.hook?.custom_access_token;
  configured = null;
  if (!hook?.enabled) return configured;
  // GoTrue accepts only pg-functions://<database>/<schema>/<function> with plain identifiers.
  const match = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(hook.uri ?? '');
  const [schema, name] = [match?.[1] ?? '', match?.[2] ?? ''];
  if (!IDENTIFIER.test(schema) || !IDENTIFIER.test(name)) {
    throw new Error(`supabase/config.toml: [auth.hook.custom_access_token] uri ${JSON.stringify(hook.uri)} is not pg-functions://postgres/<schema>/<function>`);
  }
  configured = `"${schema}"."${name}"`;
  return configured;
}

export interface HookInput {
  user_id: string;
  claims: JsonObject;
  /** GoTrue's names: password, recovery, otp, totp, token_refresh … */
  authentication_method: string;
}

/**
 * Runs the configured hook on `claims` inside the issuing transaction `db`, once supabase_auth_admin's
 * right to call it is confirmed (so a missing grant fails here as on hosted Supabase), and answers the
 * claims to sign. Without a
 * hook the claims are signed as they are.
 */
export async function applyCustomAccessTokenHook(db: pg.PoolClient, input: HookInput): Promise<JsonObject> {
  const hook = customAccessTokenHook();
  if (!hook) return input.claims;
  await db.query(`set local statement_timeout to ${HOOK_TIMEOUT_MS}`);
  let output: unknown;
  try {
    // The gateway logs in as postgres, which (as on hosted) cannot become supabase_auth_admin; it
    // checks the privileges GoTrue's role needs instead, so a missing grant fails here as on hosted.
    const { rows: allowed } = await db.query<{ ok: boolean }>(
      `select has_function_privilege('supabase_auth_admin', $1::regprocedure, 'execute')
          and has_schema_privilege('supabase_auth_admin', (select pronamespace from pg_proc where oid = $1::regprocedure), 'usage') as ok`,
      [`${hook}(jsonb)`],
    );
    if (!allowed[0]?.ok) {
      throw new HttpError(500, { code: 500, msg: `supabase_auth_admin may not call the hook ${hook}` });
    }
    const { rows } = await db.query<{ output: unknown }>(`select ${hook}($1::jsonb) as output`, [JSON.stringify(input)]);
    output = rows[0]?.output;
  } finally {
    await db.query('set local statement_timeout to default');
  }
  const answer = (output ?? {}) as { error?: { http_code?: unknown; message?: unknown }; claims?: unknown };
  const message = answer.error?.message;
  if (typeof message === 'string' && message) {
    const status = typeof answer.error?.http_code === 'number' && answer.error.http_code ? answer.error.http_code : 500;
    throw new HookRefusal(status, message);
  }
  const claims = answer.claims;
  if (typeof claims !== 'object' || claims === null || REQUIRED_CLAIMS.some((name) => !(name in claims))) {
    throw new HttpError(500, { code: 500, msg: 'output claims do not conform to the expected schema' });
  }
  return claims as JsonObject;
}

// GoTrue's Send Email hook, as supabase/config.toml configures it ([auth.hook.send_email], an HTTP
// hook): instead of mailing with its own templates, the auth server POSTs { user, email_data } to the
// hook, signed with the hook's secret (Standard Webhooks), and fails the request when the hook does.
// Locally the hook is the edge function named by the uri's path (/functions/v1/<name>), called through
// this stack's gateway and signed with SEND_EMAIL_HOOK_SECRET of config.ts, which the function reads.

/** How long the hook may take: GoTrue's is 5 s; a function's first local start (Deno) takes longer. */
const SEND_EMAIL_HOOK_TIMEOUT_MS = 30_000;

let sendEmailConfigured: string | null | undefined;

/** The edge function the Send Email hook calls, or null when the hook is off. Read once. */
export function sendEmailHook(configFile = path.join(SUPABASE_DIR, 'config.toml')): string | null {
  if (sendEmailConfigured !== undefined) return sendEmailConfigured;
  const config = parse(readFileSync(configFile, 'utf8')) as { auth?: { hook?: { send_email?: HookSection } } };
  const hook = config.auth?.hook?.send_email;
  sendEmailConfigured = null;
  if (!hook?.enabled) return sendEmailConfigured;
  const name = /^https?:\/\/[^/]+\/functions\/v1\/([A-Za-z0-9][A-Za-z0-9_-]*)$/.exec(hook.uri ?? '')?.[1];
  if (!name) {
    throw new Error(`supabase/config.toml: [auth.hook.send_email] uri ${JSON.stringify(hook.uri)} is not http(s)://<host>/functions/v1/<function>`);
  }
  sendEmailConfigured = name;
  return sendEmailConfigured;
}

/** GoTrue's SendEmailInput: the user (as /user answers it) and what the mail is about. */
export interface SendEmailInput {
  user: JsonObject;
  email_data: {
    token: string;
    token_hash: string;
    redirect_to: string;
    email_action_type: 'recovery' | 'email_change';
    site_url: string;
    token_new: string;
    token_hash_new: string;
  };
}

/** Standard Webhooks headers signing `body` with the hook's secret (`v1,whsec_<base64 key>`). */
function signWebhook(secret: string, id: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^v1,whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

/** Calls the Send Email hook; anything but a 2xx answer fails the request with a 500, as in GoTrue. */
export async function callSendEmailHook(functionName: string, input: SendEmailInput): Promise<void> {
  const body = JSON.stringify(input);
  const headers = signWebhook(SEND_EMAIL_HOOK_SECRET, `msg_${randomUUID()}`, body);
  let status: number;
  try {
    const response = await fetch(`${API_URL}/functions/v1/${functionName}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(SEND_EMAIL_HOOK_TIMEOUT_MS),
    });
    status = response.status;
    const answer = await response.text();
    if (!response.ok) console.error(`[auth] the send email hook answered ${status}: ${answer.slice(0, 300)}`);
  } catch (error) {
    console.error(`[auth] the send email hook failed: ${error instanceof Error ? error.message : String(error)}`);
    status = 0;
  }
  if (status < 200 || status > 299) {
    throw new HttpError(500, { code: 500, error_code: 'unexpected_failure', msg: 'Error sending email' });
  }
}
