// `pnpm bench:web`: what Module Federation costs the portal, against a baseline of the same screens
// built as one ordinary single-page app (single-app/):
//  1. the scripts and stylesheets each journey loads (cold cache), gzip -9 and brotli q11, federated
//     vs single, with the goal of every ratio ≤ 1.2 (stretch 1.1);
//  2. sign-in click → each role's dashboard content at 4× CPU slowdown, median of 5 cold runs;
//  3. Lighthouse (mobile) for /auth and each dashboard (BENCH_WEB_SKIP_LIGHTHOUSE=1 skips it).
// Needs `pnpm build` and a running local stack that accepts http://localhost:3100 (the pnpm script
// starts one). A journey that fails is reported in its row and at the end (exit code 1); the rest
// still runs.
import { chromium } from '@playwright/test';
import { JOURNEYS, ROLES, clearFailureScreenshots } from './journeys.mjs';
import { GOALS, RUNS as LIGHTHOUSE_RUNS, lighthouseRows } from './lighthouse.mjs';
import { buildSingleApp } from './single-build.mjs';
import { measureJourney } from './sizes.mjs';
import { assertBuilt, assertStackAcceptsSingleApp, serveTargets, staleBuilds } from './targets.mjs';
import { RUNS, signInTimings } from './timings.mjs';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RATIO_GOAL = 1.2;
const RATIO_STRETCH = 1.1;
const FAILED = 'failed';

const kib = (bytes) => (bytes / 1024).toFixed(1);
// Rounded as printed, so a ratio shown as 1.20 is not reported above 1.2.
const ratio = (federated, single) => Math.round((federated / single) * 100) / 100;
const table = (header, rows) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

const failures = [];
/** The result, or null after noting the failure (printed at the end). */
async function attempt(work) {
  try {
    return await work();
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    return null;
  }
}

async function weightTable(browser, federated, single) {
  // Sizes do not depend on timing, so both portals' journeys run side by side.
  const rows = [];
  for (const journey of JOURNEYS) {
    const [fed, one] = await Promise.all(
      [federated, single].map((target) => attempt(() => measureJourney(browser, target, journey))),
    );
    const both = fed && one;
    rows.push({
      name: journey[0],
      fed,
      one,
      gzipRatio: both ? ratio(fed.gzip, one.gzip) : null,
      brotliRatio: both ? ratio(fed.brotli, one.brotli) : null,
    });
  }
  const cell = (side, value) => (side ? value(side) : FAILED);
  const both = (fed, one, value) => `${cell(fed, value)} / ${cell(one, value)}`;
  console.log(
    '\nScripts + stylesheets loaded per journey (cold cache), federated (3000–3003) vs single app (3100):\n',
  );
  console.log(
    table(
      [
        'journey',
        'fed gzip KiB',
        'single gzip KiB',
        'ratio',
        'fed brotli KiB',
        'single brotli KiB',
        'ratio',
        'JS files fed / single',
        'CSS gzip KiB fed / single',
        'react-dom copies fed / single',
        'shared-version warnings fed / single',
      ],
      rows.map(({ name, fed, one, gzipRatio, brotliRatio }) => [
        name,
        cell(fed, (side) => kib(side.gzip)),
        cell(one, (side) => kib(side.gzip)),
        gzipRatio?.toFixed(2) ?? '–',
        cell(fed, (side) => kib(side.brotli)),
        cell(one, (side) => kib(side.brotli)),
        brotliRatio?.toFixed(2) ?? '–',
        both(fed, one, (side) => side.jsFiles),
        both(fed, one, (side) => kib(side.cssGzip)),
        both(fed, one, (side) => side.reactDomCopies),
        both(fed, one, (side) => side.warnings),
      ]),
    ),
  );

  const above = (limit) =>
    rows.filter((row) => row.gzipRatio > limit || row.brotliRatio > limit).map((row) => row.name);
  const overGoal = above(RATIO_GOAL);
  const overStretch = above(RATIO_STRETCH);
  const unmeasured = rows.filter((row) => row.gzipRatio === null).map((row) => row.name);
  const verdict = overGoal.length || unmeasured.length ? 'NOT MET' : 'met';
  console.log(
    [
      `\nGoal: every ratio ≤ ${RATIO_GOAL} (stretch ≤ ${RATIO_STRETCH}): ${verdict}.`,
      overGoal.length ? ` Above ${RATIO_GOAL}: ${overGoal.join('; ')}.` : '',
      overStretch.length ? ` Above ${RATIO_STRETCH}: ${overStretch.join('; ')}.` : ' Stretch met.',
      unmeasured.length ? ` Not measured (failed): ${unmeasured.join('; ')}.` : '',
    ].join(''),
  );
}

