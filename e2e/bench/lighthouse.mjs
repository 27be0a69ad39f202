// Lighthouse (default mobile preset, simulated throttling, performance only), each audit in a
// Chromium of its own with a fresh profile:
//  - first visit of /auth: nothing stored, cold HTTP cache (Lighthouse's own storage reset);
//  - returning visit to each role's dashboard: in that profile the user first signs in through the
//    UI and stays on the dashboard until it has settled (network idle, storage no longer written),
//    then closes the tab; Lighthouse then loads the dashboard with its storage reset off, so the
//    session, whatever the app stored and the HTTP cache are all as that first visit left them.
// The old and new portals' runs alternate, so a busy moment on the machine hits both.
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
/** Lighthouse's mobile preset's screen (moto g power), in CSS pixels: the phone the user signs in on. */
const MOBILE_SCREEN = { width: 412, height: 823 };
/** How long storage must stay unchanged before the first visit counts as settled. */
const STORAGE_QUIET_MS = 2000;
/**
 * Audits per page and portal; the table shows each figure's median. One run moves by about ±150 ms
 * of TBT and ±0.2 s of LCP on a shared machine, too much to compare two builds on.
 */
export const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);

/** Each goal: a label, the figure it reads and whether a value meets it. */
const goal = (label, key, meets) => ({ label, key, meets });
export const PAGES = [
  {
    page: '/auth, first visit',
    goals: [
      goal('performance ≥ 95', 'score', (value) => value >= 95),
      goal('LCP ≤ 2.0 s', 'lcpMs', (value) => value <= 2000),
    ],
  },
  ...ROLES.map((account) => ({
    page: `${account.role} dashboard, returning`,
    account,
    goals: [
      goal('LCP ≤ 1.5 s', 'lcpMs', (value) => value <= 1500),
      goal('TBT ≤ 150 ms', 'tbtMs', (value) => value <= 150),
    ],
  })),
];

/** Starts Chromium with a fresh profile and a DevTools port; resolves { port, wsEndpoint, stop }. */
function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  // In a process group of its own, so stopping it stops its helper processes too.
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      // A profile left in the temporary folder is not worth failing the bench for.
      console.warn(`Could not remove ${profile}: ${error.message}`);
    }
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
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    // What came over the network (a file from the HTTP cache transfers 0 bytes, a revalidated one
    // its headers): shows whether a returning visit really had a warm cache.
    transferBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
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
}

async function audit(url, port, { disableStorageReset }) {
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

/** Resolves once localStorage and sessionStorage have not changed for STORAGE_QUIET_MS. */
function storageSettled(page) {
  return page.waitForFunction(
    (quietMs) => {
      const now = JSON.stringify([{ ...localStorage }, { ...sessionStorage }]);
      const seen = (globalThis.__benchStorage ??= { snapshot: now, since: Date.now() });
      if (seen.snapshot !== now) Object.assign(seen, { snapshot: now, since: Date.now() });
      return Date.now() - seen.since >= quietMs;
    },
    STORAGE_QUIET_MS,
    { polling: 250, timeout: 30_000 },
  );
}

/** The user's first visit in this profile: signs in on the phone, stays until the page settles. */
async function firstVisit(chrome, target, account) {
  const browser = await chromium.connectOverCDP(chrome.wsEndpoint);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.setViewportSize(MOBILE_SCREEN);
    await signInToDashboard(page, target.base, account);
    await page.waitForLoadState('networkidle');
    await storageSettled(page);
    const dashboardUrl = page.url();
    await page.close();
    return dashboardUrl;
  } catch (error) {
    throw new Error(`${account.role} sign-in before Lighthouse: ${error.message}`, {
      cause: error,
    });
  } finally {
    // Disconnects Playwright; the Chromium and its profile stay for Lighthouse.
    await browser.close().catch(() => {});
  }
}

/** One audit of one page of one portal, in a fresh Chromium profile. */
async function auditOnce(target, { account }) {
  let chrome;
  try {
    chrome = await launchChromium();
    if (!account)
      return await audit(`${target.base}/auth`, chrome.port, { disableStorageReset: false });
    const dashboardUrl = await firstVisit(chrome, target, account);
    const result = await audit(dashboardUrl, chrome.port, { disableStorageReset: true });
    // A lost session would measure the sign-in page under the dashboard's name.
    if (result.finalPath === '/auth') result.error ??= `${dashboardUrl} showed /auth`;
    return result;
  } catch (error) {
    return { error: error.message };
  } finally {
    await chrome?.stop();
  }
}

/** The runs of one page as one row: each figure's median, the goals it meets, the runs. */
function combine({ goals }, runs) {
  const failed = runs.find((run) => run.error);
  if (failed) return { error: failed.error, runs };
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
    transferBytes: of('transferBytes'),
    benchmarkIndex: of('benchmarkIndex'),
    lcpElement: closest.lcpElement,
    runs,
  };
  row.missed = goals.filter(({ key, meets }) => !meets(row[key])).map(({ label }) => label);
  return row;
}

/**
 * For each page of PAGES, RUNS audits of each target, alternating between them (and starting with
 * the other one every run). Returns [{ page, goals, rows: { [target.name]: row } }], a row being
 * the medians, `missed` (goal labels) and `runs`, or `error`.
 */
export async function lighthouseRows(targets) {
  const runs = PAGES.map(() => Object.fromEntries(targets.map(({ name }) => [name, []])));
  for (let run = 0; run < RUNS; run += 1) {
    const order = run % 2 ? [...targets].reverse() : targets;
    for (const [index, page] of PAGES.entries()) {
      for (const target of order) {
        const result = await auditOnce(target, page);
        runs[index][target.name].push(result);
        const figures = result.error
          ? `failed: ${result.error}`
          : `performance ${result.score}, LCP ${(result.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(result.tbtMs)} ms`;
        console.log(`Lighthouse ${run + 1}/${RUNS}, ${page.page}, ${target.name}: ${figures}`);
      }
    }
  }
  return PAGES.map((page, index) => ({
    ...page,
    rows: Object.fromEntries(targets.map(({ name }) => [name, combine(page, runs[index][name])])),
  }));
}
