// `pnpm bench:web`: what users get from the portal, the old build and the new one side by side in one
// run.
//  - new: this checkout's `pnpm build` (warns when sources changed since);
//  - old: a baseline commit (default a9887a2, main before issue 28; `--baseline=<ref>` or
//    BENCH_BASELINE_REF), built in a git worktree of its own (baseline.mjs), reused once built;
//  - single: the same screens as the new portal built as one ordinary app (single-app/), the
//    reference Module Federation's cost is measured against.
// It prints:
//  1. the scripts and stylesheets each journey loads (cold cache), gzip -9 and brotli q11, each
//     portal ÷ the single app, with the goal of every new ratio ≤ 1.25;
//  2. sign-in click → each role's dashboard content at 4× CPU slowdown, old vs new, median of 3;
//  3. Lighthouse (mobile): a first visit of /auth and a returning visit to each role's dashboard,
//     old vs new, with the goals (lighthouse.mjs; BENCH_WEB_SKIP_LIGHTHOUSE=1 skips it).
// Needs `pnpm build` and a running local stack that accepts the bench's extra origins (the pnpm
// script starts one). A journey that fails is reported in its row and at the end (exit code 1); the
// rest still runs.
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { DEFAULT_BASELINE_REF, prepareBaseline } from './baseline.mjs';
import { JOURNEYS, ROLES, clearFailureScreenshots } from './journeys.mjs';
import { RUNS as LIGHTHOUSE_RUNS, lighthouseRows } from './lighthouse.mjs';
import { buildSingleApp } from './single-build.mjs';
import { measureJourney } from './sizes.mjs';
import { assertBuilt, assertStackAcceptsOrigins, serveTargets, staleBuilds } from './targets.mjs';
import { RUNS, signInTimings } from './timings.mjs';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RATIO_GOAL = 1.25;
const FAILED = 'failed';

const kib = (bytes) => (bytes / 1024).toFixed(1);
// Rounded as printed, so a ratio shown as 1.25 is not reported above 1.25.
const ratio = (portal, single) => Math.round((portal / single) * 100) / 100;
const number = (value, format) => (Number.isFinite(value) ? format(value) : '–');
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

async function weightTable(browser, { old, new: next, single }) {
  // Sizes do not depend on timing, so the three portals' journeys run side by side.
  const rows = [];
  for (const journey of JOURNEYS) {
    const [o, n, s] = await Promise.all(
      [old, next, single].map((target) => attempt(() => measureJourney(browser, target, journey))),
    );
    const ratios = (side) =>
      side && s ? { gzip: ratio(side.gzip, s.gzip), brotli: ratio(side.brotli, s.brotli) } : null;
    rows.push({
      name: journey[0],
      old: o,
      new: n,
      single: s,
      ratios: { old: ratios(o), new: ratios(n) },
    });
  }
  const cell = (side, value) => (side ? value(side) : FAILED);
  const all = (row, value) =>
    ['old', 'new', 'single'].map((key) => cell(row[key], value)).join(' / ');
  const ratioCell = (row, key, coding) => row.ratios[key]?.[coding].toFixed(2) ?? '–';
  console.log('\nScripts + stylesheets loaded per journey (cold cache), old / new / single app:\n');
  console.log(
    table(
      [
        'journey',
        'gzip KiB old / new / single',
        'new ÷ single',
        'old ÷ single',
        'brotli KiB old / new / single',
        'new ÷ single',
        'old ÷ single',
        'JS files old / new / single',
        'CSS gzip KiB old / new / single',
        'react-dom copies old / new / single',
        'shared-version warnings old / new / single',
      ],
      rows.map((row) => [
        row.name,
        all(row, (side) => kib(side.gzip)),
        ratioCell(row, 'new', 'gzip'),
        ratioCell(row, 'old', 'gzip'),
        all(row, (side) => kib(side.brotli)),
        ratioCell(row, 'new', 'brotli'),
        ratioCell(row, 'old', 'brotli'),
        all(row, (side) => side.jsFiles),
        all(row, (side) => kib(side.cssGzip)),
        all(row, (side) => side.reactDomCopies),
        all(row, (side) => side.warnings),
      ]),
    ),
  );

  for (const key of ['new', 'old']) {
    const above = rows
      .filter(
        ({ ratios }) => ratios[key] && Math.max(ratios[key].gzip, ratios[key].brotli) > RATIO_GOAL,
      )
      .map(({ name }) => name);
    const unmeasured = rows.filter(({ ratios }) => !ratios[key]).map(({ name }) => name);
    const worst = Math.max(
      ...rows
        .filter(({ ratios }) => ratios[key])
        .map(({ ratios }) => Math.max(ratios[key].gzip, ratios[key].brotli)),
    );
    console.log(
      [
        `${key === 'new' ? '\n' : ''}Goal, every cold journey ≤ ${RATIO_GOAL}× the single app, ${key}: `,
        above.length || unmeasured.length ? 'MISSED' : 'met',
        ` (highest ratio ${number(worst, (value) => value.toFixed(2))})`,
        above.length ? `; above: ${above.join('; ')}` : '',
        unmeasured.length ? `; not measured (failed): ${unmeasured.join('; ')}` : '',
        '.',
      ].join(''),
    );
  }
}

