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
 * Resolves once the page has had no request in flight for `quietMs`, counting from when it is
 * called. `page.waitForLoadState('networkidle')` cannot serve here: it is a state of the document,
 * already reached on /auth, so after the client-side sign-in it returns at once, and a lazy chunk
 * that starts loading a frame after the journey's last step (the teacher dashboard's chart, whose
 * import waits for its IntersectionObserver) was counted or not depending on the machine's load.
 * Media is left out (a preview keeps streaming).
 */
function trackTraffic(page) {
  const inFlight = new Set();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() === 'media') return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const end = (request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async quiet(quietMs = 1_000, timeout = 30_000) {
      const start = Date.now();
      lastChange = Math.max(lastChange, start);
      for (;;) {
        if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return;
        if (Date.now() - start > timeout) {
          const urls = [...inFlight].map((request) => request.url()).join(', ');
          throw new Error(`the network did not fall quiet in ${timeout} ms (in flight: ${urls})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
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
    const traffic = trackTraffic(page);
    await journey(page, target.base);
    // Whatever the journey's last screen loads on its own (lazy parts in view) counts too.
    await traffic.quiet();
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
