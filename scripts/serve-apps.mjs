// Serves the built apps (production mode): the shell with SPA fallback, remotes with CORS.
// Usage: node scripts/serve-apps.mjs [app-name ...]   (default: all four)
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
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
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);
const gzipCache = new Map();

function cacheControl(path) {
  // Hashed assets never change; entry points and config must be revalidated.
  return /\/static\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function serveApp({ name, port }) {
  const dist = join(ROOT, name, 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${name} is not built (run pnpm build)`);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://localhost:${port}`);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      return res.end();
    }
    let file = normalize(join(dist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dist)) {
      res.writeHead(403);
      return res.end();
    }
    if (!existsSync(file) || statSync(file).isDirectory()) {
      // Client-side routes fall back to the app's page; missing assets are real 404s.
      if (extname(url.pathname)) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('Not found');
      }
      file = join(dist, 'index.html');
    }
    const ext = extname(file);
    const headers = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': cacheControl(file) };
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const mtime = statSync(file).mtimeMs;
      let cached = gzipCache.get(file);
      if (!cached || cached.mtime !== mtime) {
        cached = { mtime, body: gzipSync(await readFile(file)) };
        gzipCache.set(file, cached);
      }
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': cached.body.length, Vary: 'Accept-Encoding' });
      return res.end(req.method === 'HEAD' ? undefined : cached.body);
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
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
