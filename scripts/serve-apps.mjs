// Serves the built apps (production mode) the way a good CDN would: the shell with SPA fallback
// (and its pages built as HTML files of their own: /auth is auth.html), remotes with CORS;
// brotli/gzip by Accept-Encoding (the `.br`/`.gz` made at build time by
// compress-dist.mjs, else compressed here once per file version); strong ETags and Last-Modified
// with 304s; hashed files under /static/ cached for a year, everything else revalidated.
// Usage: node scripts/serve-apps.mjs [app-name ...]   (default: all four)
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { COMPRESSIBLE, VARIANTS, compress } from './compress-dist.mjs';
import { APPS, ROOT } from './lib.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};
const DECODE = { br: promisify(brotliDecompress), gzip: promisify(gunzip) };
/** Preference among equally acceptable codings. */
const PREFERENCE = ['br', 'gzip', 'identity'];
/** On-the-fly brotli: the build's quality for small files (e.g. a rewritten config), a fast one above. */
const ON_THE_FLY_MAX_QUALITY_BYTES = 64 * 1024;
const ON_THE_FLY_QUALITY = 5;

/**
 * The codings the client accepts, best first, among br, gzip and identity (RFC 9110 §12.5.3):
 * highest q wins, ties go br > gzip > identity; `q=0` refuses; `*` covers codings not named;
 * identity stays acceptable, last, unless refused. No header: identity only.
 */
export function acceptedEncodings(header) {
  if (header === undefined) return ['identity'];
  const named = new Map();
  for (const part of String(header).split(',')) {
    const [coding, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const q =
      qParam === undefined
        ? 1
        : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(qParam.slice(2))
          ? Number(qParam.slice(2))
          : NaN;
    if (Number.isNaN(q)) continue; // a malformed weight: ignore the entry
    named.set(coding === 'x-gzip' ? 'gzip' : coding, q);
  }
  const weight = (coding) =>
    named.get(coding) ?? named.get('*') ?? (coding === 'identity' ? Number.MIN_VALUE : 0);
  return PREFERENCE.filter((coding) => weight(coding) > 0).sort(
    (a, b) => weight(b) - weight(a) || PREFERENCE.indexOf(a) - PREFERENCE.indexOf(b),
  );
}

/** If-None-Match: true when one of the listed tags (weak comparison) or `*` matches. */
function matchesTag(header, etag) {
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === etag);
}

/**
 * One cached version of a file per path, keyed by mtime + size: its bytes, a content hash for the
 * ETag, and its compressed variants (made or checked once, then kept in memory).
 */
function fileCache() {
  const versions = new Map();

  async function readVersion(file, stats) {
    const body = await readFile(file);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    return {
      file,
      body,
      etag: `"${hash}"`,
      lastModified: new Date(stats.mtimeMs).toUTCString(),
      variants: new Map(),
    };
  }

  return {
    load(file, stats) {
      const key = `${stats.mtimeMs}:${stats.size}`;
      const cached = versions.get(file);
      if (cached?.key === key) return cached.version;
      const version = readVersion(file, stats);
      versions.set(file, { key, version });
      version.catch(() => {
        if (versions.get(file)?.version === version) versions.delete(file);
      });
      return version;
    },
  };
}

/** A build-time `.br`/`.gz` is used only if it decodes to the file's current bytes. */
async function precompressed(version, encoding, suffix) {
  try {
    const bytes = await readFile(version.file + suffix);
    return (await DECODE[encoding](bytes)).equals(version.body) ? bytes : null;
  } catch {
    return null; // missing, unreadable or not valid for that encoding
  }
}

/** The body in `encoding`, or null when compressing does not make it smaller. */
function variant(version, encoding) {
  let made = version.variants.get(encoding);
  if (!made) {
    const { suffix } = VARIANTS.find((entry) => entry.encoding === encoding);
    made = (async () => {
      const bytes =
        (await precompressed(version, encoding, suffix)) ??
        (await compress(encoding, version.body, {
          quality:
            version.body.length <= ON_THE_FLY_MAX_QUALITY_BYTES ? undefined : ON_THE_FLY_QUALITY,
        }));
      return bytes.length < version.body.length ? bytes : null;
    })();
    version.variants.set(encoding, made);
  }
  return made;
}

function cacheControl(relativePath) {
  // Hashed assets never change; entry points and config must be revalidated.
  return relativePath.startsWith(`static${sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

function notModified(req, etag, lastModified) {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesTag(ifNoneMatch, etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

async function statFile(path) {
  const stats = await stat(path).catch(() => null);
  return stats?.isFile() ? stats : null;
}

/** Serves `dist` (default `<ROOT>/<name>/dist`) on 127.0.0.1:`port`; resolves to the server. */
export function serveApp({ name, port, dist: folder }) {
  const dist = resolve(folder ?? join(ROOT, name, 'dist'));
  const index = join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`${name} is not built (run pnpm build)`);
  const files = fileCache();

  async function handle(req, res) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
      });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      pathname = '\0'; // malformed percent-encoding
    }
    if (pathname.includes('\0')) {
      res.writeHead(400);
      return res.end();
    }
    let file = normalize(join(dist, pathname));
    if (file !== dist && !file.startsWith(dist + sep)) {
      res.writeHead(403);
      return res.end();
    }
    let stats = await statFile(file);
    if (!stats) {
      // Client-side routes fall back to the app's page; missing assets are real 404s.
      if (extname(pathname)) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('Not found');
      }
      // A page the build made an HTML file of its own (the shell's /auth is auth.html, "clean
      // URLs" as static hosts call it); every other route falls back to the app's page.
      const page = file === dist ? null : await statFile(`${file}.html`);
      file = page ? `${file}.html` : index;
      stats = page ?? (await statFile(file));
      if (!stats) throw new Error(`${index} is gone`);
    }
    const version = await files.load(file, stats);
    const ext = extname(file);
    const compressible = COMPRESSIBLE.has(ext);
    let encoding = 'identity';
    let body = version.body;
    if (compressible) {
      for (const coding of acceptedEncodings(req.headers['accept-encoding'])) {
        if (coding === 'identity') break;
        const bytes = await variant(version, coding);
        if (bytes) {
          [encoding, body] = [coding, bytes];
          break;
        }
      }
    }
    // One strong tag per representation: the source's content hash, plus the coding if any.
    const etag =
      encoding === 'identity' ? version.etag : `${version.etag.slice(0, -1)}-${encoding}"`;
    const headers = {
      ETag: etag,
      'Last-Modified': version.lastModified,
      'Cache-Control': cacheControl(relative(dist, file)),
      ...(compressible && { Vary: 'Accept-Encoding' }),
    };
    if (notModified(req, etag, version.lastModified)) {
      res.writeHead(304, headers);
      return res.end();
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': body.length,
      ...(encoding !== 'identity' && { 'Content-Encoding': encoding }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(`${name}: ${req.method} ${req.url}: ${error.message}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = process.argv.slice(2);
  const apps = wanted.length ? APPS.filter((app) => wanted.includes(app.name)) : APPS;
  const servers = await Promise.all(apps.map(serveApp));
  for (const app of apps) console.log(`${app.name} → http://localhost:${app.port}`);
  const stop = () => {
    for (const server of servers) server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
