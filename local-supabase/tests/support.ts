import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { createClient, type Session, type SupabaseClient, type User } from '@supabase/supabase-js';
import { newMailedCode } from '../src/auth-codes';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY, databaseUrl } from '../src/config';
import { connect } from '../src/database';

/** Password of the seeded demo accounts (supabase/seed.sql). */
export const DEMO_PASSWORD = 'password123';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@school.test', id: 'a1d9e3f0-0000-4000-8000-000000000001' },
  teacher: { email: 'teacher@school.test', id: 'b2e8c4a1-0000-4000-8000-000000000002' },
  student: { email: 'student@school.test', id: 'c3f7b5d2-0000-4000-8000-000000000003' },
} as const;

type ClientOptions = { flowType?: 'implicit' | 'pkce' };

/**
 * Node 20 has no WebSocket (supabase-js refuses to construct a client without one); these clients never
 * use Realtime, and this transport says so if anything ever tries to connect. Realtime's own tests
 * (realtime.test.ts) give theirs the `ws` package.
 */
class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not part of the local Supabase stack');
  }
}
const realtime = { transport: RealtimeUnavailable as unknown as typeof WebSocket };

/** A client as a browser app creates it, without storage or timers so tests stay isolated. */
export function anonClient(options: ClientOptions = {}): SupabaseClient {
  return createClient(API_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options },
    realtime,
  });
}

/** A server-side client with the service role key (admin API, bypasses RLS). */
export function serviceClient(): SupabaseClient {
  return createClient(API_URL, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime,
  });
}

// Every client of the local stack is on loopback, and Linux routes all of 127.0.0.0/8 there, so a test
// plays "another machine" by sending from its own 127.x.y.z source address. Per-IP limits a test fills
// (sign-ups, verifications, sign-in failures) then never touch other tests.

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  ms: number;
}

let nextHost = Math.floor(Math.random() * 200) * 256;

/** A fresh loopback source address, as if the request came from a different machine. */
export function freshIp(): string {
  nextHost += 1;
  return `127.${200 + ((nextHost >> 16) % 50)}.${(nextHost >> 8) & 255}.${(nextHost & 255) || 1}`;
}

/** One request to /auth/v1 from `ip` (with the anon key unless `token` is given). */
export function auth(ip: string, method: string, pathAndQuery: string, body?: unknown, token = ANON_KEY): Promise<Answer> {
  return requestFrom(ip, method, new URL(`/auth/v1${pathAndQuery}`, API_URL), body, token);
}

/**
 * Follows an emailed /auth/v1/verify link from a fresh address (verifications are limited per IP) and
 * answers where it redirects to.
 */
export async function followLink(link: string): Promise<URL> {
  const answer = await requestFrom(freshIp(), 'GET', new URL(link));
  if (answer.status !== 303) throw new Error(`expected a 303 redirect, got ${answer.status}`);
  return new URL(answer.headers.location as string);
}

/** One request to the stack from `ip`. */
export function requestFrom(ip: string, method: string, url: URL, body?: unknown, token = ANON_KEY): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        localAddress: ip,
        headers: {
          apikey: ANON_KEY,
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown> = {};
          try {
            parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            parsed = { raw: text };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface SignedUpUser {
  client: SupabaseClient;
  user: User;
  session: Session;
  email: string;
  password: string;
}

/**
 * A new student account signed in on its own client. Sign-ups are limited per IP, so each comes from a
 * fresh loopback address, as people signing up from their own machines do.
 */
export async function signUpUser(
  label: string,
  data: Record<string, unknown> = { first_name: 'Test', last_name: 'Student' },
): Promise<SignedUpUser> {
  const email = uniqueEmail(label);
  const password = `pw-${randomUUID()}`;
  const answer = await auth(freshIp(), 'POST', '/signup', { email, password, data });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const client = anonClient();
  // The session exactly as the server answered sign-up (what supabase-js's signUp returns).
  const session = answer.body as unknown as Session;
  const { error } = await client.auth.setSession(session);
  if (error || !session.user) throw error ?? new Error('sign-up returned no session');
  return { client, user: session.user, session, email, password };
}

export async function signInAs(email: string, password = DEMO_PASSWORD): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

/** Which pending code of an account a test types: the recovery code, or one of an email change's two. */
export type PendingCode = 'recovery' | 'email_change_new' | 'email_change_current';

const CODE_COLUMNS = {
  recovery: 'recovery_token',
  email_change_new: 'email_change_token_new',
  email_change_current: 'email_change_token_current',
} as const;

/**
 * The portal's mail carries only links (the Send Email hook, supabase/functions/auth-mail), but the
 * auth server still takes the 6-digit code GoTrue pairs with every link (verifyOtp with email and
 * token). A test that types a code gives the pending one a code it knows: it rewrites the code's half
 * of the stored token (src/auth-codes.ts), leaving the link's half, so the mailed link still works.
 */
export async function knownCode(accountEmail: string, which: PendingCode): Promise<string> {
  const column = CODE_COLUMNS[which];
  const db = await connect(databaseUrl());
  try {
    const { rows } = await db.query<{ id: string; email: string; email_change: string; token: string }>(
      `select id, email, email_change, ${column} as token from auth.users where lower(email) = lower($1)`,
      [accountEmail],
    );
    const account = rows[0];
    if (!account?.token) throw new Error(`no pending ${which} code for ${accountEmail}`);
    const address = which === 'email_change_new' ? account.email_change : account.email;
    const { code, stored } = newMailedCode(address);
    const linkHalf = account.token.split(':')[0];
    await db.query(`update auth.users set ${column} = $2 where id = $1`, [account.id, `${linkHalf}:${stored.split(':')[1]}`]);
    return code;
  } finally {
    await db.end();
  }
}
