// Lighthouse (default mobile preset and simulated throttling, performance only) for /auth and each
// role's dashboard. One Chromium with a DevTools port per portal: Playwright signs in through that
// port, the HTTP cache is emptied, and Lighthouse loads the dashboard with `disableStorageReset` so
// the session (localStorage) stays while the cache is cold: a returning user's start, with the
// query cache of their last visit kept (shell/src/app/query-cache.ts; both portals run that code).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { ROLES, signInToDashboard } from './journeys.mjs';
import { median } from './stats.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const GOALS = { score: 90, lcpMs: 2500, tbtMs: 200 };
/** Lighthouse's mobile preset's screen (moto g power), in CSS pixels. */
const MOBILE_SCREEN = { width: 412, height: 823 };
/** Where the signed-in session's query cache is kept (shell/src/app/stored-query-caches.ts). */
const QUERY_CACHE_PREFIX = 'portal.query-cache.';
/**
 * Audits per page; the table shows each figure's median. One run moves by about ±150 ms of TBT and
 * ±0.2 s of LCP on a shared machine, too much to compare two builds on.
 */
export const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);

/** Starts Chromium with a DevTools port; resolves { port, wsEndpoint, stop }. */
function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // Chromium's helpers may still be writing the cache just after the main process exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium gave no DevTools port:\n${output}`)),
      30_000,
    );
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on (ws:\/\/[^:]+:(\d+)\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({ wsEndpoint: match[1], port: Number(match[2]), stop });
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
}

function summary(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const result = {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    // Lighthouse's own CPU score of this machine: its mobile preset multiplies observed CPU time
    // by 4, calibrated for a host of about 1,000 or more (its docs warn below that).
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    // Its text shows what was measured (the dashboard's heading, not the sign-in form).
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
        ?.nodeLabel,
    error: lhr.runtimeError?.message,
  };
  result.pass = meetsGoals(result);
  return result;
}

function meetsGoals(result) {
  return (
    !result.error &&
    result.score >= GOALS.score &&
    result.lcpMs <= GOALS.lcpMs &&
    result.tbtMs <= GOALS.tbtMs
  );
}

/** The runs of one page as one row: each figure's median, the runs kept for the table. */
function combine(runs) {
  const failed = runs.find((run) => run.error);
  if (failed) return { ...failed, pass: false, runs };
  const of = (key) => median(runs.map((run) => run[key]));
  const lcpMs = of('lcpMs');
  // The LCP element of the run closest to the median LCP.
  const closest = runs.reduce((best, run) =>
    Math.abs(run.lcpMs - lcpMs) < Math.abs(best.lcpMs - lcpMs) ? run : best,
  );
  const row = {
    score: Math.round(of('score')),
    lcpMs,
    tbtMs: of('tbtMs'),
    fcpMs: of('fcpMs'),
    cls: of('cls'),
    benchmarkIndex: of('benchmarkIndex'),
    finalPath: closest.finalPath,
    lcpElement: closest.lcpElement,
    runs,
  };
  row.pass = meetsGoals(row);
  return row;
}

async function repeat(audit) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit());
  return combine(runs);
}

async function audit(url, port, disableStorageReset) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return summary(result.lhr);
}

/** Signs in as the role through the DevTools port, empties the HTTP cache, audits the dashboard. */
async function auditDashboard(chrome, context, target, account) {
  const page = await context.newPage();
  let dashboardUrl;
  try {
    const cdp = await context.newCDPSession(page);
    // Signed out (the previous role's session gone), then signed in as this role.
    await cdp.send('Storage.clearDataForOrigin', { origin: target.base, storageTypes: 'all' });
    // The phone Lighthouse emulates: the user signed in on it, and the dashboard's reads are kept
    // for the next start (shell/src/app/query-cache.ts).
    await page.setViewportSize(MOBILE_SCREEN);
    await signInToDashboard(page, target.base, account).catch((error) => {
      throw new Error(
        `${target.name}: ${account.role} sign-in before Lighthouse: ${error.message}`,
        { cause: error },
      );
    });
    await page
      .waitForFunction(
        (prefix) => {
          const key = Object.keys(localStorage).find((name) => name.startsWith(prefix));
          // Kept once the dashboard's read is in (the first write may hold it still pending).
          return key !== undefined && localStorage.getItem(key).includes('"status":"success"');
        },
        QUERY_CACHE_PREFIX,
        { timeout: 10_000 },
      )
      .catch(() => {
        throw new Error(
          `${target.name}: ${account.role}'s dashboard was not kept for the next start`,
        );
      });
    dashboardUrl = page.url();
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await page.close();
  }
  const row = await audit(dashboardUrl, chrome.port, true);
  // A lost session would measure the sign-in page under the dashboard's name.
  if (row.finalPath === '/auth') row.error = `${dashboardUrl} showed /auth, not the dashboard`;
  if (row.error) row.pass = false;
  return row;
}

/**
 * Rows { page, ...medians, runs } (or { page, error }) for /auth and each role's dashboard of one
 * portal, each page audited RUNS times.
 */
export async function lighthouseRows(target) {
  const chrome = await launchChromium();
  const browser = await chromium.connectOverCDP(chrome.wsEndpoint);
  const failed = (error) => ({ error: error.message, pass: false });
  try {
    const context = browser.contexts()[0];
    const rows = [
      {
        page: '/auth (visitor)',
        ...(await repeat(() => audit(`${target.base}/auth`, chrome.port, false).catch(failed))),
      },
    ];
    for (const account of ROLES) {
      const row = await repeat(() =>
        auditDashboard(chrome, context, target, account).catch(failed),
      );
      rows.push({ page: `${account.role} dashboard`, ...row });
    }
    return rows;
  } finally {
    await browser.close().catch(() => {});
    await chrome.stop();
  }
}
