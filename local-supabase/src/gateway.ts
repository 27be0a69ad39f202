import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { ANON_KEY, API_PORT, API_URL, HOST, POSTGREST_PORT, SERVICE_ROLE_KEY, isAllowedOrigin } from './config';
import { AuthApi } from './auth-api';
import { FunctionsApi, verifiesJwt } from './functions-api';
import { otherTraffic } from './password-hasher';
import { checkHealth } from './health';
import { HttpError, bearerToken, headerValue, readBody, sendEmpty, sendJson } from './http-utils';
import { verifyJwt } from './jwt';
import type { Outbox } from './outbox';
import { Realtime } from './realtime';
import { StorageApi } from './storage-api';
import type { ObjectFiles } from './storage-files';
import { MAX_UPLOAD_BODY_BYTES } from './storage-uploads';

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
// retry-after: a locked-out sign-in's page reads how long to wait (docs/security.md "Sign-in lockout").
const EXPOSE_HEADERS = ['content-range', 'content-profile', 'x-supabase-api-version', 'x-total-count', 'link', 'retry-after'].join(
  ', ',
);
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const API_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);

const MiB = 1024 * 1024;
/** Every route's body limit unless it needs more (Kong's client_max_body_size is 1m as well). */
const DEFAULT_BODY_LIMIT = MiB;
/** Edge functions accept up to 20 MiB, as Supabase's edge runtime does. */
const FUNCTIONS_BODY_LIMIT = 20 * MiB;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
/** Identical failures within this window are logged once, then counted. */
const LOG_REPEAT_WINDOW_MS = 10_000;

/** How long an upstream (PostgREST, an edge function) may stay silent: LOCAL_SUPABASE_UPSTREAM_TIMEOUT_MS, else 30 s. */
export function upstreamTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.LOCAL_SUPABASE_UPSTREAM_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_UPSTREAM_TIMEOUT_MS;
}

export interface GatewayOptions {
  /** The port to listen on (API_PORT by default; 0 picks a free one). */
  port?: number;
  /** Where PostgREST listens (POSTGREST_PORT by default). */
  postgrestPort?: number;
  /** Upstream timeout in ms (upstreamTimeoutMs() by default). */
  upstreamTimeoutMs?: number;
  /** Where storage keeps object bytes (the data dir by default). */
  files?: ObjectFiles;
  /** How long a Realtime socket may stay silent before it is dropped (60 s by default). */
  realtimeIdleTimeoutMs?: number;
}

type Area = 'rest' | 'auth' | 'storage' | 'other';

function areaOf(path: string): Area {
  if (path === '/rest/v1' || path.startsWith('/rest/v1/')) return 'rest';
  if (path.startsWith('/auth/v1/')) return 'auth';
  if (path.startsWith('/storage/v1/')) return 'storage';
  return 'other';
}

/** A gateway-level refusal in the error style of the route it was meant for. */
function gatewayError(area: Area, status: number, code: string, message: string): HttpError {
  if (area === 'auth') return new HttpError(status, { code: status, error_code: code, msg: message });
  if (area === 'storage') return new HttpError(status, { statusCode: String(status), error: code, message });
  return new HttpError(status, { code, message });
}

function bodyLimitFor(method: string, path: string): number {
  if (path.startsWith('/functions/v1/')) return FUNCTIONS_BODY_LIMIT;
  // Uploads: each bucket's own limit is checked while reading; this is the global ceiling.
  if ((method === 'POST' || method === 'PUT') && path.startsWith('/storage/v1/object/')) return MAX_UPLOAD_BODY_BYTES;
  return DEFAULT_BODY_LIMIT;
}

function tooLargeError(area: Area, limit: number): HttpError {
  if (area === 'storage') return new HttpError(413, { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' });
  return gatewayError(area, 413, 'request_too_large', `Request body is larger than ${limit} bytes`);
}

/** Bad %-escapes, invalid UTF-8 and NUL characters in the path or query: 400 before any route sees them. */
function assertWellFormedUrl(rawUrl: string, area: Area): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawUrl);
  } catch {
    throw gatewayError(area, 400, 'malformed_request', 'The URL has an invalid %-escape or is not UTF-8');
  }
  if (decoded.includes('\0')) throw gatewayError(area, 400, 'malformed_request', 'The URL contains a NUL character');
}

