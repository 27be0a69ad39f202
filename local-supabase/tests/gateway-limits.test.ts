// Limits of the gateway under hostile or faulty input: body limits, upstream timeouts, malformed URLs,
// log volume, the outbox's Host check, download streams and durability. The tests that need a fake
// upstream, a dead database or a file-descriptor count run a second gateway inside this process.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANON_KEY, API_URL, OUTBOX_PORT, SERVICE_ROLE_KEY, databaseUrl } from '../src/config';
import { type Gateway, startGateway } from '../src/gateway';
import { Outbox } from '../src/outbox';
import { ObjectFiles } from '../src/storage-files';

const MiB = 1024 * 1024;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request through node:http, which (unlike fetch) reports the server's answer even when the server
 * stops reading the body early, and sends a raw path as given (no normalisation of `%`-escapes).
 * `body` is streamed in `chunkBytes` pieces until `totalBytes`, without a content-length when `chunked`.
 */
function rawRequest(
  baseUrl: string,
  options: {
    method?: string;
    path: string;
    headers?: http.OutgoingHttpHeaders;
    totalBytes?: number;
    chunked?: boolean;
    body?: string;
  },
): Promise<RawResponse & { bytesSent: number }> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const headers: http.OutgoingHttpHeaders = { ...options.headers };
    if (options.totalBytes !== undefined && !options.chunked) headers['content-length'] = options.totalBytes;
    const req = http.request(
      { host: base.hostname, port: base.port, method: options.method ?? 'GET', path: options.path, headers, agent: false },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), bytesSent }),
        );
        res.on('error', reject);
      },
    );
    // The server may close the connection while we still write; the answer is what counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (options.body !== undefined) {
      req.end(options.body);
      return;
    }
    if (options.totalBytes === undefined) {
      req.end();
      return;
    }
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    chunk[0] = 0x5b; // '[': a JSON array, as in the reported attack
    const write = () => {
      while (bytesSent < (options.totalBytes ?? 0)) {
        if (req.destroyed) return;
        bytesSent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

/** A fake PostgREST: records what reaches it, and either never answers or answers 200. */
async function fakeUpstream(mode: 'hang' | 'ok') {
  const received: Array<{ method?: string; url?: string; bytes: number }> = [];
  const server = http.createServer((req, res) => {
    const entry = { method: req.method, url: req.url, bytes: 0 };
    received.push(entry);
    req.on('data', (chunk: Buffer) => {
      entry.bytes += chunk.length;
    });
    if (mode === 'ok') req.on('end', () => res.end('[]'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The error code of a body in any route's style: REST `{ code }`, auth `{ error_code }`, storage `{ error }`. */
function errorCodeOf(body: string): unknown {
  const parsed = JSON.parse(body) as { code?: unknown; error_code?: unknown; error?: unknown };
  return parsed.error_code ?? (typeof parsed.code === 'string' ? parsed.code : parsed.error);
}

const gatewayUrl = (gateway: Gateway) => `http://127.0.0.1:${gateway.port}`;

describe('body limits', () => {
  it('answers 413 to a REST body over 1 MiB against the running stack', async () => {
    const response = await rawRequest(API_URL, {
      method: 'POST',
      path: '/rest/v1/courses',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      totalBytes: 2 * MiB,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  describe('in front of a fake PostgREST', () => {
    let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
    let gateway: Gateway;
    let pool: pg.Pool;

    beforeAll(async () => {
      upstream = await fakeUpstream('ok');
      pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
      gateway = await startGateway(pool, new Outbox(pool), { port: 0, postgrestPort: upstream.port });
    });
    afterAll(async () => {
      await gateway.close();
      await upstream.close();
      await pool.end();
    });

    it('still proxies a small body', async () => {
      const response = await rawRequest(gatewayUrl(gateway), {
        method: 'POST',
        path: '/rest/v1/courses',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: '[{"title":"x"}]',
      });
      expect(response.status).toBe(200);
      expect(upstream.received.at(-1)).toMatchObject({ method: 'POST', url: '/courses', bytes: 15 });
    });

    it('never lets a 96 MB JSON array (declared length) reach PostgREST, and stops reading it', async () => {
      const before = upstream.received.length;
      const response = await rawRequest(gatewayUrl(gateway), {
        method: 'POST',
        path: '/rest/v1/courses',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        totalBytes: 96 * 1000 * 1000,
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'request_too_large' });
      expect(upstream.received.length).toBe(before);
      // The gateway stopped reading: far from all 96 MB went out before the connection ended.
      expect(response.bytesSent).toBeLessThan(48 * 1000 * 1000);
    });

    it('never lets a 96 MB chunked body reach PostgREST either', async () => {
      const before = upstream.received.length;
      const response = await rawRequest(gatewayUrl(gateway), {
        method: 'POST',
        path: '/rest/v1/courses',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        totalBytes: 96 * 1000 * 1000,
        chunked: true,
      });
      expect(response.status).toBe(413);
      expect(upstream.received.length).toBe(before);
      expect(response.bytesSent).toBeLessThan(48 * 1000 * 1000);
    });

    it('limits auth bodies to 1 MiB with an auth-style error', async () => {
      const response = await rawRequest(gatewayUrl(gateway), {
        method: 'POST',
        path: '/auth/v1/signup',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        totalBytes: 2 * MiB,
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body)).toMatchObject({ code: 413, error_code: 'request_too_large' });
    });

    it('limits an unknown route too', async () => {
      const response = await rawRequest(gatewayUrl(gateway), {
        method: 'POST',
        path: '/nowhere',
        headers: { apikey: ANON_KEY },
        totalBytes: 2 * MiB,
      });
      expect(response.status).toBe(413);
    });
  });
});

describe('upstream timeouts', () => {
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  let gateway: Gateway;
  let pool: pg.Pool;

  beforeAll(async () => {
    upstream = await fakeUpstream('hang');
    pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
    gateway = await startGateway(pool, new Outbox(pool), {
      port: 0,
      postgrestPort: upstream.port,
      upstreamTimeoutMs: 300,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    await pool.end();
  });

  it('answers 504 with a clear code when PostgREST never answers', async () => {
    const startedAt = Date.now();
    const response = await rawRequest(gatewayUrl(gateway), {
      path: '/rest/v1/courses?select=id',
      headers: { apikey: ANON_KEY },
    });
    expect(response.status).toBe(504);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'upstream_timeout', message: expect.any(String) });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(upstream.received.some((entry) => entry.url === '/courses?select=id')).toBe(true);
  });

  it('defaults to 30 s and reads LOCAL_SUPABASE_UPSTREAM_TIMEOUT_MS', async () => {
    const { upstreamTimeoutMs } = await import('../src/gateway');
    expect(upstreamTimeoutMs({})).toBe(30_000);
    expect(upstreamTimeoutMs({ LOCAL_SUPABASE_UPSTREAM_TIMEOUT_MS: '1500' })).toBe(1_500);
    expect(upstreamTimeoutMs({ LOCAL_SUPABASE_UPSTREAM_TIMEOUT_MS: 'soon' })).toBe(30_000);
  });
});

describe('malformed input', () => {
  const get = (path: string) => rawRequest(API_URL, { path, headers: { apikey: ANON_KEY } });

  it.each([
    ['bad %-encoding in a REST query', '/rest/v1/courses?title=eq.%E0%A4%A'],
    ['a truncated UTF-8 sequence in a REST query', '/rest/v1/courses?title=eq.%E0%A4'],
    ['an encoded NUL in a REST query', '/rest/v1/courses?title=eq.a%00b'],
    ['an encoded NUL in a storage path', '/storage/v1/object/public/avatars/a%00b'],
    ['bad %-encoding in an auth path', '/auth/v1/admin/users/%E0%A4'],
    ['an encoded NUL in an auth path', '/auth/v1/admin/users/a%00b'],
  ])('answers 400 with a clear code for %s', async (_label, path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(errorCodeOf(response.body)).toBe('malformed_request');
  });

  it('answers 400 to an invalid JSON body where the gateway parses JSON', async () => {
    const response = await rawRequest(API_URL, {
      method: 'POST',
      path: '/storage/v1/object/sign/avatars',
      headers: {
        apikey: SERVICE_ROLE_KEY,
        authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        'content-type': 'application/json',
      },
      body: '{"paths": [',
    });
    expect(response.status).toBe(400);
  });

  it('still serves well-formed escapes', async () => {
    const response = await get(`/rest/v1/courses?select=id&title=eq.${encodeURIComponent('Español 1 ñ')}`);
    expect(response.status).not.toBe(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('failure logging', () => {
  let gateway: Gateway;
  let deadPool: pg.Pool;
  let errorSpy: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    // A database that is down: nothing listens on this port.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    deadPool = new pg.Pool({
      connectionString: `postgresql://postgres:postgres@127.0.0.1:${deadPort}/postgres`,
      connectionTimeoutMillis: 500,
    });
    deadPool.on('error', () => undefined);
    gateway = await startGateway(deadPool, new Outbox(deadPool), { port: 0 });
  });
  afterEach(() => errorSpy?.mockRestore());
  afterAll(async () => {
    await gateway.close();
    await deadPool.end().catch(() => undefined);
  });

  it('logs at most one line per failed request, without stack traces, when Postgres is down', async () => {
    errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const requests = 40;
    const responses = await Promise.all(
      Array.from({ length: requests }, () =>
        rawRequest(gatewayUrl(gateway), {
          method: 'POST',
          path: '/auth/v1/token?grant_type=password',
          headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password' }),
        }),
      ),
    );
    expect(responses.every((response) => response.status >= 500)).toBe(true);
    const lines = [...errorSpy.mock.calls, ...warnSpy.mock.calls].map((args: unknown[]) =>
      args.map((arg: unknown) => (arg instanceof Error ? String(arg.stack) : String(arg))).join(' '),
    );
    warnSpy.mockRestore();
    // Repeated identical failures are folded: far fewer lines than requests, each a single line.
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const line of lines) expect(line).not.toMatch(/\n\s+at /);
  });
});

describe('mail outbox server', () => {
  const outboxGet = (host: string) => rawRequest(`http://127.0.0.1:${OUTBOX_PORT}`, { path: '/api/messages?to=x@example.test', headers: { host } });

  it('answers its own Host names', async () => {
    expect((await outboxGet(`127.0.0.1:${OUTBOX_PORT}`)).status).toBe(200);
    expect((await outboxGet(`localhost:${OUTBOX_PORT}`)).status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    for (const host of ['evil.example', `evil.example:${OUTBOX_PORT}`, '127.0.0.1:1', `localhost.evil.example:${OUTBOX_PORT}`]) {
      const response = await outboxGet(host);
      expect([403, 421]).toContain(response.status);
      expect(response.body).not.toContain('x@example.test');
    }
  });

  it('is not reachable on a non-loopback address', async () => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((info) => info && info.family === 'IPv4' && !info.internal);
    if (!external) return;
    const reached = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: external.address, port: OUTBOX_PORT, timeout: 2_000 });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });
});

describe('download streams', () => {
  const bucket = `gw-fd-${randomUUID().slice(0, 8)}`;
  const objectName = 'big.bin';
  const size = 8 * MiB;
  let gateway: Gateway;
  let pool: pg.Pool;
  let filesDir: string;
  const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: databaseUrl(), max: 4 });
    filesDir = await mkdtemp(path.join(os.tmpdir(), 'gateway-fd-'));
    gateway = await startGateway(pool, new Outbox(pool), { port: 0, files: new ObjectFiles(filesDir) });
    const created = await fetch(`${gatewayUrl(gateway)}/storage/v1/bucket`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'application/json' },
      body: JSON.stringify({ id: bucket, name: bucket, public: true }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const uploaded = await fetch(`${gatewayUrl(gateway)}/storage/v1/object/${bucket}/${objectName}`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(size),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  });
  afterAll(async () => {
    await fetch(`${gatewayUrl(gateway)}/storage/v1/bucket/${bucket}/empty`, { method: 'POST', headers: service });
    await fetch(`${gatewayUrl(gateway)}/storage/v1/bucket/${bucket}`, { method: 'DELETE', headers: service });
    await gateway.close();
    await pool.end();
    await rm(filesDir, { recursive: true, force: true });
  });

  const openFds = () => readdirSync('/proc/self/fd').length;

  /** Starts a download, reads its first bytes, then goes away. */
  const abortedDownload = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port: gateway.port, path: `/storage/v1/object/public/${bucket}/${objectName}` },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`download answered ${res.statusCode}`));
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => undefined);
    });

  it.runIf(process.platform === 'linux')('closes the file when the client goes away', async () => {
    // Warm up (first connections, pool clients), then count.
    await abortedDownload();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = openFds();
    for (let round = 0; round < 5; round += 1) await Promise.all(Array.from({ length: 10 }, abortedDownload));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(openFds() - before).toBeLessThan(10);
  });
});

describe('durability', () => {
  it('runs Postgres with synchronous_commit on', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
    try {
      const { rows } = await pool.query<{ synchronous_commit: string }>('show synchronous_commit');
      expect(rows[0]?.synchronous_commit).toBe('on');
    } finally {
      await pool.end();
    }
  });
});
