// What a journey costs on the wire: every script and stylesheet the page loaded, sized from the
// build folder that served it and compressed here with gzip -9 and brotli q11 (the bench's http
// server only speaks gzip, so both are computed the same way for both portals).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inFreshContext } from './journeys.mjs';

/** A react-dom client build names itself to the devtools hook; one per copy of react-dom. */
const REACT_DOM_MARKER = /rendererPackageName:\s*"react-dom"/g;
const SHARED_VERSION_WARNING = /unsatisfied version|shared singleton|version-first/i;

const cache = new Map();

function fileCost(file) {
  let cost = cache.get(file);
  if (!cost) {
    const bytes = readFileSync(file);
    cost = {
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
      reactDoms: (bytes.toString('utf8').match(REACT_DOM_MARKER) ?? []).length,
    };
    cache.set(file, cost);
  }
  return cost;
}

function fileOf(target, url) {
  const folder = target.folderOf(url);
  if (!folder) throw new Error(`${url} was not served by the ${target.name} portal's servers`);
  return join(folder, decodeURIComponent(new URL(url).pathname));
}

/**
 * Runs the journey `[name, (page, base) => …]` in a fresh browser context and sums what it loaded:
 * { gzip, brotli, cssGzip } in bytes, jsFiles, reactDomCopies, warnings.
 */
export async function measureJourney(browser, target, [name, journey]) {
  const loaded = new Map(); // url → 'script' | 'stylesheet'
  let warnings = 0;
  await inFreshContext(browser, `${target.name}: ${name}`, async (page) => {
    page.on('console', (message) => {
      if (SHARED_VERSION_WARNING.test(message.text())) warnings += 1;
    });
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet') loaded.set(request.url(), type);
    });
    await journey(page, target.base);
    await page.waitForLoadState('networkidle');
  });

  const total = { gzip: 0, brotli: 0, cssGzip: 0, jsFiles: 0, reactDomCopies: 0, warnings };
  for (const [url, type] of loaded) {
    const cost = fileCost(fileOf(target, url));
    total.gzip += cost.gzip;
    total.brotli += cost.brotli;
    total.reactDomCopies += cost.reactDoms;
    if (type === 'script') total.jsFiles += 1;
    else total.cssGzip += cost.gzip;
  }
  return total;
}
