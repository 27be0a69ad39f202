import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { bearerToken, headerValue } from './http-utils';
import { type JwtClaims, verifyJwt } from './jwt';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export type CallerClaims = JwtClaims & { role: 'anon' | 'authenticated' | 'service_role' };

/**
 * The verified JWT a request carries (Authorization Bearer, else the apikey, as Kong passes it on),
 * or undefined when it is missing, invalid, expired or not for an API role.
 */
export async function callerClaims(req: IncomingMessage): Promise<CallerClaims | undefined> {
  const token = bearerToken(req) ?? headerValue(req, 'apikey');
  if (!token) return undefined;
  const verified = await verifyJwt(token);
  if (!verified.ok || !API_ROLES.has(String(verified.claims.role))) return undefined;
  return verified.claims as CallerClaims;
}

/**
 * Runs queries as the calling user, the way PostgREST and the Storage API do (role + request.jwt.claims
 * for one transaction), so the RLS policies of the migrations decide what the gateway's own APIs may
 * touch. Like the Storage API's, these transactions may delete storage rows (storage.protect_delete
 * refuses any other delete): the gateway removes the files with them.
 */
export async function runAsCaller<T>(
  pool: pg.Pool,
  claims: CallerClaims,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withTransaction(pool, async (client) => {
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('storage.allow_delete_query', 'true', true)`,
      [claims.role, JSON.stringify(claims)],
    );
    return work(client);
  });
}

/** Runs `work` in one transaction on a pooled connection: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
