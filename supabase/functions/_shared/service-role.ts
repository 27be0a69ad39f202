// The frame of a function only the service role calls (a schedule on hosted Supabase, the local
// stack): POST with the service role key and an optional { limit }, work as the caller, answer JSON.
// The database checks the caller too (the function's RPCs are granted to service_role alone).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Handler } from './env.ts';
import { env, requiredEnv } from './env.ts';
import { FunctionError, errorResponse, json, readJsonObject } from './http.ts';
import { CLIENT_OPTIONS } from './supabase-client.ts';

/** No browser calls these functions: CORS answers the preflight and allows no origin. */
export const SERVICE_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export interface ServiceFunction {
  /** The function's folder name: in the 401 message and the log. */
  name: string;
  /** The 403 message, e.g. 'Only the service role can send the queued mail'. */
  forbidden: string;
  /** The body's `limit`: a whole number from 1 to `max`, `default` when not sent. */
  limit: { default: number; max: number };
  /** The 500 message for an unexpected error (default: the provider's message). */
  internalMessage?: (error: unknown) => string;
}

export interface ServiceCall {
  /** The database and Storage as the caller (the service role): the grants decide, not the function. */
  db: SupabaseClient;
  limit: number;
  /** Throws 401 / 403 when the database refused the caller's token or role. */
  checkAccess(answer: { status: number; error: { code?: string } | null }): void;
}

/** The `role` claim of a JWT (its signature is checked before the function runs, and again by the database). */
function roleOfToken(token: string): string | undefined {
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

/** The caller's token, which must be the service role's (401 without one, 403 for any other). */
function serviceToken(request: Request, fn: ServiceFunction): string {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token)
    throw new FunctionError(401, 'UNAUTHENTICATED', `Call ${fn.name} with the service role key`);
  if (token !== env('SUPABASE_SERVICE_ROLE_KEY') && roleOfToken(token) !== 'service_role') {
    throw new FunctionError(403, 'FORBIDDEN', fn.forbidden);
  }
  return token;
}

/** The batch size: `limit` of a body {} or { limit } (400 VALIDATION_ERROR when out of range). */
async function limitOf(request: Request, { limit: bounds }: ServiceFunction): Promise<number> {
  const limit = (await readJsonObject(request, { blankIsEmpty: true })).limit;
  if (limit === undefined) return bounds.default;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > bounds.max) {
    throw new FunctionError(
      400,
      'VALIDATION_ERROR',
      `limit must be a whole number from 1 to ${bounds.max}`,
      { field: 'limit' },
    );
  }
  return limit;
}

/**
 * The handler of a service-role function: answers the preflight, refuses anything but POST (405), a
 * missing token (401) or another role's (403) and a bad body (400), then runs `work` and answers its
 * result as 200 JSON; errors as { code, message, details? } (500 INTERNAL_ERROR for the unexpected).
 */
export function serviceRoleHandler<Result>(
  fn: ServiceFunction,
  work: (call: ServiceCall) => Promise<Result>,
): Handler {
  const checkAccess: ServiceCall['checkAccess'] = ({ status, error }) => {
    if (status === 401)
      throw new FunctionError(401, 'UNAUTHENTICATED', 'The token was not accepted');
    if (error?.code === '42501' || status === 403)
      throw new FunctionError(403, 'FORBIDDEN', fn.forbidden);
  };
  return async (request) => {
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: SERVICE_CORS_HEADERS });
    try {
      if (request.method !== 'POST') throw new FunctionError(405, 'METHOD_NOT_ALLOWED', 'Use POST');
      const token = serviceToken(request, fn);
      const limit = await limitOf(request, fn);
      const db = createClient(requiredEnv('SUPABASE_URL'), token, CLIENT_OPTIONS);
      return json(200, await work({ db, limit, checkAccess }), SERVICE_CORS_HEADERS);
    } catch (error) {
      return errorResponse(fn.name, error, SERVICE_CORS_HEADERS, fn.internalMessage);
    }
  };
}
