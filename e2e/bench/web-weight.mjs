// `pnpm bench:web`: JS transferred (gzip, cold cache) to show /auth and to reach each role's
// dashboard, how many react-dom copies the page loads, and shared-version warnings.
// Needs built apps and a running local stack (the pnpm script starts one).
import { chromium } from '@playwright/test';
import { APPS } from '../../scripts/lib.mjs';
import { serveApp } from '../../scripts/serve-apps.mjs';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'password123';
const ROLES = [
  ['student', 'student@school.test'],
  ['teacher', 'teacher@school.test'],
  ['admin', 'admin@school.test'],
];

const servers = await Promise.all(APPS.map(serveApp));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });

async function measure(journey) {
  const context = await browser.newContext(); // a fresh context is a cold cache
  const page = await context.newPage();
  const scripts = new Map();
  const warnings = [];
  page.on('console', (message) => {
    if (/unsatisfied version|shared singleton|version-first/i.test(message.text())) warnings.push(message.text());
  });
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes().catch(() => null);
    // A later load of the same file from the cache reports less (or nothing): keep the transfer.
    if (sizes) scripts.set(request.url(), Math.max(scripts.get(request.url()) ?? 0, sizes.responseBodySize));
  });
  await journey(page);
  await page.waitForLoadState('networkidle');
  const reactDomCopies = await page.evaluate(() => {
    const copies = new Set();
    for (const instance of globalThis.__FEDERATION__?.__INSTANCES__ ?? []) {
      for (const scope of Object.values(instance.shareScopeMap ?? {})) {
        for (const [version, entry] of Object.entries(scope['react-dom'] ?? {})) {
          if (entry.loaded || entry.lib) copies.add(version);
        }
      }
    }
    return copies.size;
  });
  await context.close();
  const bytes = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  // What each app's server sent: the shell's part and what each remote adds to the page.
  const byApp = APPS.map(({ port }) =>
    [...scripts].filter(([url]) => new URL(url).port === String(port)).reduce((sum, [, size]) => sum + size, 0),
  );
  return {
    kb: (bytes / 1024).toFixed(1),
    byApp: byApp.map((appBytes) => (appBytes / 1024).toFixed(1)).join(' / '),
    files: scripts.size,
    reactDomCopies,
    warnings: warnings.length,
  };
}

const rows = [];
rows.push(['/auth (visitor)', await measure(async (page) => {
  await page.goto('http://localhost:3000/auth');
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
})]);
for (const [role, email] of ROLES) {
  rows.push([`${role} dashboard (from /auth)`, await measure(async (page) => {
    await page.goto('http://localhost:3000/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor({ timeout: 30_000 });
  })]);
}

rows.push(['student catalog (from /auth)', await measure(async (page) => {
  await page.goto('http://localhost:3000/auth');
  await page.getByLabel('Email').fill('student@school.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Course Catalog' }).click();
  await page.getByText(/\d+ courses? available/).waitFor({ timeout: 30_000 });
})]);

// Everything the admin-app can add: the admin visits each of its screens after the dashboard.
rows.push(['admin: every admin screen (from /auth)', await measure(async (page) => {
  await page.goto('http://localhost:3000/auth');
  await page.getByLabel('Email').fill('admin@school.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor({ timeout: 30_000 });
  for (const entry of ['User Management', 'Course Management', 'Teacher Management', 'Calendar View']) {
    const link = page.getByRole('navigation').getByRole('link', { name: entry });
    await link.waitFor({ timeout: 30_000 });

    await link.click();
    await page.getByRole('heading', { level: 1, name: entry === 'Calendar View' ? /Calendar/ : entry }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  }
  // System Settings has no sidebar entry: the dashboard's quick action opens it.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: /System Settings/ }).or(page.getByRole('button', { name: /System Settings/ })).first().click();
  await page.getByRole('tab', { name: 'General' }).waitFor({ timeout: 30_000 });
})]);

// Sign-in click → dashboard content (the student's courses) with 4× CPU slowdown, cold cache each run.
const timings = [];
for (let run = 0; run < 5; run += 1) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('http://localhost:3000/auth');
  await page.getByLabel('Email').fill('student@school.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Course Classroom' }).first().waitFor({ timeout: 60_000 });
  timings.push(Date.now() - started);
  await context.close();
}
timings.sort((a, b) => a - b);

console.log(`\n| journey (cold cache) | JS transferred (gzip KiB) | of which ${APPS.map((app) => app.name).join(' / ')} | script files | react-dom copies | shared-version warnings |`);
console.log('|---|---|---|---|---|---|');
for (const [name, row] of rows) console.log(`| ${name} | ${row.kb} | ${row.byApp} | ${row.files} | ${row.reactDomCopies} | ${row.warnings} |`);

console.log(`\nSign-in click → student dashboard content, 4× CPU slowdown: median ${timings[2]} ms (runs: ${timings.join(', ')} ms)`);

await browser.close();
for (const server of servers) server.close();