async function timingTable(browser, { old, new: next }) {
  const rows = [];
  for (const account of ROLES) {
    const result = await signInTimings(browser, [old, next], account);
    for (const { error } of Object.values(result)) if (error) failures.push(error);
    const o = result.old;
    const n = result.new;
    rows.push([
      account.role,
      o.median ?? FAILED,
      n.median ?? FAILED,
      o.median && n.median ? (n.median / o.median).toFixed(2) : '–',
      o.error ? FAILED : o.runs.join(', '),
      n.error ? FAILED : n.runs.join(', '),
    ]);
  }
  console.log(
    `\nSign-in click → dashboard content (first sign-in, cold cache), 4× CPU slowdown, median of ${RUNS} runs (ms):\n`,
  );
  console.log(table(['role', 'old', 'new', 'new ÷ old', 'old runs', 'new runs'], rows));
}

async function lighthouseTable({ old, new: next }) {
  const pages = await lighthouseRows([old, next]);
  const rows = [];
  const verdicts = [];
  for (const { page, goals, rows: byTarget } of pages) {
    for (const [name, row] of Object.entries(byTarget)) {
      if (row.error) failures.push(`Lighthouse, ${name} ${page}: ${row.error}`);
      const mark = row.error
        ? FAILED
        : row.missed.length
          ? `MISSED ${row.missed.join(', ')}`
          : 'met';
      rows.push([
        page,
        name,
        number(row.score, String),
        number(row.lcpMs, (ms) => (ms / 1000).toFixed(2)),
        number(row.tbtMs, Math.round),
        number(row.fcpMs, (ms) => (ms / 1000).toFixed(2)),
        number(row.cls, (cls) => cls.toFixed(3)),
        mark,
        number(row.transferBytes, kib),
        number(row.benchmarkIndex, Math.round),
        (row.lcpElement ?? '–').replace(/[|\s]+/g, ' ').slice(0, 40),
        row.runs
          .map((run) =>
            run.error
              ? FAILED
              : `${run.score} / ${(run.lcpMs / 1000).toFixed(2)} / ${Math.round(run.tbtMs)}`,
          )
          .join('; '),
      ]);
      const each = goals.map(
        ({ label }) => `${label} ${row.missed?.includes(label) ? 'MISSED' : 'met'}`,
      );
      verdicts.push(`${page}, ${name}: ${row.error ? FAILED : each.join(', ')}`);
    }
  }
  console.log(
    `\nLighthouse (mobile preset, simulated throttling), median of ${LIGHTHOUSE_RUNS} run(s) per page and portal, old and new runs interleaved:\n`,
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
        'transferred KiB',
        'host CPU index',
        'LCP element',
        'runs (performance / LCP s / TBT ms)',
      ],
      rows,
    ),
  );
  console.log(`\nGoals (on the medians):\n${verdicts.map((line) => `- ${line}`).join('\n')}`);
}

const { values: options } = parseArgs({ options: { baseline: { type: 'string' } } });
const baselineRef = options.baseline ?? process.env.BENCH_BASELINE_REF ?? DEFAULT_BASELINE_REF;

assertBuilt();
clearFailureScreenshots();
const stale = staleBuilds();
if (stale.length) {
  console.warn(
    `Warning: sources changed since the last \`pnpm build\` of ${stale.join(', ')}; the single app is built from the current sources.`,
  );
}
await assertStackAcceptsOrigins();
const baseline = await prepareBaseline(baselineRef);
const singleDist = await buildSingleApp();
const targets = await serveTargets({ oldRoot: baseline.root, singleDist });
console.log(
  `\nold = ${baseline.ref} (${baseline.commit.slice(0, 7)}) on ${targets.old.base}; new = this checkout's build on ${targets.new.base}; single app on ${targets.single.base}`,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ARGS,
});
try {
  await weightTable(browser, targets);
  await timingTable(browser, targets);
  if (process.env.BENCH_WEB_SKIP_LIGHTHOUSE === '1')
    console.log('\nLighthouse skipped (BENCH_WEB_SKIP_LIGHTHOUSE=1).');
  else await lighthouseTable(targets);
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
