// @vitest-environment node
// The production file server (scripts/serve-apps.mjs) and the build's precompression
// (scripts/compress-dist.mjs), over real HTTP against a dist folder made here.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from '../scripts/compress-dist.mjs';
import { acceptedEncodings, serveApp } from '../scripts/serve-apps.mjs';

type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const root = mkdtempSync(join(tmpdir(), 'serve-apps-'));
const dist = join(root, 'dist');
let server: Server;
let port: number;

/** Text that compresses well and is well over 64 KiB (served big files get the build's variants). */
const bundle = Array.from(
  { length: 4000 },
  (_, i) => `export const value${i} = ${JSON.stringify(`item-${(i * 7919) % 1000}`)};\n`,
).join('');
const html = `<!doctype html><html><head><title>Fixture</title><script defer src="/static/js/main.3f2a1b.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(20)}</body></html>`;
const config = (api: string) =>
  JSON.stringify(
    {
      supabaseUrl: api,
      supabaseAnonKey: 'anon',
      remotes: { student: 'http://localhost:3001/mf-manifest.json' },
    },
    null,
    2,
  );
const font = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) % 251));

function write(path: string, content: string | Buffer) {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), content);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A raw request: the path is sent as is, and the body comes back exactly as sent (not decoded). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function decoded(reply: Reply): string {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body).toString();
  if (encoding === 'gzip') return gunzipSync(reply.body).toString();
  expect(encoding).toBeUndefined();
  return reply.body.toString();
}

/** Moves a file's mtime, so a rewrite is seen as one even within the clock's resolution. */
function touch(path: string, secondsFromNow: number) {
  const when = new Date(Date.now() + secondsFromNow * 1000);
  utimesSync(join(dist, path), when, when);
}

beforeAll(async () => {
  write('index.html', html);
  write('static/js/main.3f2a1b.js', bundle);
  write('static/css/app.9c8d7e.css', `.card{padding:1rem;margin:0}\n`.repeat(200));
  write('static/font/inter.5e4f3a.woff2', font);
  write('remoteEntry.js', `var remote = {};\n${bundle.slice(0, 3000)}`);
  write(
    'mf-manifest.json',
    JSON.stringify({
      id: 'fixture',
      exposes: Array.from({ length: 40 }, (_, i) => ({ path: `./Page${i}` })),
    }),
  );
  write('portal.config.json', config('http://127.0.0.1:54321'));
  write('robots.txt', 'ok');
  mkdirSync(`${dist}-private`, { recursive: true });
  writeFileSync(join(`${dist}-private`, 'secret.txt'), 'secret');
  writeFileSync(join(root, 'outside.txt'), 'outside');
  port = await freePort();
  server = await serveApp({ name: 'fixture', port, dist });
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(root, { recursive: true, force: true });
  rmSync(`${dist}-private`, { recursive: true, force: true });
});

describe('compress-dist', () => {
  it('writes a .br and a .gz that decode to each compressible file, and none that would not be smaller', async () => {
    const totals = await compressDist(dist, { concurrency: 2 });

    expect(totals.files).toBe(7); // html, js, css, js, json, json, txt; not the woff2
    for (const path of [
      'index.html',
      'static/js/main.3f2a1b.js',
      'portal.config.json',
      'mf-manifest.json',
    ]) {
      const original = readFileSync(join(dist, path));
      expect(brotliDecompressSync(readFileSync(join(dist, `${path}.br`))).equals(original)).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(join(dist, `${path}.gz`))).equals(original)).toBe(true);
    }
    expect(readFileSync(join(dist, 'static/js/main.3f2a1b.js.br')).length).toBeLessThan(
      bundle.length / 10,
    );
    expect(existsSync(join(dist, 'robots.txt.br'))).toBe(false); // 2 bytes: nothing to gain
    expect(existsSync(join(dist, 'robots.txt.gz'))).toBe(false);
    expect(existsSync(join(dist, 'static/font/inter.5e4f3a.woff2.br'))).toBe(false);
    expect(totals.br).toBeLessThan(totals.gzip);
    expect(totals.gzip).toBeLessThan(totals.raw);
  });
});

