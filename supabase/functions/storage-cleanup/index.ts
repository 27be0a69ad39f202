// Removes the stored objects the database queued when what they belonged to was deleted (a material,
// a submission, an activity, a course, a user: private.storage_deletions, filled by triggers of
// 20261126000100_storage_ownership.sql). SQL may not delete storage.objects on hosted Supabase ("use
// the Storage API"), so the files go through the Storage API here, with the service role. Only the
// service role calls it: a schedule on hosted Supabase (pg_cron + pg_net, every minute), the local
// stack (every second). Each batch is leased in the database (claim_storage_deletions) and its outcome
// recorded (finish_storage_deletions); objects that could not be removed are tried again later.
// Runs unchanged under Deno (Supabase) and Node (local-supabase); see ../README.md.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

type Env = { get(name: string): string | undefined };
type DenoRuntime = { env: Env; serve(handler: (request: Request) => Promise<Response>): void };
const deno = (globalThis as { Deno?: DenoRuntime }).Deno;
const nodeEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process
  ?.env;

function env(name: string): string | undefined {
  return deno ? deno.env.get(name) : nodeEnv?.[name];
}

function requiredEnv(name: string): string {
  const value = env(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

// --- HTTP -------------------------------------------------------------------------------------------

// No browser calls this function: CORS answers the preflight and allows no origin.
function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
    'access-control-allow-methods': 'POST, OPTIONS',
  };
}

type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'METHOD_NOT_ALLOWED'
  | 'INVALID_REQUEST'
  | 'VALIDATION_ERROR'
  | 'INTERNAL_ERROR';

class FunctionError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

function json(status: number, body: unknown): Response {
  return Response.json(body, {
    status,
    headers: { ...corsHeaders(), 'cache-control': 'no-store' },
  });
}

/** The `role` claim of a JWT (its signature is checked before the function runs, and again by the database). */
function roleOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      role?: unknown;
    };
    return typeof claims.role === 'string' ? claims.role : undefined;
  } catch {
    return undefined;
  }
}

/** The caller's token, which must be the service role's. */
function serviceToken(request: Request): string {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token)
    throw new FunctionError(
      401,
      'UNAUTHENTICATED',
      'Call storage-cleanup with the service role key',
    );
  if (token !== env('SUPABASE_SERVICE_ROLE_KEY') && roleOf(token) !== 'service_role') {
    throw new FunctionError(403, 'FORBIDDEN', 'Only the service role can remove queued files');
  }
  return token;
}

export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 1000;
/** Batches per call at most, so one call stays short; the next call goes on. */
const MAX_BATCHES = 5;
/** Objects per Storage API call (its own limit is 1,000 names). */
const REMOVE_CHUNK = 100;

async function batchSizeOf(request: Request): Promise<number> {
  const text = await request.text();
  if (!text.trim()) return DEFAULT_BATCH_SIZE;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new FunctionError(400, 'INVALID_REQUEST', 'The request body must be JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FunctionError(400, 'INVALID_REQUEST', 'The request body must be a JSON object');
  }
  const limit = (body as { limit?: unknown }).limit;
  if (limit === undefined) return DEFAULT_BATCH_SIZE;
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > MAX_BATCH_SIZE
  ) {
    throw new FunctionError(
      400,
      'VALIDATION_ERROR',
      `limit must be a whole number from 1 to ${MAX_BATCH_SIZE}`,
      { field: 'limit' },
    );
  }
  return limit;
}

// --- the work -----------------------------------------------------------------------------------------

// Node 20 (the local runner) has no WebSocket, which supabase-js demands; this function never uses Realtime.
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by this function');
  }
}

/** The database and Storage as the caller (the service role): the grants decide, not this file. */
function callerClient(token: string): SupabaseClient {
  return createClient(requiredEnv('SUPABASE_URL'), token, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(typeof WebSocket === 'undefined'
      ? { realtime: { transport: NoRealtime as unknown as typeof WebSocket } }
      : {}),
  });
}

interface QueuedObject {
  id: number;
  bucket: string;
  name: string;
}

interface Batch {
  claim: string | null;
  objects: QueuedObject[];
}

export interface Cleanup {
  removed: number;
  failed: number;
}

function reasonOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return (typeof message === 'string' && message ? message : 'Unexpected error').slice(0, 500);
}

/** Removes one leased batch bucket by bucket and records what happened. */
async function removeBatch(db: SupabaseClient, batch: Batch & { claim: string }): Promise<Cleanup> {
  const removedIds: number[] = [];
  let failed = 0;
  let lastError: string | null = null;
  const byBucket = new Map<string, QueuedObject[]>();
  for (const object of batch.objects) {
    byBucket.set(object.bucket, [...(byBucket.get(object.bucket) ?? []), object]);
  }
  for (const [bucket, objects] of byBucket) {
    for (let start = 0; start < objects.length; start += REMOVE_CHUNK) {
      const chunk = objects.slice(start, start + REMOVE_CHUNK);
      // Names already gone are simply not in the answer: removed either way.
      const { error } = await db.storage.from(bucket).remove(chunk.map((object) => object.name));
      if (error) {
        failed += chunk.length;
        lastError = reasonOf(error);
      } else {
        removedIds.push(...chunk.map((object) => object.id));
      }
    }
  }
  const { error } = await db.rpc('finish_storage_deletions', {
    claim: batch.claim,
    removed: removedIds,
    error: lastError,
  });
  if (error) throw error;
  return { removed: removedIds.length, failed };
}

/**
 * POST with the service role key, body {} or { limit } (1–1000 per batch, default 100): removes up to
 * five batches of queued files and answers { removed, failed }; or { code, message, details? } (401
 * UNAUTHENTICATED, 403 FORBIDDEN, 400 INVALID_REQUEST / VALIDATION_ERROR, 405, 500).
 */
export default async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: corsHeaders() });
  try {
    if (request.method !== 'POST') throw new FunctionError(405, 'METHOD_NOT_ALLOWED', 'Use POST');
    const token = serviceToken(request);
    const batchSize = await batchSizeOf(request);
    const db = callerClient(token);
    const result: Cleanup = { removed: 0, failed: 0 };
    for (let round = 0; round < MAX_BATCHES; round += 1) {
      const { data, error, status } = await db.rpc('claim_storage_deletions', {
        batch_size: batchSize,
      });
      // The database decides too: a token it does not accept, or a role without the grant.
      if (status === 401)
        throw new FunctionError(401, 'UNAUTHENTICATED', 'The token was not accepted');
      if (error?.code === '42501' || status === 403) {
        throw new FunctionError(403, 'FORBIDDEN', 'Only the service role can remove queued files');
      }
      if (error) throw error;
      const batch = data as Batch;
      if (!batch.claim || batch.objects.length === 0) break;
      const done = await removeBatch(db, batch as Batch & { claim: string });
      result.removed += done.removed;
      result.failed += done.failed;
      if (batch.objects.length < batchSize || done.failed > 0) break;
    }
    return json(200, result);
  } catch (error) {
    if (error instanceof FunctionError) {
      return json(error.status, {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    console.error('[storage-cleanup]', error);
    return json(500, { code: 'INTERNAL_ERROR', message: reasonOf(error) });
  }
}

// Supabase's runtime needs a server; the local gateway imports the default export instead.
deno?.serve(handler);