async function timingTable(browser, federated, single) {
  const rows = [];
  for (const account of ROLES) {
    const result = await signInTimings(browser, [federated, single], account);
    for (const { error } of Object.values(result)) if (error) failures.push(error);
    const fed = result.federated;
    const one = result.single;
    rows.push([
      account.role,
      fed.median ?? FAILED,
      one.median ?? FAILED,
      fed.median && one.median ? (fed.median / one.median).toFixed(2) : '–',
      fed.error ? FAILED : fed.runs.join(', '),
      one.error ? FAILED : one.runs.join(', '),
    ]);
  }
  console.log(
    `\nSign-in click → dashboard content, 4× CPU slowdown, median of ${RUNS} cold runs (ms):\n`,
  );
  console.log(
    table(['role', 'federated', 'single', 'ratio', 'federated runs', 'single runs'], rows),
  );
}

async function lighthouseTable(federated, single) {
  const rows = [];
  for (const target of [federated, single]) {
    for (const row of await lighthouseRows(target)) {
      if (row.error) failures.push(`Lighthouse, ${target.name} ${row.page}: ${row.error}`);
      rows.push({ target: target.name, ...row });
    }
  }
  const number = (value, format) => (Number.isFinite(value) ? format(value) : '–');
  console.log(
    `\nLighthouse (mobile preset, simulated throttling), median of ${LIGHTHOUSE_RUNS} run(s) per page, goals: performance ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms:\n`,
  );
  console.log(
    table(
      [
        'page',
        'portal',
        'performance',
        'LCP s',
        'TBT ms',
        'FCP s',
        'CLS',
        'goals',
        'host CPU index',
        'LCP element',
        'runs (performance / LCP s / TBT ms)',
      ],
      rows.map((row) => [
        row.page,
        row.target,
        number(row.score, String),
        number(row.lcpMs, (ms) => (ms / 1000).toFixed(2)),
        number(row.tbtMs, Math.round),
        number(row.fcpMs, (ms) => (ms / 1000).toFixed(2)),
        number(row.cls, (cls) => cls.toFixed(3)),
        row.error ? FAILED : row.pass ? 'pass' : 'fail',
        number(row.benchmarkIndex, Math.round),
        (row.lcpElement ?? '–').replace(/[|\s]+/g, ' ').slice(0, 40),
        (row.runs ?? [])
          .map((run) =>
            run.error
              ? FAILED
              : `${run.score} / ${(run.lcpMs / 1000).toFixed(2)} / ${Math.round(run.tbtMs)}`,
          )
          .join('; '),
      ]),
    ),
  );
}

assertBuilt();
clearFailureScreenshots();
const stale = staleBuilds();
if (stale.length) {
  console.warn(
    `Warning: sources changed since the last \`pnpm build\` of ${stale.join(', ')}; the single app is built from the current sources.`,
  );
}
await assertStackAcceptsSingleApp();
const singleDist = await buildSingleApp();
const targets = await serveTargets(singleDist);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ARGS,
});
try {
  await weightTable(browser, targets.federated, targets.single);
  await timingTable(browser, targets.federated, targets.single);
  if (process.env.BENCH_WEB_SKIP_LIGHTHOUSE === '1')
    console.log('\nLighthouse skipped (BENCH_WEB_SKIP_LIGHTHOUSE=1).');
  else await lighthouseTable(targets.federated, targets.single);
} finally {
  await browser.close();
  await targets.close();
}
if (failures.length) {
  console.error(
    `\n${failures.length} failure(s):\n${failures.map((message) => `- ${message}`).join('\n')}`,
  );
  process.exitCode = 1;
}