describe('content negotiation', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['identity;q=1, br;q=0.5', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" gets %s, and the bytes decode to the file', async (accept, encoding) => {
    const reply = await get('/static/js/main.3f2a1b.js', { 'Accept-Encoding': accept });

    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(decoded(reply)).toBe(bundle);
  });

  it('sends the file as is without Accept-Encoding', async () => {
    const reply = await get('/static/js/main.3f2a1b.js');

    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.body.toString()).toBe(bundle);
  });

  it('ranks codings by q, then br, gzip, identity; q=0 and "*;q=0" refuse', () => {
    expect(acceptedEncodings(undefined)).toEqual(['identity']);
    expect(acceptedEncodings('gzip, br')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings('br;q=0.2, gzip;q=0.9')).toEqual(['gzip', 'br', 'identity']);
    expect(acceptedEncodings('gzip, identity;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('*;q=0')).toEqual([]);
    expect(acceptedEncodings('*;q=0, identity')).toEqual(['identity']);
    expect(acceptedEncodings('br;q=abc, gzip')).toEqual(['gzip', 'identity']);
  });

  it('sends the build-time .br itself, not one made on the fly', async () => {
    // A .br of the same bytes at another quality: only reading the file gives these exact bytes.
    const own = brotliCompressSync(Buffer.from(html), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1 },
    });
    writeFileSync(join(dist, 'index.html.br'), own);
    write('index.html', html); // a new version of the page (same bytes), so the server looks again
    touch('index.html', 5);

    const reply = await get('/', { 'Accept-Encoding': 'br' });

    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.body.equals(own)).toBe(true);
  });

  it('compresses a file that has no .br on the fly', async () => {
    rmSync(join(dist, 'static/css/app.9c8d7e.css.br'));
    const css = readFileSync(join(dist, 'static/css/app.9c8d7e.css'), 'utf8');

    const reply = await get('/static/css/app.9c8d7e.css', { 'Accept-Encoding': 'br' });

    expect(reply.headers['content-encoding']).toBe('br');
    expect(decoded(reply)).toBe(css);
  });

  it('sends a file as is when compressing would not make it smaller, and never compresses a woff2', async () => {
    const tiny = await get('/robots.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('ok');

    const woff2 = await get('/static/font/inter.5e4f3a.woff2', { 'Accept-Encoding': 'br, gzip' });
    expect(woff2.headers['content-encoding']).toBeUndefined();
    expect(woff2.headers['content-type']).toBe('font/woff2');
    expect(woff2.body.equals(font)).toBe(true);
  });
});

describe('a file rewritten after the build (portal.config.json at deploy time)', () => {
  it('is never served from a stale .br or .gz', async () => {
    const before = await get('/portal.config.json', { 'Accept-Encoding': 'br' });
    expect(decoded(before)).toBe(config('http://127.0.0.1:54321'));

    write('portal.config.json', config('https://api.school.example'));
    touch('portal.config.json', 10);

    for (const accept of ['br', 'gzip']) {
      const after = await get('/portal.config.json', { 'Accept-Encoding': accept });
      expect(after.headers['content-encoding']).toBe(accept);
      expect(decoded(after)).toBe(config('https://api.school.example'));
    }
  });

  it('is not served from an old .br even when that .br is newer than the file', async () => {
    const old = config('http://old.example');
    write('portal.config.json.br', brotliCompressSync(old));
    touch('portal.config.json.br', 60);
    write('portal.config.json', config('https://new.example'));
    touch('portal.config.json', 20);

    const reply = await get('/portal.config.json', { 'Accept-Encoding': 'br' });

    expect(decoded(reply)).toBe(config('https://new.example'));
  });
});

