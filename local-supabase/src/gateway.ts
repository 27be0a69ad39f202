import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type pg from 'pg';
import { ANON_KEY, API_PORT, API_URL, HOST, POSTGREST_PORT, SERVICE_ROLE_KEY, isAllowedOrigin } from './config';
import { AuthApi } from './auth-api';
import { FunctionsApi } from './functions-api';
import { HttpError, bearerToken, headerValue, sendEmpty, sendJson } from './http-utils';
import { verifyJwt } from './jwt';
import type { Outbox } from './outbox';
import { StorageApi } from './storage-api';

const ALLOW_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'prefer',
  'range',
  'accept',
  'accept-profile',
  'content-profile',
  'x-upsert',
  'x-metadata',
  'cache-control',
  // supabase-js sends these too: auth pins its API version, postgrest-js numbers retries.
  'x-supabase-api-version',
  'x-retry-count',
  'x-region',
].join(', ');
const EXPOSE_HEADERS = ['content-range', 'content-profile', 'x-supabase-api-version', 'x-total-count', 'link'].join(', ');
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const API_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);

/** Routes reachable without an API key, as in Supabase's Kong config (email links open in a plain browser tab). */
function isOpenRoute(method: string, path: string): boolean {
  return (
    path === '/health' ||
    (method === 'GET' && (path === '/auth/v1/verify' || path === '/auth/v1/health')) ||
    path.startsWith('/storage/v1/object/public/') ||
    // A signed URL is its own credential; browsers open it in plain tabs, players and viewers.
    ((method === 'GET' || method === 'HEAD') && path.startsWith('/storage/v1/object/sign/'))
  );
}

function apiKeyOf(req: IncomingMessage, url: URL): string | undefined {
  return headerValue(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
}

/** Kong's key-auth: a known API key, or at least a JWT signed with the project's secret. */
async function assertApiKey(req: IncomingMessage, url: URL): Promise<void> {
  const apiKey = apiKeyOf(req, url);
  if (apiKey !== undefined) {
    if (API_KEYS.has(apiKey)) return;
    throw new HttpError(401, { message: 'Invalid authentication credentials' });
  }
  const token = bearerToken(req);
  if (token && (await verifyJwt(token)).ok) return;
  throw new HttpError(401, { message: 'No API key found in request' });
}

function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = headerValue(req, 'origin');
  res.setHeader('vary', 'Origin');
  if (!origin || !isAllowedOrigin(origin)) return false;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
  return true;
}

function proxyToPostgrest(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'host' && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  // Kong passes the apikey on as the Bearer when the client sent none (anonymous requests).
  const apiKey = apiKeyOf(req, url);
  if (!headers.authorization && apiKey) headers.authorization = `Bearer ${apiKey}`;
  const search = new URLSearchParams(url.search);
  // PostgREST would read an `apikey` query parameter as a column filter.
  search.delete('apikey');
  const query = search.toString();
  const upstreamPath = `${url.pathname.slice('/rest/v1'.length) || '/'}${query ? `?${query}` : ''}`;

  const upstream = http.request(
    { host: HOST, port: POSTGREST_PORT, method: req.method, path: upstreamPath, headers },
    (response) => {
      const outgoing: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(response.headers)) {
        // PostgREST answers CORS with `*`; the gateway's per-origin answer is the one that counts.
        if (value !== undefined && !HOP_BY_HOP.has(name) && !name.startsWith('access-control-')) {
          outgoing[name] = value;
        }
      }
      res.writeHead(response.statusCode ?? 502, outgoing);
      response.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) sendJson(res, 502, { message: 'An invalid response was received from the upstream server' });
    else res.destroy();
  });
  req.pipe(upstream);
}

export interface Gateway {
  close(): Promise<void>;
}

export async function startGateway(pool: pg.Pool, outbox: Outbox): Promise<Gateway> {
  const auth = new AuthApi(pool, outbox);
  const storage = new StorageApi(pool);
  const functions = new FunctionsApi();

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', API_URL);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const corsAllowed = applyCors(req, res);

    if (method === 'OPTIONS') {
      if (!corsAllowed) return sendJson(res, 403, { message: 'Origin not allowed' });
      return sendEmpty(res, 204, {
        'access-control-allow-methods': ALLOW_METHODS,
        'access-control-allow-headers': ALLOW_HEADERS,
        'access-control-max-age': '600',
      });
    }
    if (path === '/health') {
      await pool.query('select 1');
      return sendJson(res, 200, { status: 'ok', name: 'local-supabase', api: API_URL });
    }
    if (!isOpenRoute(method, path)) await assertApiKey(req, url);

    if (path === '/rest/v1' || path.startsWith('/rest/v1/')) return proxyToPostgrest(req, res, url);
    if (path.startsWith('/auth/v1/')) return auth.handle(req, res, path.slice('/auth/v1'.length), url);
    if (path.startsWith('/storage/v1/')) return storage.handle(req, res, path.slice('/storage/v1'.length));
    if (path.startsWith('/functions/v1/')) return functions.handle(req, res, path.slice('/functions/v1'.length), url);
    sendJson(res, 404, { message: 'no Route matched with those values' });
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) return sendJson(res, error.status, error.body, error.headers);
      console.error('[gateway]', req.method, req.url, error);
      sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Internal server error' });
    });
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(API_PORT, HOST, () => resolve());
  });

  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