/** Logs a failure as one line; the same failure again within LOG_REPEAT_WINDOW_MS is only counted. */
class FailureLog {
  private readonly recent = new Map<string, { at: number; suppressed: number }>();

  report(method: string, path: string, error: unknown): void {
    const reason =
      error instanceof Error
        ? `${error.name}${(error as { code?: unknown }).code ? ` ${String((error as { code?: unknown }).code)}` : ''}: ${error.message}`
        : String(error);
    const oneLine = reason.replace(/\s+/g, ' ').slice(0, 300);
    const now = Date.now();
    const seen = this.recent.get(oneLine);
    if (seen && now - seen.at < LOG_REPEAT_WINDOW_MS) {
      seen.suppressed += 1;
      return;
    }
    const repeats = seen?.suppressed ? ` (${seen.suppressed} more like it in the last ${Math.round((now - seen.at) / 1000)} s)` : '';
    this.recent.set(oneLine, { at: now, suppressed: 0 });
    if (this.recent.size > 100) this.recent.delete(this.recent.keys().next().value as string);
    console.error(`[gateway] ${method} ${path} failed: ${oneLine}${repeats}`);
  }
}

/** Routes reachable without an API key, as in Supabase's Kong config (email links open in a plain browser tab). */
function isOpenRoute(method: string, path: string): boolean {
  return (
    path === '/health' ||
    (method === 'GET' && (path === '/auth/v1/verify' || path === '/auth/v1/health')) ||
    path.startsWith('/storage/v1/object/public/') ||
    // A signed URL is its own credential; browsers open it in plain tabs, players and viewers.
    ((method === 'GET' || method === 'HEAD') && path.startsWith('/storage/v1/object/sign/')) ||
    // A function deployed without JWT verification (a hook, a mailed link) is called with no key, as
    // Supabase's gateway lets it be; it checks its caller itself.
    (/^\/functions\/v1\/[A-Za-z0-9][A-Za-z0-9_-]*$/.test(path) && !verifiesJwt(path.slice('/functions/v1/'.length)))
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

async function proxyToPostgrest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  upstreamPort: number,
  timeoutMs: number,
): Promise<void> {
  // Read whole (≤ 1 MiB) before PostgREST sees anything, so an oversized body never reaches it.
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, DEFAULT_BODY_LIMIT, () => tooLargeError('rest', DEFAULT_BODY_LIMIT));
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

  if (body !== undefined) {
    delete headers['content-length'];
    headers['content-length'] = body.length;
  }

  const upstream = http.request(
    { host: HOST, port: upstreamPort, method, path: upstreamPath, headers, timeout: timeoutMs },
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
  upstream.on('timeout', () => {
    upstream.destroy();
    if (!res.headersSent) {
      sendJson(res, 504, { code: 'upstream_timeout', message: `PostgREST did not answer within ${timeoutMs / 1000} s` });
    } else res.destroy();
  });
  upstream.on('error', () => {
    if (res.writableEnded) return;
    if (!res.headersSent) sendJson(res, 502, { code: 'upstream_unavailable', message: 'An invalid response was received from the upstream server' });
    else res.destroy();
  });
  // The client going away ends the upstream call too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.end(body);
}

/** Runs an in-process upstream (an edge function) with the same timeout as a proxied one. */
async function withTimeout(
  res: ServerResponse,
  timeoutMs: number,
  what: string,
  run: () => Promise<void>,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const running = run();
  try {
    const outcome = await Promise.race([running, timedOut]);
    if (outcome === 'timeout') {
      // The work may go on in the background; its late answer is dropped.
      running.catch(() => undefined);
      if (!res.headersSent) {
        sendJson(res, 504, { code: 'upstream_timeout', message: `${what} did not answer within ${timeoutMs / 1000} s` });
      } else res.destroy();
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A body left unread (too large, or refused before reading) is not drained: after the answer the
 * gateway stops reading, sends FIN, and drops the connection a moment later. Closing at once would
 * reset the connection while the client still sends, and the client could lose the answer.
 */
function closeWithoutDraining(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  res.setHeader('connection', 'close');
  // Node ends such a connection with destroySoon() right after the answer; a lingering close instead
  // (as nginx does): stop reading, send FIN, drop the connection a moment later.
  socket.destroySoon = () => {
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
}

export interface Gateway {
  /** The port it listens on. */
  port: number;
  close(): Promise<void>;
}

export async function startGateway(pool: pg.Pool, outbox: Outbox, options: GatewayOptions = {}): Promise<Gateway> {
  const auth = new AuthApi(pool, outbox);
  const storage = new StorageApi(pool, options.files);
  const functions = new FunctionsApi();
  // Fetch the functions' packages now, so their first call does not wait for downloads.
  void functions.runtime.prepare();
  const postgrestPort = options.postgrestPort ?? POSTGREST_PORT;
  const timeoutMs = options.upstreamTimeoutMs ?? upstreamTimeoutMs();
  const failures = new FailureLog();

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const rawUrl = req.url ?? '/';
    const method = req.method ?? 'GET';
    const rawPath = rawUrl.split('?')[0] ?? '/';
    const area = areaOf(rawPath);
    const corsAllowed = applyCors(req, res);
    assertWellFormedUrl(rawUrl, area);
    const url = new URL(rawUrl, API_URL);
    const path = url.pathname;
    const bodyLimit = bodyLimitFor(method, path);
    const declaredLength = Number(req.headers['content-length']);
    if (Number.isFinite(declaredLength) && declaredLength > bodyLimit) throw tooLargeError(area, bodyLimit);

    if (method === 'OPTIONS') {
      if (!corsAllowed) return sendJson(res, 403, { message: 'Origin not allowed' });
      return sendEmpty(res, 204, {
        'access-control-allow-methods': ALLOW_METHODS,
        'access-control-allow-headers': ALLOW_HEADERS,
        'access-control-max-age': '600',
      });
    }
    if (path === '/health') {
      // Every component, each with a timeout: 503 when one is down, so nobody reuses a broken stack.
      const health = await checkHealth(pool);
      return sendJson(res, health.status === 'ok' ? 200 : 503, health, { 'cache-control': 'no-store' });
    }
    if (!isOpenRoute(method, path)) await assertApiKey(req, url);

    if (path === '/rest/v1' || path.startsWith('/rest/v1/')) return proxyToPostgrest(req, res, url, postgrestPort, timeoutMs);
    if (path.startsWith('/auth/v1/')) return auth.handle(req, res, path.slice('/auth/v1'.length), url);
    if (path.startsWith('/storage/v1/')) return storage.handle(req, res, path.slice('/storage/v1'.length));
    if (path.startsWith('/functions/v1/')) {
      return withTimeout(res, timeoutMs, 'The edge function', () =>
        functions.handle(req, res, path.slice('/functions/v1'.length), url),
      );
    }
    sendJson(res, 404, { message: 'no Route matched with those values' });
  };

  const server = http.createServer((req, res) => {
    // Everything but auth is other people's work, which password hashing leaves a core to.
    if (!(req.url ?? '').startsWith('/auth/')) res.once('close', otherTraffic.begin());
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (!req.complete) closeWithoutDraining(req, res);
      if (error instanceof HttpError) return sendJson(res, error.status, error.body, error.headers);
      failures.report(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/', error);
      sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Internal server error' });
    });
  });
  server.keepAliveTimeout = 5_000;
  // Supabase Realtime's WebSocket (postgres_changes); every other upgrade is refused.
  const realtime = new Realtime(pool, options.realtimeIdleTimeoutMs);
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', API_URL);
    if (url.pathname === '/realtime/v1/websocket') return realtime.handleUpgrade(req, socket, head, url);
    socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? API_PORT, HOST, () => resolve());
  });

  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      // Upgraded sockets are the WebSocket server's, not the HTTP server's: it ends them first.
      const realtimeClosed = realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all([functions.stop(), realtimeClosed]);
    },
  };
}