describe('validators', () => {
  it('tags each response with a strong ETag per coding and a Last-Modified', async () => {
    const plain = await get('/static/js/main.3f2a1b.js');
    const br = await get('/static/js/main.3f2a1b.js', { 'Accept-Encoding': 'br' });
    const gzip = await get('/static/js/main.3f2a1b.js', { 'Accept-Encoding': 'gzip' });

    expect(plain.headers.etag).toMatch(/^"[^"]+"$/);
    expect(br.headers.etag).toBe(`${plain.headers.etag?.slice(0, -1)}-br"`);
    expect(gzip.headers.etag).toBe(`${plain.headers.etag?.slice(0, -1)}-gzip"`);
    expect(new Date(plain.headers['last-modified'] ?? '').getTime()).toBeGreaterThan(0);
    expect(br.headers['last-modified']).toBe(plain.headers['last-modified']);
  });

  it('answers 304 with no body when If-None-Match matches the tag of the coding sent', async () => {
    const first = await get('/static/js/main.3f2a1b.js', { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag ?? '';

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/static/js/main.3f2a1b.js', {
        'Accept-Encoding': 'br',
        'If-None-Match': ifNoneMatch,
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.headers['cache-control']).toBe(IMMUTABLE);
    }
    // The client holds the br bytes; plain ones are another representation.
    const identity = await get('/static/js/main.3f2a1b.js', { 'If-None-Match': etag });
    expect(identity.status).toBe(200);
    expect(identity.body.toString()).toBe(bundle);
  });

  it('answers 304 on If-Modified-Since unless If-None-Match (which wins) does not match', async () => {
    const first = await get('/mf-manifest.json');
    const lastModified = first.headers['last-modified'] ?? '';

    const same = await get('/mf-manifest.json', { 'If-Modified-Since': lastModified });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);

    const earlier = new Date(new Date(lastModified).getTime() - 1000).toUTCString();
    expect((await get('/mf-manifest.json', { 'If-Modified-Since': earlier })).status).toBe(200);
    expect((await get('/mf-manifest.json', { 'If-Modified-Since': 'not a date' })).status).toBe(
      200,
    );
    const tagWins = await get('/mf-manifest.json', {
      'If-None-Match': '"stale"',
      'If-Modified-Since': lastModified,
    });
    expect(tagWins.status).toBe(200);
  });

  it('changes the ETag when the file changes, even to the same size', async () => {
    write('remoteEntry.js', 'var remote = 1;');
    const first = await get('/remoteEntry.js');

    write('remoteEntry.js', 'var remote = 2;');
    touch('remoteEntry.js', 30);
    const second = await get('/remoteEntry.js', { 'If-None-Match': first.headers.etag ?? '' });

    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe('var remote = 2;');
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(second.headers['last-modified']).not.toBe(first.headers['last-modified']);
  });
});

describe('caching and the rest of the contract', () => {
  it.each([
    ['/static/js/main.3f2a1b.js', IMMUTABLE],
    ['/static/font/inter.5e4f3a.woff2', IMMUTABLE],
    ['/', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/teacher/classes', 'no-cache'],
    ['/portal.config.json', 'no-cache'],
    ['/mf-manifest.json', 'no-cache'],
    ['/remoteEntry.js', 'no-cache'],
  ])('%s is sent with Cache-Control "%s"', async (path, cacheControl) => {
    const reply = await get(path, { 'Accept-Encoding': 'br, gzip' });

    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe(cacheControl);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const got = await get('/static/js/main.3f2a1b.js', { 'Accept-Encoding': accept });
      const head = await get('/static/js/main.3f2a1b.js', { 'Accept-Encoding': accept }, 'HEAD');

      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-length']).toBe(String(got.body.length));
      expect(head.headers['content-encoding']).toBe(got.headers['content-encoding']);
      expect(head.headers.etag).toBe(got.headers.etag);
    }
  });

  it('falls back to the page for client-side routes, with CORS headers', async () => {
    const reply = await get('/teacher/classes/42');

    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.body.toString()).toBe(html);
  });

  it('serves a page built as an HTML file of its own at its clean URL (/auth is auth.html)', async () => {
    const page = html.replace(
      '<div id="root"></div>',
      '<div id="root"><h2>Welcome back</h2></div>',
    );
    write('auth.html', page);
    try {
      for (const path of ['/auth', '/auth?next=%2Fcourses']) {
        const reply = await get(path);
        expect(reply.status, path).toBe(200);
        expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(reply.headers['cache-control']).toBe('no-cache');
        expect(reply.body.toString(), path).toBe(page);
      }
      // Every other route still gets the app's page, the root included.
      for (const path of ['/', '/auth/other', '/authors']) {
        expect((await get(path)).body.toString(), path).toBe(html);
      }
    } finally {
      rmSync(join(dist, 'auth.html'));
    }
  });

  it('answers a CORS preflight', async () => {
    const reply = await get('/remoteEntry.js', { Origin: 'http://localhost:3000' }, 'OPTIONS');

    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['access-control-allow-methods']).toContain('GET');
  });

  it('answers 404 for a missing asset', async () => {
    const reply = await get('/static/js/missing.0000.js', { 'Accept-Encoding': 'br' });

    expect(reply.status).toBe(404);
    expect(reply.headers['cache-control']).toBeUndefined();
  });

  it('refuses paths that leave the folder, also into a folder whose name starts with it', async () => {
    const sibling = `${basename(dist)}-private`;
    for (const path of [
      '/..%2foutside.txt',
      `/..%2f${sibling}%2fsecret.txt`,
      '/static/..%2f..%2f..%2foutside.txt',
    ]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(403);
      expect(reply.body.toString()).not.toMatch(/secret|outside/);
    }
  });

  it('answers 400 to a malformed path and keeps serving', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/x%00.js')).status).toBe(400);
    expect((await get('/index.html')).status).toBe(200);
  });
});
