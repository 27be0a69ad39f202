// Precompresses the built apps once, at build time: a `.br` (brotli 11) and a `.gz` (gzip 9) beside
// every compressible file of each app's dist, so serving them costs no CPU. A variant that is not
// smaller than its file is not written (and an older one is removed).
// Usage: node scripts/compress-dist.mjs [app-name | folder ...]   (default: the four apps' dist)
// serve-apps.mjs uses a variant only while it still decodes to its file's current bytes, so a file
// rewritten after this ran (e.g. the shell's portal.config.json at deploy time) is never served stale.
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { APPS, ROOT } from './lib.mjs';

/** Text formats worth compressing (woff2 and images are compressed already). */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.map',
  '.txt',
]);
/** The encodings made beside each file, best first: Content-Encoding name and file suffix. */
export const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses bytes to one encoding; `quality` lowers brotli's effort for on-the-fly use. */
export function compress(encoding, bytes, { quality = constants.BROTLI_MAX_QUALITY } = {}) {
  if (encoding === 'gzip') return gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION });
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function eachBounded(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function compressFile(file) {
  const bytes = await readFile(file);
  const sizes = { raw: bytes.length };
  for (const { encoding, suffix } of VARIANTS) {
    const target = file + suffix;
    const compressed = await compress(encoding, bytes);
    if (compressed.length < bytes.length) {
      // Written aside and renamed, so a running server never reads half a file.
      const partial = `${target}.${process.pid}.tmp`;
      await writeFile(partial, compressed);
      await rename(partial, target);
      sizes[encoding] = compressed.length;
    } else {
      await rm(target, { force: true });
      sizes[encoding] = bytes.length; // what a client asking for this encoding receives
    }
  }
  return sizes;
}

/**
 * Writes the variants for every compressible file under `dist`, `concurrency` files at a time.
 * Returns the totals: files, raw bytes, bytes served as gzip, bytes served as brotli, milliseconds.
 */
export async function compressDist(dist, { concurrency = availableParallelism() } = {}) {
  const started = performance.now();
  const files = await filesUnder(dist);
  const totals = { files: files.length, raw: 0, gzip: 0, br: 0 };
  await eachBounded(files, concurrency, async (file) => {
    const sizes = await compressFile(file);
    totals.raw += sizes.raw;
    totals.gzip += sizes.gzip;
    totals.br += sizes.br;
  });
  return { ...totals, ms: Math.round(performance.now() - started) };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = process.argv.slice(2);
  const targets = wanted.length
    ? wanted.map((arg) => {
        const app = APPS.find(({ name }) => name === arg);
        return app
          ? { label: app.name, dist: join(ROOT, app.name, 'dist') }
          : { label: arg, dist: resolve(arg) };
      })
    : APPS.map(({ name }) => ({ label: name, dist: join(ROOT, name, 'dist') }));
  for (const { label, dist } of targets) {
    if (!existsSync(dist) || !(await stat(dist)).isDirectory()) {
      console.error(`${label}: ${relative(ROOT, dist) || dist} does not exist (build first)`);
      process.exitCode = 1;
      continue;
    }
    const { files, raw, gzip: gz, br, ms } = await compressDist(dist);
    console.log(
      `${label}: ${files} files, ${kib(raw)} raw, ${kib(gz)} gzip, ${kib(br)} brotli, ${ms} ms`,
    );
  }
}
